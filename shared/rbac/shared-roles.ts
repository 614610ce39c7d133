/**
 * The two roles that belong to no function: the one download pods are bound to (cache-manage
 * binds it per namespace) and the one the ApiServerSource adapters watch the cluster with.
 */
import { AIM_API_VERSION } from '../api/group.ts';
import { ARTIFACT_STATUS_UPDATER_NAME } from '../constants/limits.ts';
import { parseApiVersion, resourceInfo } from '../kube/resources.ts';
import type { GroupVersionKind, KubeObject } from '../kube/types.ts';
import { labelsOf, type PolicyRule } from './role-objects.ts';

const RBAC_API_VERSION = 'rbac.authorization.k8s.io/v1';

/** The ServiceAccount `eventing/apiserversource.yaml` runs its adapters as. */
export const EVENT_SOURCE_SERVICE_ACCOUNT = 'aim-event-source';
const EVENT_SOURCE_ROLE = 'aim-engine-event-source';

/**
 * Download pods run as their namespace's `default` ServiceAccount and patch their artifact's
 * progress (`kubectl patch --subresource=status`, which reads the object first).
 */
export function artifactStatusUpdaterRole(): KubeObject {
  return {
    apiVersion: RBAC_API_VERSION,
    kind: 'ClusterRole',
    metadata: { name: ARTIFACT_STATUS_UPDATER_NAME, labels: labelsOf('artifact-download') },
    rules: [
      {
        apiGroups: [parseApiVersion(AIM_API_VERSION).group],
        resources: ['aimartifacts/status'],
        verbs: ['get', 'patch', 'update'],
      },
    ],
  };
}

/**
 * get/list/watch on every kind the ApiServerSources watch, cluster-wide (they watch every
 * namespace): Knative's controller checks exactly these with SubjectAccessReviews before it
 * starts an adapter, and the adapter LISTs and WATCHes them.
 */
export function eventSourceRbac(watched: readonly GroupVersionKind[], namespace: string): KubeObject[] {
  const byGroup = new Map<string, Set<string>>();
  for (const gvk of watched) {
    const group = parseApiVersion(gvk.apiVersion).group;
    const resources = byGroup.get(group) ?? new Set<string>();
    resources.add(resourceInfo(gvk).plural);
    byGroup.set(group, resources);
  }
  const rules: PolicyRule[] = [...byGroup.keys()].sort().map((group) => ({
    apiGroups: [group],
    resources: [...(byGroup.get(group) ?? [])].sort(),
    verbs: ['get', 'list', 'watch'],
  }));
  const labels = labelsOf('event-source');
  return [
    {
      apiVersion: 'v1',
      kind: 'ServiceAccount',
      metadata: { name: EVENT_SOURCE_SERVICE_ACCOUNT, namespace, labels },
    },
    {
      apiVersion: RBAC_API_VERSION,
      kind: 'ClusterRole',
      metadata: { name: EVENT_SOURCE_ROLE, labels },
      rules,
    },
    {
      apiVersion: RBAC_API_VERSION,
      kind: 'ClusterRoleBinding',
      metadata: { name: EVENT_SOURCE_ROLE, labels },
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: EVENT_SOURCE_ROLE },
      subjects: [{ kind: 'ServiceAccount', name: EVENT_SOURCE_SERVICE_ACCOUNT, namespace }],
    },
  ];
}

/** The `spec.resources` of ApiServerSource objects (e.g. parsed from `eventing/`). */
export function watchedKinds(sources: readonly KubeObject[]): GroupVersionKind[] {
  return sources
    .filter((source) => source.kind === 'ApiServerSource')
    .flatMap((source) => (source.spec?.resources ?? []) as { apiVersion: string; kind: string }[])
    .map(({ apiVersion, kind }) => ({ apiVersion, kind }));
}
