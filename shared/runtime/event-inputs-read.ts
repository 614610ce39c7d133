/**
 * The `eventInputs` a finished reconcile accounted for (reconcile-memory.ts keeps them): what of
 * its own object the reconciler reads, as JSON, so that an event whose object holds the same
 * inputs can be skipped.
 */
import type { ObjectCache } from '../cache/object-cache.ts';
import type { KubeObject } from '../kube/types.ts';
import type { AnyKindReconciler, ReconcileOutcome, ReconcileRequest } from '../reconcile/pipeline.ts';

export function eventInputsOf(
  reconciler: AnyKindReconciler | undefined,
  object: KubeObject,
): string | undefined {
  const inputsOf = reconciler?.eventInputs;
  return inputsOf === undefined ? undefined : JSON.stringify(inputsOf(object));
}

/**
 * The inputs of the copy the reconcile accounted for: the cache's copy when it is that version
 * (inputs leave out the writer's own status fields, so its own write changes nothing); undefined
 * when unknown, and then no event is skipped for its inputs.
 */
export async function inputsAccountedFor(
  reconciler: AnyKindReconciler,
  cache: ObjectCache | undefined,
  request: ReconcileRequest,
  outcome: ReconcileOutcome,
): Promise<string | undefined> {
  if (reconciler.eventInputs === undefined || cache === undefined || outcome.resourceVersion === undefined)
    return undefined;
  if (cache.resourceVersionOf(request) !== outcome.resourceVersion) return undefined;
  const object = await cache.getOptional(request);
  return object === undefined ? undefined : eventInputsOf(reconciler, object);
}
