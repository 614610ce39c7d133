/**
 * `aim.eai.amd.com/artifactcleanup` (spec §11.1): a deleted template cache takes its unfinished
 * artifacts with it, while Ready ones stay for reuse. In a terminating namespace nothing is done,
 * so the finalizer never blocks the namespace's deletion.
 */
import { FINALIZERS } from '../constants/finalizers.ts';
import { LABELS } from '../constants/labels.ts';
import { isNotFound } from '../kube/errors.ts';
import { labelSelector, objectKey } from '../kube/objects.ts';
import type { KubeClient, KubeObject } from '../kube/types.ts';
import { sanitizeLabelValue } from '../naming/label-value.ts';
import type { Finalizer } from '../reconcile/reconciler.ts';
import { ARTIFACT_GVK, statusOf } from './kinds.ts';
import { isForbidden, isNamespaceTerminating } from './namespace-terminating.ts';

/** Deletes the cache's artifacts that are not Ready; returns their names. */
export async function deleteUnfinishedArtifacts(client: KubeClient, cache: KubeObject): Promise<string[]> {
  const namespace = cache.metadata.namespace ?? '';
  if (await isNamespaceTerminating(client, namespace)) return [];
  const artifacts = await client.list(ARTIFACT_GVK, {
    namespace,
    labelSelector: labelSelector({ [LABELS.templateCacheName]: sanitizeLabelValue(cache.metadata.name) }),
  });
  const deleted: string[] = [];
  for (const artifact of artifacts.items) {
    if (statusOf(artifact) === 'Ready') continue;
    try {
      await client.delete(
        objectKey({ ...artifact, apiVersion: ARTIFACT_GVK.apiVersion, kind: ARTIFACT_GVK.kind }),
      );
      deleted.push(artifact.metadata.name);
    } catch (err) {
      if (!isNotFound(err) && !isForbidden(err)) throw err;
    }
  }
  return deleted;
}

export const artifactCleanupFinalizer: Finalizer = {
  name: FINALIZERS.artifactCleanup,
  async finalize(ctx, cache) {
    const deleted = await deleteUnfinishedArtifacts(ctx.client, cache);
    if (deleted.length > 0) {
      ctx.log.info(
        { cache: cache.metadata.name, artifacts: deleted },
        'deleted the unfinished artifacts of a deleted template cache',
      );
    }
  },
};
