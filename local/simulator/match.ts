import type { KubeObject } from '../../shared/kube/types.ts';
import { globMatches } from './glob.ts';
import { literalEnv } from './pod-env.ts';
import type { PodMatch, PodRule } from './rules.ts';

/** The part of an object that namespace/name/label matches look at. */
export interface ObjectIdentity {
  namespace?: string | undefined;
  name: string;
  labels?: Record<string, string> | undefined;
}

export interface ObjectMatchFields {
  namespace?: string | undefined;
  name?: string | undefined;
  labels?: Record<string, string> | undefined;
}

export function identityOf(object: KubeObject): ObjectIdentity {
  return { namespace: object.metadata.namespace, name: object.metadata.name, labels: object.metadata.labels };
}

/** Every given field must match; an empty match matches everything. */
export function objectMatches(match: ObjectMatchFields, object: ObjectIdentity): boolean {
  if (match.namespace !== undefined && !globMatches(match.namespace, object.namespace ?? '')) return false;
  if (match.name !== undefined && !globMatches(match.name, object.name)) return false;
  for (const [key, glob] of Object.entries(match.labels ?? {})) {
    const value = object.labels?.[key];
    if (value === undefined || !globMatches(glob, value)) return false;
  }
  return true;
}

export interface ContainerView {
  name: string;
  image: string;
  args: string[];
  /** Literal values only: a `valueFrom` variable has no value the simulator could match. */
  env: Record<string, string>;
}

/** Regular containers of a pod spec (init containers are not matched on). */
export function containersOf(pod: KubeObject): ContainerView[] {
  const containers: unknown = pod.spec?.containers;
  if (!Array.isArray(containers)) return [];
  return containers.map((c: { name?: unknown; image?: unknown; args?: unknown }) => ({
    name: typeof c.name === 'string' ? c.name : '',
    image: typeof c.image === 'string' ? c.image : '',
    args: Array.isArray(c.args) ? c.args.map(String) : [],
    env: literalEnv(c),
  }));
}

function envMatches(globs: Record<string, string>, env: Record<string, string>): boolean {
  return Object.entries(globs).every(([name, glob]) => {
    const value = env[name];
    return value !== undefined && globMatches(glob, value);
  });
}

/** Containers a pod-level match selects: those matching the container/image/args/env globs. */
export function matchedContainers(match: PodMatch, pod: KubeObject): ContainerView[] {
  return containersOf(pod).filter(
    (c) =>
      (match.container === undefined || globMatches(match.container, c.name)) &&
      (match.image === undefined || globMatches(match.image, c.image)) &&
      (match.args === undefined || globMatches(match.args, c.args.join(' '))) &&
      (match.env === undefined || envMatches(match.env, c.env)),
  );
}

export function podMatches(match: PodMatch, pod: KubeObject): boolean {
  if (!objectMatches(match, identityOf(pod))) return false;
  const containerLevel =
    match.container !== undefined ||
    match.image !== undefined ||
    match.args !== undefined ||
    match.env !== undefined;
  return !containerLevel || matchedContainers(match, pod).length > 0;
}

/** First rule whose match selects the object (rules are evaluated top-down). */
export function firstMatching<R extends { match: ObjectMatchFields }>(
  rules: readonly R[],
  object: ObjectIdentity,
): R | undefined {
  return rules.find((rule) => objectMatches(rule.match, object));
}

export function firstMatchingPodRule(rules: readonly PodRule[], pod: KubeObject): PodRule | undefined {
  return rules.find((rule) => podMatches(rule.match, pod));
}
