/**
 * What one pipeline pass reads before it plans: the merged runtime config (when the kind has
 * one) and the reconciler's own fetch, for the object as read. Reads only: the pass runs them
 * while the finalizer is written.
 */
import type { KubeObject } from '../kube/types.ts';
import { readerOf } from './read-cache.ts';
import type { FetchInput, KindReconciler, ReconcileContext } from './reconciler.ts';
import { fetchMergedRuntimeConfig } from './runtime-config.ts';

export async function readInputs<Obj, Fetched>(
  ctx: ReconcileContext,
  reconciler: KindReconciler<Obj, Fetched>,
  read: KubeObject,
  obj: Obj,
): Promise<{ input: FetchInput; fetched: Fetched }> {
  const runtimeConfig = reconciler.runtimeConfigScope
    ? await fetchMergedRuntimeConfig(
        readerOf(ctx),
        typeof read.spec?.runtimeConfigName === 'string' ? read.spec.runtimeConfigName : undefined,
        reconciler.runtimeConfigScope === 'namespace' ? read.metadata.namespace : undefined,
      )
    : undefined;
  const input: FetchInput = { object: read };
  if (runtimeConfig !== undefined) input.runtimeConfig = runtimeConfig;
  return { input, fetched: await reconciler.fetch(ctx, obj, input) };
}
