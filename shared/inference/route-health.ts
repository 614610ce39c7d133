/**
 * The `HTTPRoute` component (spec §10.8), from the parents' conditions the gateway writes.
 * Conditions computed for an older generation of the route are not trusted (knative-kserve.md §5).
 *
 * A route the gateway does not accept fails the service, but — unlike upstream, which makes it an
 * InvalidSpec error and so stops applying anything — the route keeps being applied: a corrected
 * `gatewayRef` in the service must be able to reach it.
 */
import { SERVICE_COMPONENTS, SERVICE_REASONS } from '../constants/service-conditions.ts';
import type { KubeObject } from '../kube/types.ts';
import { ERROR_CATEGORIES, StateError } from '../reconcile/categorize.ts';
import {
  type ComponentHealth,
  componentHealthBuilder,
  DEPENDENCY_TYPES,
  type FetchResult,
} from '../reconcile/health.ts';
import { conditionsIn, type ObservedCondition } from './kube-conditions.ts';

const COMPONENT = SERVICE_COMPONENTS.httpRoute;
const health = componentHealthBuilder(COMPONENT, DEPENDENCY_TYPES.downstream);

interface ParentConditions {
  parent: string;
  conditions: ObservedCondition[];
}

function parentName(parentRef: unknown): string {
  const ref = (parentRef ?? {}) as { name?: unknown; namespace?: unknown };
  const name = typeof ref.name === 'string' ? ref.name : '?';
  return typeof ref.namespace === 'string' ? `${ref.namespace}/${name}` : name;
}

/** Each parent's conditions that describe the route's current generation. */
function currentParents(route: KubeObject): ParentConditions[] {
  const parents: unknown = route.status?.parents;
  if (!Array.isArray(parents)) return [];
  const generation = route.metadata.generation;
  return parents.map((entry) => ({
    parent: parentName(entry?.parentRef),
    conditions: conditionsIn(entry).filter(
      (condition) =>
        generation === undefined ||
        condition.observedGeneration === undefined ||
        condition.observedGeneration >= generation,
    ),
  }));
}

function find(parents: readonly ParentConditions[], type: string, status: string) {
  for (const { parent, conditions } of parents) {
    const condition = conditions.find((entry) => entry.type === type && entry.status === status);
    if (condition !== undefined) return { parent, condition };
  }
  return undefined;
}

export function httpRouteHealth(route: FetchResult<KubeObject | undefined>): ComponentHealth {
  if (!route.ok) return health({ reason: SERVICE_REASONS.httpRouteFetchError, errors: [route.error] });
  if (route.value === undefined) {
    return health({
      state: 'Progressing',
      reason: SERVICE_REASONS.httpRouteCreating,
      message: 'Creating the HTTPRoute',
    });
  }
  const parents = currentParents(route.value);
  const rejected = find(parents, 'Accepted', 'False');
  if (rejected !== undefined) {
    return health({
      state: 'Failed',
      reason: rejected.condition.reason || 'NotAccepted',
      message: `Gateway ${rejected.parent} did not accept the route${rejected.condition.message ? `: ${rejected.condition.message}` : ''}`,
    });
  }
  const unresolved = find(parents, 'ResolvedRefs', 'False');
  if (unresolved !== undefined) {
    const reason = unresolved.condition.reason || 'ResolvedRefs';
    const message = `Gateway ${unresolved.parent} cannot resolve the route's backend${unresolved.condition.message ? `: ${unresolved.condition.message}` : ''}`;
    return health({
      reason,
      message,
      errors: [new StateError(ERROR_CATEGORIES.missingDownstreamDependency, reason, message)],
    });
  }
  const accepted = find(parents, 'Accepted', 'True');
  if (accepted !== undefined) {
    return health({
      state: 'Ready',
      reason: SERVICE_REASONS.httpRouteAccepted,
      message: `HTTPRoute accepted by gateway ${accepted.parent}`,
    });
  }
  return health({
    state: 'Progressing',
    reason: SERVICE_REASONS.httpRoutePending,
    message: 'Waiting for the gateway to accept the HTTPRoute',
  });
}
