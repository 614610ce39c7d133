/**
 * The realistic workload of the benchmark (issue 12) and the reliability tests (issue 14): an
 * AIMModel with inline image metadata (no registry is contacted) and a static
 * AIMServiceTemplate for it with caching on, so the services on them take the whole chain
 * (template cache → artifact, PVC and download Job → InferenceService).
 */
import type { KubeObject } from '../../shared/kube/types.ts';

const AIM = 'aim.eai.amd.com/v1alpha1';
const IMAGE = 'ghcr.io/silogen/aim-dummy:0.1.10';
const SOURCE = { modelId: 'HuggingFaceTB/SmolLM2-135M', sourceUri: 'hf://HuggingFaceTB/SmolLM2-135M' };

export function inlineMetadataModel(
  namespace: string,
  name: string,
  recommendedDeployments: Record<string, unknown>[] = [],
): KubeObject {
  return {
    apiVersion: AIM,
    kind: 'AIMModel',
    metadata: { name, namespace },
    spec: {
      image: IMAGE,
      imageMetadata: {
        model: {
          canonicalName: SOURCE.modelId,
          source: SOURCE.sourceUri,
          hfTokenRequired: false,
          recommendedDeployments,
        },
      },
    },
  };
}

export function cachingTemplate(namespace: string, name: string, modelName: string): KubeObject {
  return {
    apiVersion: AIM,
    kind: 'AIMServiceTemplate',
    metadata: { name, namespace },
    spec: {
      modelName,
      metric: 'latency',
      precision: 'fp16',
      hardware: { gpu: { model: 'MI300X', requests: 1 } },
      profileId: 'mi300x-fp16-latency',
      modelSources: [{ ...SOURCE, size: '1Gi' }],
      caching: { enabled: true },
    },
  };
}
