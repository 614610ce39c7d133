/**
 * A deleted AIMClusterModel that a model source created concerns that source: its count drops,
 * and the image, still matching, is created again (the source owns its models, so this is the
 * only way to get rid of one: change the filters first). Other events about cluster models are
 * left to the resync tick, so a busy model does not re-run its source.
 */
import { AIM_API_VERSION } from '../api/group.ts';
import type { ApiServerEvent } from '../events/apiserver-event.ts';
import type { ReconcileRequest } from '../reconcile/reconciler.ts';
import { MODEL_SOURCE_GVK } from './source-reconciler.ts';

interface OwnedObject {
  metadata?: { ownerReferences?: { apiVersion?: string; kind?: string; name?: string }[] };
}

export function sourceRequestsForEvent(event: ApiServerEvent): ReconcileRequest[] {
  if (
    event.action !== 'delete' ||
    event.ref.kind !== 'AIMClusterModel' ||
    event.ref.apiVersion !== AIM_API_VERSION
  ) {
    return [];
  }
  const owners = (event.object as OwnedObject | undefined)?.metadata?.ownerReferences ?? [];
  return owners
    .filter(
      (owner) => owner.kind === MODEL_SOURCE_GVK.kind && owner.apiVersion === AIM_API_VERSION && owner.name,
    )
    .map((owner) => ({ ...MODEL_SOURCE_GVK, name: owner.name as string }));
}
