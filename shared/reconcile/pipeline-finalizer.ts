/**
 * A reconciler's finalizer: added (merge patch with the resourceVersion read, so a concurrent
 * change is a 409) before anything is created, run and released when the object is deleted.
 */
import { objectKey } from '../kube/objects.ts';
import type { KubeObject } from '../kube/types.ts';
import type { AnyKindReconciler, ReconcileContext } from './reconciler.ts';

function patchFinalizers(
  ctx: ReconcileContext,
  object: KubeObject,
  finalizers: string[],
): Promise<KubeObject> {
  return ctx.client.mergePatch(
    objectKey(object),
    { metadata: { finalizers, resourceVersion: object.metadata.resourceVersion } },
    { fieldManager: ctx.fieldManager },
  );
}

/** Runs the cleanup and removes the finalizer of an object being deleted. */
export async function releaseFinalizer(
  ctx: ReconcileContext,
  reconciler: AnyKindReconciler,
  object: KubeObject,
): Promise<void> {
  const finalizer = reconciler.finalizer;
  const finalizers = object.metadata.finalizers ?? [];
  if (finalizer === undefined || !finalizers.includes(finalizer.name)) return;
  await finalizer.finalize(ctx, object);
  await patchFinalizers(
    ctx,
    object,
    finalizers.filter((name) => name !== finalizer.name),
  );
}

/** The object with the reconciler's finalizer on it (patched in when missing). */
export async function ensureFinalizer(
  ctx: ReconcileContext,
  reconciler: AnyKindReconciler,
  object: KubeObject,
): Promise<KubeObject> {
  const finalizer = reconciler.finalizer;
  const finalizers = object.metadata.finalizers ?? [];
  if (finalizer === undefined || finalizers.includes(finalizer.name)) return object;
  return patchFinalizers(ctx, object, [...finalizers, finalizer.name]);
}
