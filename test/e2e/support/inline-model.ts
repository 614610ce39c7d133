/**
 * An AIMModel that model-inspect can settle without a registry (inline image metadata, no
 * generated templates), and a probe for it: the event-path and scale-to-zero tests' workload.
 */
import type { KubeClient, KubeObject } from '../../../shared/kube/types.ts';

const AIM = 'aim.eai.amd.com/v1alpha1';

export function inlineModel(
  namespace: string,
  name: string,
  canonicalName = 'HuggingFaceTB/SmolLM2-135M',
): KubeObject {
  return {
    apiVersion: AIM,
    kind: 'AIMModel',
    metadata: { name, namespace },
    spec: {
      image: 'ghcr.io/silogen/aim-dummy:0.1.10',
      discovery: { createServiceTemplates: false },
      imageMetadata: { model: { canonicalName } },
    },
  };
}

/** The model once model-inspect has reconciled its current generation and found it Ready. */
export async function readyModel(
  client: KubeClient,
  namespace: string,
  name: string,
): Promise<KubeObject | undefined> {
  const obj = await client.getOptional({ apiVersion: AIM, kind: 'AIMModel', namespace, name });
  return obj && obj.status?.observedGeneration === obj.metadata.generation && obj.status?.status === 'Ready'
    ? obj
    : undefined;
}
