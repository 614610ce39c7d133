/**
 * AIMService's finalizer `aim.eai.amd.com/template-cache-cleanup` (spec §10.1): before a service
 * goes, the template caches labelled with it that are not Ready are deleted (a failed or half-done
 * cache would otherwise linger); Ready caches stay for the next service. Namespace deletion is never
 * held up: when the namespace is terminating, gone, or cannot be read, the cleanup is skipped and
 * the namespace's own deletion takes the caches.
 */
import { FINALIZERS } from '../constants/finalizers.ts';
import { LABELS } from '../constants/labels.ts';
import { isKubeError, isNotFound } from '../kube/errors.ts';
import { labelSelector } from '../kube/objects.ts';
import type { KubeClient, KubeObject } from '../kube/types.ts';
import { sanitizeLabelValue } from '../naming/label-value.ts';
import type { Finalizer } from '../reconcile/reconciler.ts';
import { NAMESPACE_GVK, TEMPLATE_CACHE_GVK } from './kinds.ts';

function isForbidden(err: unknown): boolean {
  return isKubeError(err) && err.reason === 'Forbidden';
}

/** Terminating, NotFound and Forbidden all mean: leave the caches to the namespace's deletion. */
export async function isNamespaceTerminating(client: KubeClient, namespace: string): Promise<boolean> {
  try {
    const object = await client.get({ ...NAMESPACE_GVK, name: namespace });
    return Boolean(object.metadata.deletionTimestamp);
  } catch (err) {
    if (isNotFound(err) || isForbidden(err)) return true;
    throw err;
  }
}

/** Deletes the service's non-Ready template caches; NotFound and Forbidden are not errors here. */
export async function deleteUnreadyTemplateCaches(client: KubeClient, service: KubeObject): Promise<void> {
  const namespace = service.metadata.namespace;
  if (!namespace) return;
  let selector: string;
  try {
    selector = labelSelector({ [LABELS.service]: sanitizeLabelValue(service.metadata.name) });
  } catch {
    return; // a name no label can carry labels no cache
  }
  let caches: KubeObject[];
  try {
    caches = (await client.list(TEMPLATE_CACHE_GVK, { namespace, labelSelector: selector })).items;
  } catch (err) {
    if (isForbidden(err)) return;
    throw err;
  }
  for (const cache of caches) {
    if (cache.status?.status === 'Ready') continue;
    try {
      await client.delete({ ...TEMPLATE_CACHE_GVK, namespace, name: cache.metadata.name });
    } catch (err) {
      if (!isNotFound(err) && !isForbidden(err)) throw err;
    }
  }
}

export const templateCacheCleanupFinalizer: Finalizer = {
  name: FINALIZERS.templateCacheCleanup,
  async finalize(ctx, service) {
    const namespace = service.metadata.namespace;
    if (!namespace || (await isNamespaceTerminating(ctx.client, namespace))) return;
    await deleteUnreadyTemplateCaches(ctx.client, service);
  },
};
