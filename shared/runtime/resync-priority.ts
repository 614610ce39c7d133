/**
 * Where a resync queues an object. One whose status does not yet account for its spec (no status
 * at all, or an observedGeneration behind its generation) is what a lost event would have been
 * about: it is queued as an event is, ahead of dependents and of the objects that are merely
 * checked. A function that starts cold (scaled to zero while a service was created) used to give
 * the new service its first status only after re-checking every settled one.
 *
 * On a kind several functions write (AIMService), another writer's status says nothing about this
 * one: a service isvc-render already gave its summary (observedGeneration current) but whose
 * ModelReady/TemplateReady service-resolve never wrote is still new to service-resolve.
 */
import type { KubeObject } from '../kube/types.ts';
import { conditionsOf } from '../reconcile/status-write.ts';
import type { Priority } from './fair-pending.ts';

/** Whether none of `owned` is on the object, or one of them is about an older generation. */
function ownedConditionsBehind(object: KubeObject, owned: readonly string[]): boolean {
  const status = (object.status ?? {}) as Record<string, unknown>;
  const mine = conditionsOf(status).filter((condition) => owned.includes(condition.type));
  if (mine.length === 0) return true;
  const generation = object.metadata.generation;
  return (
    generation !== undefined &&
    mine.some(
      (condition) =>
        typeof condition.observedGeneration === 'number' && condition.observedGeneration < generation,
    )
  );
}

/** `ownedConditionTypes`: a component writer's own conditions on a multi-writer kind, if any. */
export function resyncPriority(object: KubeObject, ownedConditionTypes?: readonly string[]): Priority {
  const status = object.status as { observedGeneration?: unknown } | undefined;
  if (status === undefined || Object.keys(status).length === 0) return 'event';
  const generation = object.metadata.generation;
  if (generation !== undefined && status.observedGeneration !== generation) return 'event';
  if (ownedConditionTypes !== undefined && ownedConditionTypes.length > 0)
    return ownedConditionsBehind(object, ownedConditionTypes) ? 'event' : 'resync';
  return 'resync';
}
