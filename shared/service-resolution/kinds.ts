/** The kinds service resolution reads and writes, and the scope vocabulary of its references. */
import { AIM_API_VERSION } from '../api/group.ts';
import { INFERENCE_SERVICE } from '../constants/kserve.ts';
import type { GroupVersionKind } from '../kube/types.ts';

export const SERVICE_GVK = { apiVersion: AIM_API_VERSION, kind: 'AIMService' } as const;
export const MODEL_GVK = { apiVersion: AIM_API_VERSION, kind: 'AIMModel' } as const;
export const CLUSTER_MODEL_GVK = { apiVersion: AIM_API_VERSION, kind: 'AIMClusterModel' } as const;
export const TEMPLATE_GVK = { apiVersion: AIM_API_VERSION, kind: 'AIMServiceTemplate' } as const;
export const CLUSTER_TEMPLATE_GVK = {
  apiVersion: AIM_API_VERSION,
  kind: 'AIMClusterServiceTemplate',
} as const;
export const TEMPLATE_CACHE_GVK = { apiVersion: AIM_API_VERSION, kind: 'AIMTemplateCache' } as const;
export const NODE_GVK = { apiVersion: 'v1', kind: 'Node' } as const;
export const NAMESPACE_GVK = { apiVersion: 'v1', kind: 'Namespace' } as const;
export const INFERENCE_SERVICE_GVK = {
  apiVersion: INFERENCE_SERVICE.apiVersion,
  kind: INFERENCE_SERVICE.kind,
} as const;

/** Where a model or template was found: namespaced kind or cluster-scoped twin. */
export type ResolutionScope = 'Namespace' | 'Cluster';

export function modelGvk(scope: ResolutionScope): GroupVersionKind {
  return scope === 'Namespace' ? MODEL_GVK : CLUSTER_MODEL_GVK;
}

export function templateGvk(scope: ResolutionScope): GroupVersionKind {
  return scope === 'Namespace' ? TEMPLATE_GVK : CLUSTER_TEMPLATE_GVK;
}
