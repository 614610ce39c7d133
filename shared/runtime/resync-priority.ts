/**
 * Where a resync queues an object. One whose status does not yet account for its spec (no status
 * at all, or an observedGeneration behind its generation) is what a lost event would have been
 * about: it is queued as an event is, ahead of dependents and of the objects that are merely
 * checked. A function that starts cold (scaled to zero while a service was created) used to give
 * the new service its first status only after re-checking every settled one.
 */
import type { KubeObject } from '../kube/types.ts';
import type { Priority } from './fair-pending.ts';

export function resyncPriority(object: KubeObject): Priority {
  const status = object.status as { observedGeneration?: unknown } | undefined;
  if (status === undefined || Object.keys(status).length === 0) return 'event';
  const generation = object.metadata.generation;
  return generation !== undefined && status.observedGeneration !== generation ? 'event' : 'resync';
}
