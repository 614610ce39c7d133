/**
 * Objects and probes for the isvc-render end-to-end tests. Only isvc-render runs: the model,
 * template and template cache are written here as model-inspect, template-discover and
 * cache-manage would leave them (paused, so nothing else writes them), and service-resolve's
 * status parts — references, component conditions and componentHealth entries — are applied
 * through the status subresource under its field manager. isvc-render reports the cache itself.
 */
import type { KubeClient, KubeObject, ObjectKey } from '../../../shared/kube/types.ts';
import { isvcName } from '../../../shared/naming/service-names.ts';

export { SCALED_OBJECT_GVK } from '../../../local/simulator/keda.ts';
export { conditionOf, hasCondition } from '../support/conditions.ts';

export const AIM = 'aim.eai.amd.com/v1alpha1';
export const PAUSED = { 'aim.eai.amd.com/reconciliation-paused': 'true' };
const TEST_MANAGER = 'e2e-isvc-render';
export const IMAGE = 'ghcr.io/silogen/aim-dummy:0.1.10';
export const MODEL = 'dummy';
export const TEMPLATE = 'dummy-mi300x-fp16-lat';
export const CACHE = 'dummy-mi300x-fp16-lat-cache';
export const ARTIFACT = 'hf---org-tiny-model-0123456789';
export const PVC = `${ARTIFACT}-cache-e2e00001`;

export const ISVC_GVK = { apiVersion: 'serving.kserve.io/v1beta1', kind: 'InferenceService' } as const;
export const ROUTE_GVK = { apiVersion: 'gateway.networking.k8s.io/v1', kind: 'HTTPRoute' } as const;
export const HPA_GVK = { apiVersion: 'autoscaling/v2', kind: 'HorizontalPodAutoscaler' } as const;

const now = () => new Date().toISOString().replace(/\.\d+Z$/, 'Z');

export async function namespace(client: KubeClient, name: string): Promise<void> {
  await client.apply(
    { apiVersion: 'v1', kind: 'Namespace', metadata: { name } },
    { fieldManager: TEST_MANAGER },
  );
}

async function applyWithStatus(
  client: KubeClient,
  object: KubeObject,
  status: Record<string, unknown>,
  manager: string,
) {
  await client.apply(object, { fieldManager: TEST_MANAGER, force: true });
  await client.applyStatus(
    {
      apiVersion: object.apiVersion,
      kind: object.kind,
      metadata: { name: object.metadata.name, namespace: object.metadata.namespace },
      status,
    },
    { fieldManager: manager, force: true },
  );
}

export function modelStatus(status: string): Record<string, unknown> {
  return { status };
}

export async function model(client: KubeClient, ns: string, status = 'Ready', image = IMAGE): Promise<void> {
  await applyWithStatus(
    client,
    {
      apiVersion: AIM,
      kind: 'AIMModel',
      metadata: { name: MODEL, namespace: ns, annotations: PAUSED },
      spec: { image },
    },
    { status },
    'aim-model-inspect',
  );
}

/** Node affinity as template-discover resolves it for MI300X (device ids deliberately unsorted). */
export const MI300X_AFFINITY = {
  requiredDuringSchedulingIgnoredDuringExecution: {
    nodeSelectorTerms: [
      { matchExpressions: [{ key: 'amd.com/gpu.device-id', operator: 'In', values: ['74b5', '74a1'] }] },
    ],
  },
};

export async function template(client: KubeClient, ns: string, status = 'Ready'): Promise<void> {
  await applyWithStatus(
    client,
    {
      apiVersion: AIM,
      kind: 'AIMServiceTemplate',
      metadata: { name: TEMPLATE, namespace: ns, annotations: PAUSED },
      spec: {
        modelName: MODEL,
        metric: 'latency',
        precision: 'fp16',
        profileId: 'mi300x-fp16-latency',
        env: [
          { name: 'AIM_ENGINE_ARGS', value: '{"max-model-len":4096,"tensor-parallel-size":1}' },
          { name: 'VLLM_USE_V1', value: '1' },
        ],
        resources: { requests: { cpu: '6' } },
      },
    },
    {
      status,
      resolvedHardware: { gpu: { requests: 1, model: 'MI300X', resourceName: 'amd.com/gpu' } },
      resolvedNodeAffinity: MI300X_AFFINITY,
      profile: {
        metadata: { metric: 'latency', precision: 'fp16', engine: 'vllm', gpu: 'MI300X', gpuCount: 1 },
      },
      modelSources: [{ modelId: 'org/tiny-model', sourceUri: 'hf://org/tiny-model', size: '1Gi' }],
    },
    'aim-template-discover',
  );
}

export async function templateCache(client: KubeClient, ns: string, status = 'Ready'): Promise<void> {
  await applyWithStatus(
    client,
    {
      apiVersion: AIM,
      kind: 'AIMTemplateCache',
      metadata: { name: CACHE, namespace: ns, annotations: PAUSED },
      spec: { templateName: TEMPLATE, templateScope: 'Namespace', mode: 'Shared' },
    },
    {
      status,
      artifacts: {
        [ARTIFACT]: {
          name: ARTIFACT,
          uid: 'artifact-uid',
          model: 'org/tiny-model',
          status: 'Ready',
          persistentVolumeClaim: PVC,
        },
      },
    },
    'aim-cache-manage',
  );
  // The artifact's claim, which the simulator binds; predictor pods mount it.
  await client.apply(
    {
      apiVersion: 'v1',
      kind: 'PersistentVolumeClaim',
      metadata: { name: PVC, namespace: ns },
      spec: { accessModes: ['ReadWriteMany'], resources: { requests: { storage: '1Gi' } } },
    },
    { fieldManager: TEST_MANAGER, force: true },
  );
}

/** Model, template and template cache of a namespace, all Ready. */
export async function readyInputs(client: KubeClient, ns: string): Promise<void> {
  await namespace(client, ns);
  await model(client, ns);
  await template(client, ns);
  await templateCache(client, ns);
}

export async function service(
  client: KubeClient,
  ns: string,
  name: string,
  spec: Record<string, unknown> = {},
) {
  await client.apply(
    {
      apiVersion: AIM,
      kind: 'AIMService',
      metadata: { name, namespace: ns, labels: { team: 'e2e', 'aim.eai.amd.com/tier': 'gold' } },
      spec: { model: { name: MODEL }, ...spec },
    },
    { fieldManager: TEST_MANAGER, force: true },
  );
}

function condition(type: string, ready: boolean, reason: string, message = '') {
  return { type, status: ready ? 'True' : 'False', reason, message, lastTransitionTime: now() };
}

function entry(component: string, state: string, dependencyType: string, reason: string) {
  return { component, state, dependencyType, reason, message: '', lastTransitionTime: now() };
}

/** What service-resolve writes: the references, ModelReady and TemplateReady (and their entries). */
export async function resolveService(
  client: KubeClient,
  ns: string,
  name: string,
  modelReady = true,
): Promise<void> {
  await client.applyStatus(
    {
      apiVersion: AIM,
      kind: 'AIMService',
      metadata: { name, namespace: ns },
      status: {
        ...(modelReady
          ? { resolvedModel: { name: MODEL, namespace: ns, scope: 'Namespace', kind: 'AIMModel' } }
          : {}),
        resolvedTemplate: { name: TEMPLATE, namespace: ns, scope: 'Namespace', kind: 'AIMServiceTemplate' },
        conditions: [
          condition('ModelReady', modelReady, modelReady ? 'ModelResolved' : 'ModelNotReady'),
          condition('TemplateReady', true, 'Resolved'),
        ],
        componentHealth: [
          entry(
            'Model',
            modelReady ? 'Ready' : 'Progressing',
            'Upstream',
            modelReady ? 'ModelResolved' : 'ModelNotReady',
          ),
          entry('Template', 'Ready', 'Upstream', 'Resolved'),
        ],
      },
    },
    { fieldManager: 'aim-service-resolve', force: true },
  );
}

/** A service whose model and template service-resolve resolved (isvc-render finds the cache). */
export async function resolvedService(
  client: KubeClient,
  ns: string,
  name: string,
  spec: Record<string, unknown> = {},
) {
  await service(client, ns, name, spec);
  await resolveService(client, ns, name);
}

export const serviceKey = (ns: string, name: string): ObjectKey => ({
  apiVersion: AIM,
  kind: 'AIMService',
  namespace: ns,
  name,
});
export const isvcKey = (ns: string, name: string): ObjectKey => ({
  ...ISVC_GVK,
  namespace: ns,
  name: isvcName({ name, namespace: ns }),
});

export async function eventsAbout(
  client: KubeClient,
  ns: string,
  kind: string,
  name: string,
): Promise<KubeObject[]> {
  return (
    await client.list(
      { apiVersion: 'v1', kind: 'Event' },
      { namespace: ns, fieldSelector: `involvedObject.kind=${kind},involvedObject.name=${name}` },
    )
  ).items;
}
