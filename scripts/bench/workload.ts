/**
 * The benchmark's workload (issue 12): one AIMModel with inline image metadata, one static
 * AIMServiceTemplate with caching on, and N AIMServices that use them.
 */
import { cachingTemplate, inlineMetadataModel } from '../../local/platform/sample-workload.ts';
import type { KubeObject } from '../../shared/kube/types.ts';

const AIM = 'aim.eai.amd.com/v1alpha1';
export const BENCH_NAMESPACE = 'aim-bench';
export const MODEL = 'bench-model';
export const TEMPLATE = 'bench-mi300x-fp16-latency';

export function namespace(): KubeObject {
  return { apiVersion: 'v1', kind: 'Namespace', metadata: { name: BENCH_NAMESPACE } };
}

export function model(): KubeObject {
  return inlineMetadataModel(BENCH_NAMESPACE, MODEL);
}

export function template(): KubeObject {
  return cachingTemplate(BENCH_NAMESPACE, TEMPLATE, MODEL);
}

export function serviceName(index: number): string {
  return `svc-${String(index).padStart(4, '0')}`;
}

export function service(index: number): KubeObject {
  return {
    apiVersion: AIM,
    kind: 'AIMService',
    metadata: { name: serviceName(index), namespace: BENCH_NAMESPACE },
    spec: { model: { name: MODEL }, template: { name: TEMPLATE }, caching: { mode: 'Shared' }, replicas: 1 },
  };
}
