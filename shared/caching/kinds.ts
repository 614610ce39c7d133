/**
 * The kinds cache-manage reads and writes, and narrow views of the AIM objects as they arrive from
 * the API server (CRD-validated and defaulted, so only presence needs checking, not shape).
 */
import type { EnvVar } from '../api/common/env.ts';
import type { AIMModelSource } from '../api/common/model-source.ts';
import { AIM_API_VERSION } from '../api/group.ts';
import type { GroupVersionKind, KubeObject } from '../kube/types.ts';
import type { Condition } from '../reconcile/conditions.ts';

export const SERVICE_GVK: GroupVersionKind = { apiVersion: AIM_API_VERSION, kind: 'AIMService' };
export const TEMPLATE_CACHE_GVK: GroupVersionKind = { apiVersion: AIM_API_VERSION, kind: 'AIMTemplateCache' };
export const ARTIFACT_GVK: GroupVersionKind = { apiVersion: AIM_API_VERSION, kind: 'AIMArtifact' };
export const TEMPLATE_GVK: GroupVersionKind = { apiVersion: AIM_API_VERSION, kind: 'AIMServiceTemplate' };
export const CLUSTER_TEMPLATE_GVK: GroupVersionKind = {
  apiVersion: AIM_API_VERSION,
  kind: 'AIMClusterServiceTemplate',
};
export const PVC_GVK: GroupVersionKind = { apiVersion: 'v1', kind: 'PersistentVolumeClaim' };
export const POD_GVK: GroupVersionKind = { apiVersion: 'v1', kind: 'Pod' };
export const NAMESPACE_GVK: GroupVersionKind = { apiVersion: 'v1', kind: 'Namespace' };
export const JOB_GVK: GroupVersionKind = { apiVersion: 'batch/v1', kind: 'Job' };
export const ROLE_BINDING_GVK: GroupVersionKind = {
  apiVersion: 'rbac.authorization.k8s.io/v1',
  kind: 'RoleBinding',
};
export const INFERENCE_SERVICE_GVK: GroupVersionKind = {
  apiVersion: 'serving.kserve.io/v1beta1',
  kind: 'InferenceService',
};

export type CacheMode = 'Shared' | 'Dedicated';

export interface TemplateCacheObject extends KubeObject {
  spec: {
    templateName: string;
    templateScope?: string;
    mode?: string;
    env?: EnvVar[];
    storageClassName?: string;
    runtimeConfigName?: string;
  };
  status?: { status?: string; artifacts?: Record<string, unknown>; conditions?: Condition[] };
}

export interface ArtifactObject extends KubeObject {
  spec: {
    sourceUri: string;
    modelId?: string;
    storageClassName?: string;
    size?: string | number;
    env?: EnvVar[];
    modelDownloadImage?: string;
    imagePullSecrets?: { name?: string }[];
    runtimeConfigName?: string;
  };
  status?: {
    status?: string;
    conditions?: { type: string; status: string; reason?: string; message?: string }[];
    progress?: { percentage?: number };
    persistentVolumeClaim?: string;
    discoveredSizeBytes?: number;
    allocatedSize?: string | number;
  };
}

export interface TemplateObject extends KubeObject {
  spec: {
    env?: EnvVar[];
    caching?: { enabled?: boolean; env?: EnvVar[] };
  };
  status?: {
    status?: string;
    modelSources?: AIMModelSource[];
    conditions?: { type: string; status: string; reason?: string; message?: string }[];
  };
}

/** The status string of any AIM object ('' when it has none yet). */
export function statusOf(object: KubeObject): string {
  const status: unknown = object.status?.status;
  return typeof status === 'string' ? status : '';
}

export function isClusterTemplate(template: KubeObject): boolean {
  return template.kind === CLUSTER_TEMPLATE_GVK.kind;
}
