/**
 * Finalizers must never hold up a namespace deletion (spec §10.1, §11.1): cleanup is skipped when
 * the namespace is going away anyway — or when it cannot be read, which a finalizer treats alike.
 */
import { isKubeError, isNotFound } from '../kube/errors.ts';
import type { KubeClient } from '../kube/types.ts';
import { NAMESPACE_GVK } from './kinds.ts';

export function isForbidden(err: unknown): boolean {
  return isKubeError(err) && err.reason === 'Forbidden';
}

export async function isNamespaceTerminating(client: KubeClient, namespace: string): Promise<boolean> {
  try {
    const object = await client.get({ ...NAMESPACE_GVK, name: namespace });
    return object.metadata.deletionTimestamp !== undefined || object.status?.phase === 'Terminating';
  } catch (err) {
    if (isNotFound(err) || isForbidden(err)) return true;
    throw err;
  }
}
