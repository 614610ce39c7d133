/**
 * Objects for isvc-render tests: an AIMService whose model, template and template cache were
 * resolved by the other writers (their status references and component conditions included).
 */
import { AIM_API_VERSION } from '../../../shared/api/group.ts';
import type { KubeObject } from '../../../shared/kube/types.ts';
import { isvcName } from '../../../shared/naming/service-names.ts';

export const NS = 'team-a';
export const SVC = 'chat';
export const SVC_UID = 'svc-uid-1';
export const ISVC = isvcName({ name: SVC, namespace: NS });
export const TEMPLATE = 'llama-mi300x-fp16-lat';
export const MODEL = 'llama-3-8b';
export const CACHE = 'llama-mi300x-fp16-lat-1080a608';
export const IMAGE = 'ghcr.io/amd/llama-3-8b:v1.0.0';
export const NOW = new Date('2026-05-01T12:00:00Z');
export const T0 = '2026-05-01T11:00:00Z';

/** A predictor pod of the service's InferenceService, as KServe labels it. */
export function predictorPod(status: Record<string, unknown>): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: `${ISVC}-predictor-abc`,
      namespace: NS,
      labels: { 'serving.kserve.io/inferenceservice': ISVC },
    },
    spec: {},
    status,
  };
}

export function service(
  spec: Record<string, unknown> = {},
  extra: Partial<KubeObject['metadata']> = {},
): KubeObject {
  return {
    apiVersion: AIM_API_VERSION,
    kind: 'AIMService',
    metadata: { name: SVC, namespace: NS, uid: SVC_UID, generation: 1, labels: { team: 'a' }, ...extra },
    spec: { model: { name: MODEL }, ...spec },
  };
}

export function model(status = 'Ready'): KubeObject {
  return {
    apiVersion: AIM_API_VERSION,
    kind: 'AIMModel',
    metadata: { name: MODEL, namespace: NS },
    spec: { image: IMAGE },
    status: { status },
  };
}

export function template(
  status = 'Ready',
  spec: Record<string, unknown> = {},
  extraStatus: Record<string, unknown> = {},
): KubeObject {
  return {
    apiVersion: AIM_API_VERSION,
    kind: 'AIMServiceTemplate',
    metadata: { name: TEMPLATE, namespace: NS },
    spec: {
      modelName: MODEL,
      metric: 'latency',
      precision: 'fp16',
      profileId: 'mi300x-fp16-latency',
      ...spec,
    },
    status: {
      status,
      resolvedHardware: { gpu: { requests: 1, model: 'MI300X', resourceName: 'amd.com/gpu' } },
      resolvedNodeAffinity: {
        requiredDuringSchedulingIgnoredDuringExecution: {
          nodeSelectorTerms: [
            {
              matchExpressions: [{ key: 'amd.com/gpu.device-id', operator: 'In', values: ['74b5', '74a1'] }],
            },
          ],
        },
      },
      profile: { metadata: { metric: 'latency', precision: 'fp16', engine: 'vllm' } },
      ...extraStatus,
    },
  };
}

export function artifact(name: string, modelId: string, pvc: string, status = 'Ready') {
  return { name, model: modelId, status, persistentVolumeClaim: pvc, uid: `${name}-uid` };
}

export function cache(status = 'Ready', artifacts?: Record<string, unknown>): KubeObject {
  return {
    apiVersion: AIM_API_VERSION,
    kind: 'AIMTemplateCache',
    metadata: { name: CACHE, namespace: NS },
    spec: { templateName: TEMPLATE, templateScope: 'Namespace', mode: 'Shared' },
    status: {
      status,
      artifacts: artifacts ?? {
        'hf---meta-llama-llama-3-8b-0123456789': artifact(
          'hf---meta-llama-llama-3-8b-0123456789',
          'meta-llama/Llama-3-8B',
          'hf---meta-llama-llama-3-8b-0123456789-cache-aa11bb22',
        ),
      },
    },
  };
}

/** The status the other writers leave: references plus their Ready component conditions. */
export function resolvedStatus(components: Record<string, 'True' | 'False'> = {}): Record<string, unknown> {
  const condition = (type: string, status: 'True' | 'False') => ({
    type,
    status,
    reason: status === 'True' ? 'Ready' : 'NotReady',
    message: '',
    lastTransitionTime: T0,
  });
  const states = { ModelReady: 'True', TemplateReady: 'True', CacheReady: 'True', ...components } as Record<
    string,
    'True' | 'False'
  >;
  return {
    resolvedModel: { name: MODEL, namespace: NS, scope: 'Namespace', kind: 'AIMModel', uid: 'model-uid' },
    resolvedTemplate: {
      name: TEMPLATE,
      namespace: NS,
      scope: 'Namespace',
      kind: 'AIMServiceTemplate',
      uid: 'tpl-uid',
    },
    cache: { templateCacheRef: { name: CACHE, namespace: NS, uid: 'cache-uid' } },
    conditions: Object.entries(states).map(([type, status]) => condition(type, status)),
    componentHealth: Object.entries(states).map(([type, status]) => ({
      component: type.replace(/Ready$/, ''),
      state: status === 'True' ? 'Ready' : 'Progressing',
      dependencyType: type === 'CacheReady' ? 'Downstream' : 'Upstream',
      reason: status === 'True' ? 'Ready' : 'NotReady',
      message: '',
    })),
  };
}
