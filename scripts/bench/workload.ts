/**
 * The benchmark's workload (issue 12): one AIMModel with inline image metadata, one static
 * AIMServiceTemplate with caching on, and N AIMServices that use them.
 */
import type { KubeObject } from '../../shared/kube/types.ts';

const AIM = 'aim.eai.amd.com/v1alpha1';
export const BENCH_NAMESPACE = 'aim-bench';
export const MODEL = 'bench-model';
export const TEMPLATE = 'bench-mi300x-fp16-latency';

export function namespace(): KubeObject {
  return { apiVersion: 'v1', kind: 'Namespace', metadata: { name: BENCH_NAMESPACE } };
}

/** An AIMModel of the dummy image with its metadata inline (no registry), also used by the fault tests. */
export function inlineModel(
  name: string,
  namespace: string,
  recommendedDeployments: Record<string, unknown>[] = [],
): KubeObject {
  return {
    apiVersion: AIM,
    kind: 'AIMModel',
    metadata: { name, namespace },
    spec: {
      image: 'ghcr.io/silogen/aim-dummy:0.1.10',
      imageMetadata: {
        model: {
          canonicalName: 'HuggingFaceTB/SmolLM2-135M',
          source: 'hf://HuggingFaceTB/SmolLM2-135M',
          hfTokenRequired: false,
          recommendedDeployments,
        },
      },
    },
  };
}

export function model(): KubeObject {
  return inlineModel(MODEL, BENCH_NAMESPACE);
}

export function template(): KubeObject {
  return {
    apiVersion: AIM,
    kind: 'AIMServiceTemplate',
    metadata: { name: TEMPLATE, namespace: BENCH_NAMESPACE },
    spec: {
      modelName: MODEL,
      metric: 'latency',
      precision: 'fp16',
      hardware: { gpu: { model: 'MI300X', requests: 1 } },
      profileId: 'mi300x-fp16-latency',
      modelSources: [
        { modelId: 'HuggingFaceTB/SmolLM2-135M', sourceUri: 'hf://HuggingFaceTB/SmolLM2-135M', size: '1Gi' },
      ],
      caching: { enabled: true },
    },
  };
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
