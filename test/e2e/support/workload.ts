/**
 * A realistic workload for the reliability tests (issue 14): per namespace one AIMModel with
 * inline image metadata (no registry), one static AIMServiceTemplate with caching on, and
 * AIMServices using both with a Shared cache — the chain every function takes part in (model →
 * template → template cache → artifact/PVC/download Job → InferenceService). Each service carries
 * a `SPEC_REV` env var, so a test can tell whether the latest spec reached its InferenceService.
 */
import { cachingTemplate, inlineMetadataModel } from '../../../local/platform/sample-workload.ts';
import { writeSimulatorRules } from '../../../local/simulator/rules-configmap.ts';
import { CPU_PER_GPU, MEMORY_REQUEST_GI_PER_GPU } from '../../../shared/inference/isvc-resources.ts';
import type { KubeClient, KubeObject } from '../../../shared/kube/types.ts';

export const AIM = 'aim.eai.amd.com/v1alpha1';
export const ISVC = { apiVersion: 'serving.kserve.io/v1beta1', kind: 'InferenceService' } as const;
export const SERVICE = { apiVersion: AIM, kind: 'AIMService' } as const;
const MANAGER = 'e2e-workload';

export function modelName(suffix = ''): string {
  return `chat-model${suffix}`;
}

export function templateName(suffix = ''): string {
  return `chat-mi300x-fp16-latency${suffix}`;
}

export function namespaceObject(name: string): KubeObject {
  return { apiVersion: 'v1', kind: 'Namespace', metadata: { name } };
}

export function model(namespace: string, suffix = ''): KubeObject {
  return inlineMetadataModel(namespace, modelName(suffix));
}

export function template(namespace: string, suffix = ''): KubeObject {
  return cachingTemplate(namespace, templateName(suffix), modelName(suffix));
}

export function service(namespace: string, name: string, rev = 1, suffix = ''): KubeObject {
  return {
    apiVersion: AIM,
    kind: 'AIMService',
    metadata: { name, namespace },
    spec: {
      model: { name: modelName(suffix) },
      template: { name: templateName(suffix) },
      caching: { mode: 'Shared' },
      replicas: 1,
      env: [{ name: 'SPEC_REV', value: String(rev) }],
    },
  };
}

/**
 * The simulator's default MI300X node has 8 GPUs: a test running more services than that (each
 * predictor takes one, and a spec change briefly runs old and new pod side by side) gets a
 * roomier one, so Pending never means "no GPU left" — nor the CPU and memory that go with each
 * GPU (the default node's hold 48 predictors).
 */
export async function roomyGpuNodes(client: KubeClient, gpus = 128): Promise<void> {
  await writeSimulatorRules(client, {
    nodes: {
      items: [
        {
          name: 'sim-mi300x-0',
          labels: { 'amd.com/gpu.device-id': '74a1', 'amd.com/gpu.vram': '192G' },
          capacity: {
            'amd.com/gpu': String(gpus),
            cpu: String(gpus * CPU_PER_GPU),
            memory: `${gpus * MEMORY_REQUEST_GI_PER_GPU}Gi`,
            pods: '1000',
          },
        },
      ],
    },
  });
}

export async function apply(client: KubeClient, object: KubeObject): Promise<void> {
  await client.apply(object, { fieldManager: MANAGER, force: true });
}

/** Namespace, model and template (the services come separately). */
export async function applyBase(client: KubeClient, namespace: string, suffix = ''): Promise<void> {
  await apply(client, namespaceObject(namespace));
  await apply(client, model(namespace, suffix));
  await apply(client, template(namespace, suffix));
}

/** The `SPEC_REV` the InferenceService's inference container runs with, if any. */
export function renderedRev(isvc: KubeObject): string | undefined {
  const containers: { env?: { name: string; value?: string }[] }[] = isvc.spec?.predictor?.containers ?? [];
  return containers[0]?.env?.find((e) => e.name === 'SPEC_REV')?.value;
}

export interface ServiceOutcome {
  name: string;
  status?: string;
  generation?: number;
  observedGeneration?: number;
  isvcs: number;
  renderedRev?: string;
}

/** Each service of `names` with its status and the InferenceServices it owns (by owner uid). */
export async function serviceOutcomes(
  client: KubeClient,
  namespace: string,
  names: readonly string[],
): Promise<ServiceOutcome[]> {
  const [services, isvcs] = await Promise.all([
    client.list(SERVICE, { namespace }),
    client.list(ISVC, { namespace }),
  ]);
  return names.map((name) => {
    const svc = services.items.find((s) => s.metadata.name === name);
    const owned = isvcs.items.filter((i) =>
      (i.metadata.ownerReferences ?? []).some((o) => svc !== undefined && o.uid === svc.metadata.uid),
    );
    const outcome: ServiceOutcome = { name, isvcs: owned.length };
    if (svc?.status?.status !== undefined) outcome.status = svc.status.status;
    if (svc?.metadata.generation !== undefined) outcome.generation = svc.metadata.generation;
    if (svc?.status?.observedGeneration !== undefined)
      outcome.observedGeneration = svc.status.observedGeneration;
    const rev = owned[0] ? renderedRev(owned[0]) : undefined;
    if (rev !== undefined) outcome.renderedRev = rev;
    return outcome;
  });
}

/** Converged: Running, the current generation observed, one InferenceService with the wanted rev. */
export function converged(outcome: ServiceOutcome, rev: number): boolean {
  return (
    outcome.status === 'Running' &&
    outcome.observedGeneration === outcome.generation &&
    outcome.isvcs === 1 &&
    outcome.renderedRev === String(rev)
  );
}
