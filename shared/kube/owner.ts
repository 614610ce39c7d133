import type { KubeObject, OwnerReference } from './types.ts';

/**
 * The ownerReference that makes `owner` the controller of a child. The reconcile framework's own
 * reference carries no blockOwnerDeletion (spec §5.1); builders that need it (discovery Jobs) ask.
 */
export function controllerOwnerReference(
  owner: KubeObject,
  options: { blockOwnerDeletion?: boolean } = {},
): OwnerReference {
  const uid = owner.metadata.uid;
  if (!uid) {
    throw new Error(`${owner.kind} ${owner.metadata.name} has no uid: only a stored object can own children`);
  }
  const reference: OwnerReference = {
    apiVersion: owner.apiVersion,
    kind: owner.kind,
    name: owner.metadata.name,
    uid,
    controller: true,
  };
  if (options.blockOwnerDeletion !== undefined) reference.blockOwnerDeletion = options.blockOwnerDeletion;
  return reference;
}

/** The given references with `reference` replacing any existing one of the same uid (spec §5.1). */
export function upsertOwnerReference(
  references: readonly OwnerReference[] | undefined,
  reference: OwnerReference,
): OwnerReference[] {
  return [...(references ?? []).filter((existing) => existing.uid !== reference.uid), reference];
}

export function hasOwner(object: KubeObject, uid: string): boolean {
  return (object.metadata.ownerReferences ?? []).some((reference) => reference.uid === uid);
}

/** The reference marked `controller: true`, if any (Kubernetes allows at most one). */
export function controllerOf(object: KubeObject): OwnerReference | undefined {
  return (object.metadata.ownerReferences ?? []).find((reference) => reference.controller === true);
}

export function isControlledBy(object: KubeObject, owner: KubeObject): boolean {
  const controller = controllerOf(object);
  return (
    controller !== undefined && owner.metadata.uid !== undefined && controller.uid === owner.metadata.uid
  );
}
