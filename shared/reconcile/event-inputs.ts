/**
 * What of an object's own copy the component writers of AIMService read (`eventInputs`): the
 * spec through its generation, and the metadata a reconcile acts on (finalizers, deletion, the
 * pause annotation, labels it propagates). Their own status fields are left out: only they write
 * them, so a change there is the echo of their own write.
 */
import type { KubeObject } from '../kube/types.ts';

export function metadataInputs(object: KubeObject): Record<string, unknown> {
  const { metadata } = object;
  return {
    uid: metadata.uid,
    generation: metadata.generation,
    deletionTimestamp: metadata.deletionTimestamp,
    finalizers: metadata.finalizers,
    labels: metadata.labels,
    annotations: metadata.annotations,
    ownerReferences: metadata.ownerReferences,
  };
}

/** `metadataInputs` plus the named status fields another writer owns and this one reads. */
export function inputsWithStatusFields(fields: readonly string[]): (object: KubeObject) => unknown {
  return (object) => {
    const status = (object.status ?? {}) as Record<string, unknown>;
    return { ...metadataInputs(object), status: fields.map((field) => status[field]) };
  };
}
