/**
 * Whether an object's status does not yet answer its spec (no status at all, or an
 * observedGeneration behind its generation): what a user who just applied it is waiting for.
 * Such an object is queued ahead of everything else (fair-pending.ts), by its own event and by a
 * resync alike — for a resync it is what a lost event would have been about. In a burst of 1,000
 * new objects their first statuses used to queue behind re-reconciles of objects that already
 * had one; a function that starts cold (scaled to zero while a service was created) gave the new
 * service its first status only after re-checking every settled one.
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
export function statusBehind(object: KubeObject, ownedConditionTypes?: readonly string[]): boolean {
  const status = object.status as { observedGeneration?: unknown } | undefined;
  if (status === undefined || Object.keys(status).length === 0) return true;
  const generation = object.metadata.generation;
  if (generation !== undefined && status.observedGeneration !== generation) return true;
  if (ownedConditionTypes !== undefined && ownedConditionTypes.length > 0)
    return ownedConditionsBehind(object, ownedConditionTypes);
  return false;
}

/** Where a resync queues an object: ahead of all when its status is behind, else in the background. */
export function resyncPriority(object: KubeObject, ownedConditionTypes?: readonly string[]): Priority {
  return statusBehind(object, ownedConditionTypes) ? 'unanswered' : 'resync';
}

/** Where an object's own event queues it: ahead of all when its status is behind. */
export function eventPriority(
  object: KubeObject | undefined,
  ownedConditionTypes?: readonly string[],
): Priority {
  return object !== undefined && statusBehind(object, ownedConditionTypes) ? 'unanswered' : 'event';
}
