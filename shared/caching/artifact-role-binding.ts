/**
 * The per-namespace RoleBinding that lets download pods (service account `default`) patch their
 * artifact's status (spec §12.1); unowned, since every artifact of the namespace shares it.
 */
import { ARTIFACT_STATUS_UPDATER_NAME } from '../constants/limits.ts';
import type { KubeObject } from '../kube/types.ts';
import { ROLE_BINDING_GVK } from './kinds.ts';

export const DOWNLOADER_SERVICE_ACCOUNT = 'default';

export function buildStatusUpdaterRoleBinding(namespace: string): KubeObject {
  return {
    apiVersion: ROLE_BINDING_GVK.apiVersion,
    kind: ROLE_BINDING_GVK.kind,
    metadata: { name: ARTIFACT_STATUS_UPDATER_NAME, namespace },
    roleRef: {
      apiGroup: 'rbac.authorization.k8s.io',
      kind: 'ClusterRole',
      name: ARTIFACT_STATUS_UPDATER_NAME,
    },
    subjects: [{ kind: 'ServiceAccount', name: DOWNLOADER_SERVICE_ACCOUNT, namespace }],
  };
}
