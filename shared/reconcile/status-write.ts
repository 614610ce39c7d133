/**
 * Which part of `status` a writer owns, and writing exactly that part. A kind with one writer owns
 * its whole status; on a multi-writer kind (AIMService) a writer owns only its condition types, the
 * `status.componentHealth` entries of the components behind them and its named status fields,
 * plus — for the one summary writer — status.status, observedGeneration and the summary conditions
 * (architecture.md, "Functions and what they own").
 */
import { CONDITION_TYPES, componentConditionType } from '../constants/conditions.ts';
import { isKubeError } from '../kube/errors.ts';
import { objectKey } from '../kube/objects.ts';
import type { KubeClient, KubeObject, ObjectKey } from '../kube/types.ts';
import { type ComponentHealthStatus, componentHealthOf } from './component-health-status.ts';
import type { Condition } from './conditions.ts';
import { jsonEqual } from './json-equal.ts';

/** single: the only writer; summary: owns the summary of a multi-writer kind; component: owns some conditions only. */
export type WriterMode = 'single' | 'summary' | 'component';

export const SUMMARY_CONDITION_TYPES: readonly string[] = [
  CONDITION_TYPES.ready,
  CONDITION_TYPES.configValid,
  CONDITION_TYPES.authValid,
  CONDITION_TYPES.dependenciesReachable,
];

/** Status keys every kind shares and the pipeline computes itself. */
const FRAMEWORK_FIELDS = ['conditions', 'componentHealth', 'status', 'observedGeneration'];

export interface StatusOwnership {
  mode: WriterMode;
  /** Multi-writer kinds: the non-summary condition types this writer owns (undefined: all of them). */
  conditionTypes?: readonly string[] | undefined;
  /** Multi-writer kinds: the domain status fields this writer owns. */
  statusFields?: readonly string[] | undefined;
}

export function ownsCondition(ownership: StatusOwnership, type: string): boolean {
  if (ownership.mode === 'single') return true;
  if (SUMMARY_CONDITION_TYPES.includes(type)) return ownership.mode === 'summary';
  return ownership.conditionTypes === undefined || ownership.conditionTypes.includes(type);
}

/** Multi-writer kinds: a writer owns the componentHealth entry of each component whose condition it owns. */
export function ownsComponent(ownership: StatusOwnership, component: string): boolean {
  return ownership.mode !== 'single' && ownsCondition(ownership, componentConditionType(component));
}

export function conditionsOf(status: Record<string, unknown>): Condition[] {
  return Array.isArray(status.conditions) ? (status.conditions as Condition[]) : [];
}

/** A deep copy of the status without the framework fields: what `decorate` starts from. */
export function domainFieldsOf(status: Record<string, unknown>): Record<string, unknown> {
  const copy = structuredClone(status);
  for (const field of FRAMEWORK_FIELDS) delete copy[field];
  return copy;
}

export interface StatusParts {
  domain: Record<string, unknown>;
  conditions: readonly Condition[];
  /** Multi-writer kinds: the entries of this writer's components (single writers write none). */
  componentHealth?: readonly ComponentHealthStatus[] | undefined;
  /** status.status; written only by single and summary writers. */
  status?: string;
  observedGeneration?: number | undefined;
}

/** The status this writer applies: only the fields it owns. */
export function desiredStatus(ownership: StatusOwnership, parts: StatusParts): Record<string, unknown> {
  const conditions = parts.conditions.filter((condition) => ownsCondition(ownership, condition.type));
  const result: Record<string, unknown> = {};
  if (ownership.mode === 'single') Object.assign(result, structuredClone(parts.domain));
  else {
    for (const field of ownership.statusFields ?? []) {
      if (parts.domain[field] !== undefined) result[field] = structuredClone(parts.domain[field]);
    }
  }
  result.conditions = conditions;
  const components = (parts.componentHealth ?? []).filter((entry) =>
    ownsComponent(ownership, entry.component),
  );
  // An empty list is left out rather than applied: either way the writer then owns no entry.
  if (components.length > 0) result.componentHealth = structuredClone(components);
  if (ownership.mode !== 'component') {
    if (parts.status !== undefined) result.status = parts.status;
    if (parts.observedGeneration !== undefined) result.observedGeneration = parts.observedGeneration;
  }
  return result;
}

/**
 * Whether applying `desired` entries of a map list changes `current`: an entry differs, or an entry
 * this writer owns is no longer desired (server-side apply removes it).
 */
function listMapChanged<T>(
  current: readonly T[],
  desired: readonly T[],
  keyOf: (entry: T) => unknown,
  owned: (entry: T) => boolean,
): boolean {
  for (const entry of desired) {
    const existing = current.find((candidate) => keyOf(candidate) === keyOf(entry));
    if (!jsonEqual(existing, entry)) return true;
  }
  return current.some(
    (entry) => owned(entry) && !desired.some((candidate) => keyOf(candidate) === keyOf(entry)),
  );
}

/**
 * Whether applying `desired` would change the stored status. Only owned fields count; a field this
 * writer owns but no longer sets is a change (server-side apply removes it).
 */
export function statusChanged(
  ownership: StatusOwnership,
  current: Record<string, unknown>,
  desired: Record<string, unknown>,
): boolean {
  const keys = new Set(Object.keys(desired));
  if (ownership.mode === 'single') for (const key of Object.keys(current)) keys.add(key);
  else for (const field of ownership.statusFields ?? []) keys.add(field);
  keys.delete('conditions');
  if (ownership.mode !== 'single') keys.delete('componentHealth');
  for (const key of keys) if (!jsonEqual(current[key], desired[key])) return true;
  // Owned conditions never disappear on a multi-writer kind (they start from the stored ones).
  const single = ownership.mode === 'single';
  if (
    listMapChanged(
      conditionsOf(current),
      conditionsOf(desired),
      (condition) => condition.type,
      () => single,
    )
  )
    return true;
  return (
    !single &&
    listMapChanged(
      componentHealthOf(current),
      componentHealthOf(desired),
      (entry) => entry.component,
      (entry) => ownsComponent(ownership, entry.component),
    )
  );
}

/** Fields this writer owns that the stored status has and `desired` no longer sets. */
export function droppedStatusFields(
  ownership: StatusOwnership,
  current: Record<string, unknown>,
  desired: Record<string, unknown>,
): string[] {
  const owned = ownership.mode === 'single' ? Object.keys(current) : [...(ownership.statusFields ?? [])];
  return owned.filter(
    (field) =>
      field !== 'conditions' &&
      field !== 'componentHealth' &&
      current[field] !== undefined &&
      desired[field] === undefined,
  );
}

/**
 * Server-side applies `status` to the status subresource, carrying the resourceVersion that was
 * read so a concurrent write makes this one fail with 409 instead of silently losing it.
 *
 * `dropped`: fields the apply leaves out to remove them. When another manager owns one of them
 * whole (the Go operator's status Update owns `routing: {}` as one value), server-side apply leaves
 * `null` behind and the schema refuses the write (422), for good. Then a merge patch, which removes
 * a field whatever its owners, goes first, on the same resourceVersion, and the apply follows.
 */
export async function applyStatus(
  client: KubeClient,
  object: KubeObject,
  status: Record<string, unknown>,
  fieldManager: string,
  dropped: readonly string[] = [],
): Promise<KubeObject> {
  const metadata: KubeObject['metadata'] = { name: object.metadata.name };
  if (object.metadata.namespace) metadata.namespace = object.metadata.namespace;
  if (object.metadata.resourceVersion) metadata.resourceVersion = object.metadata.resourceVersion;
  const apply = (resourceVersion: string | undefined) =>
    client.applyStatus(
      {
        apiVersion: object.apiVersion,
        kind: object.kind,
        metadata: { ...metadata, ...(resourceVersion ? { resourceVersion } : {}) },
        status,
      },
      { fieldManager, force: true },
    );
  try {
    return await apply(metadata.resourceVersion);
  } catch (err) {
    if (dropped.length === 0 || !isKubeError(err) || err.reason !== 'Invalid') throw err;
    const statusKey = { ...objectKey(object), subresource: 'status' } as ObjectKey;
    const patched = await client.mergePatch(
      statusKey,
      {
        ...(metadata.resourceVersion ? { metadata: { resourceVersion: metadata.resourceVersion } } : {}),
        status: Object.fromEntries(dropped.map((field) => [field, null])),
      },
      { fieldManager },
    );
    return await apply(metadata.resourceVersion ? patched.metadata.resourceVersion : undefined);
  }
}
