/**
 * What a run left behind, cluster-wide: objects of the kinds the functions create or own, objects
 * stuck in Terminating, and AIM objects still carrying a finalizer.
 *
 * Some objects outlive everything the soak created by design (spec §5.5, §10.1): a Shared-mode
 * AIMTemplateCache that was Ready when its service was deleted is preserved for reuse, and
 * Shared-mode AIMArtifacts (the downloaded weights) have no owner at all; their PVC, Jobs and
 * Pods (owned by the artifact) stay with them. Those are reported apart, as `preserved`, so the
 * soak can tell a leak from a kept cache, and then delete them as a user would.
 */
import { AIM_KIND_LIST } from '../../shared/api/kinds.ts';
import type { GroupVersionKind, KubeClient, KubeObject } from '../../shared/kube/types.ts';

export const CHILD_KINDS: GroupVersionKind[] = [
  { apiVersion: 'serving.kserve.io/v1beta1', kind: 'InferenceService' },
  { apiVersion: 'gateway.networking.k8s.io/v1', kind: 'HTTPRoute' },
  { apiVersion: 'v1', kind: 'PersistentVolumeClaim' },
  { apiVersion: 'batch/v1', kind: 'Job' },
  { apiVersion: 'v1', kind: 'Pod' },
];

export interface Leftovers {
  /** `Kind ns/name` of every object still in the soak's namespaces that nothing preserves. */
  remaining: string[];
  /** Objects anywhere with a deletionTimestamp (stuck Terminating). */
  terminating: string[];
  /** AIM objects anywhere, other than preserved caches, that still carry a finalizer. */
  finalizers: string[];
  /** Shared caches and artifacts kept by design, with what the artifacts own. */
  preserved: KubeObject[];
}

export const label = (o: KubeObject) => `${o.kind} ${o.metadata.namespace ?? ''}/${o.metadata.name}`;

async function listAll(client: KubeClient, gvk: GroupVersionKind): Promise<KubeObject[]> {
  return (await client.list(gvk)).items.map((o) => ({ ...o, apiVersion: gvk.apiVersion, kind: gvk.kind }));
}

const unowned = (o: KubeObject) => (o.metadata.ownerReferences ?? []).length === 0;
const ownedBy = (o: KubeObject, uids: Set<string>) =>
  (o.metadata.ownerReferences ?? []).some((ref) => uids.has(ref.uid));

/** Shared caches and artifacts (unowned by design), and the claims, Jobs and Pods hanging off them. */
function preservedByDesign(all: KubeObject[]): Set<KubeObject> {
  const kept = new Set(
    all.filter(
      (o) =>
        unowned(o) &&
        ((o.kind === 'AIMTemplateCache' && o.spec?.mode === 'Shared') || o.kind === 'AIMArtifact'),
    ),
  );
  // Two rounds: artifact → claim / Job, then Job → Pod.
  for (let round = 0; round < 2; round++) {
    const uids = new Set([...kept].map((o) => o.metadata.uid ?? ''));
    for (const o of all) if (ownedBy(o, uids)) kept.add(o);
  }
  return kept;
}

export async function leftovers(client: KubeClient, namespaces: readonly string[]): Promise<Leftovers> {
  const aim = (await Promise.all(AIM_KIND_LIST.map((k) => listAll(client, k)))).flat();
  const children = (await Promise.all(CHILD_KINDS.map((k) => listAll(client, k)))).flat();
  const all = [...aim, ...children];
  const inSoak = all.filter((o) => namespaces.includes(o.metadata.namespace ?? ''));
  const preserved = preservedByDesign(inSoak);
  return {
    remaining: inSoak.filter((o) => !preserved.has(o)).map(label),
    terminating: all.filter((o) => o.metadata.deletionTimestamp).map(label),
    finalizers: aim.filter((o) => !preserved.has(o) && (o.metadata.finalizers ?? []).length > 0).map(label),
    preserved: [...preserved],
  };
}

/** Nothing leaked; with `strict`, nothing preserved either. */
export function isClean(found: Leftovers, strict: boolean): boolean {
  return (
    found.remaining.length === 0 &&
    found.terminating.length === 0 &&
    found.finalizers.length === 0 &&
    (!strict || found.preserved.length === 0)
  );
}
