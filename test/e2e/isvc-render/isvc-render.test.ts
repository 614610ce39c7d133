import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { thirdPartyCrdYaml } from '../../../local/control-plane/third-party-crds.ts';
import type { LocalPlatform } from '../../../local/platform/local-platform.ts';
import { DEFAULT_RULES, type SimulatorRulesInput } from '../../../local/simulator/rules.ts';
import { writeSimulatorRules } from '../../../local/simulator/rules-configmap.ts';
import { cacheVolumesFromArtifacts } from '../../../shared/inference/isvc-volumes.ts';
import { renderInferenceService } from '../../../shared/inference/render-isvc.ts';
import { isvcRenderReconciler } from '../../../shared/inference/render-reconciler.ts';
import { aimRouteName } from '../../../shared/inference/route-name.ts';
import { KubeError } from '../../../shared/kube/errors.ts';
import type { KubeObject } from '../../../shared/kube/types.ts';
import { isvcName, kedaHpaName } from '../../../shared/naming/service-names.ts';
import { isContainedIn } from '../../../shared/reconcile/json-equal.ts';
import { reconcileObject } from '../../../shared/reconcile/pipeline.ts';
import { platformForTest, withSimulator } from '../support/platform.ts';
import { eventually } from '../support/wait.ts';
import {
  AIM,
  ARTIFACT,
  CACHE,
  conditionOf,
  eventsAbout,
  HPA_GVK,
  hasCondition,
  IMAGE,
  isvcKey,
  MI300X_AFFINITY,
  MODEL,
  model,
  PVC,
  ROUTE_GVK,
  readyInputs,
  resolvedService,
  resolveService,
  SCALED_OBJECT_GVK,
  service,
  serviceKey,
  TEMPLATE,
} from './world.ts';

/**
 * isvc-render alone on the local control plane, with KServe's own controller and webhooks behind
 * it. The simulator plays the gateway (route parents), KEDA, the scheduler and the kubelet (whose
 * rules give the predictor pods their behaviour); the test writes what the other functions would.
 */

function rules(lifecycleReady: boolean): SimulatorRulesInput {
  return {
    ...DEFAULT_RULES,
    inferenceServices: {
      enabled: true,
      rules: [
        {
          name: 'lifecycle',
          match: { name: 'lifecycle-*' },
          ready: lifecycleReady,
          readyAfterSeconds: 0,
          // KServe's own controller reports Ready from the predictor Deployment, which follows its
          // pods: the hold is the pods' readiness (a pod keeps the behaviour it started with).
          ...(lifecycleReady ? {} : { predictorPod: { readyAfterSeconds: 3_600 } }),
        },
        {
          name: 'pull-denied',
          match: { name: 'pull-*' },
          predictorPod: { pullError: 'failed to pull and unpack image: 401 Unauthorized' },
        },
        {
          name: 'oom',
          match: { name: 'oom-*' },
          predictorPod: { runSeconds: 1, exit: { code: 137, reason: 'OOMKilled' } },
        },
        { name: 'ready', ready: true, readyAfterSeconds: 1 },
      ],
    },
  };
}

let platform: LocalPlatform;
const client = () => platform.client;

beforeAll(async () => {
  platform = await platformForTest('isvc-render', {
    functions: ['isvc-render'],
    resyncIntervalMs: 5_000,
    simulator: withSimulator,
  });
  await writeSimulatorRules(platform.client, rules(false));
});

afterAll(async () => {
  await platform?.stop();
});

const getService = (ns: string, name: string) => client().get(serviceKey(ns, name));
const getIsvc = (ns: string, name: string) => client().getOptional(isvcKey(ns, name));

/** Polls the service until `test` holds; the failure message shows its last status. */
function serviceWhere(
  ns: string,
  name: string,
  what: string,
  test: (svc: KubeObject) => boolean,
  timeoutMs = 60_000,
) {
  return eventually(
    `${ns}/${name}: ${what}`,
    async () => {
      const svc = await getService(ns, name);
      return test(svc) ? svc : false;
    },
    { timeoutMs },
  ).catch(async (err) => {
    const svc = await getService(ns, name);
    throw new Error(`${(err as Error).message}\nstatus: ${JSON.stringify(svc.status, null, 1)}`);
  });
}

/**
 * The service Running with `replicas` once nothing is left to change it, for the checks that a
 * reconcile finds nothing to write. Until KServe (the simulator) has acted on a replica change,
 * the InferenceService still says Ready for the previous generation, so Running can be seen
 * before the dip that follows; wait until KServe is done with the current generation (Ready,
 * exactly `replicas` ready predictor pods, none terminating) and isvc-render has written Running.
 */
async function settledRunning(ns: string, name: string, replicas: number): Promise<KubeObject> {
  const predictorSelector = `serving.kserve.io/inferenceservice=${isvcName({ name, namespace: ns })}`;
  const podReady = (pod: KubeObject) =>
    !pod.metadata.deletionTimestamp &&
    (pod.status?.conditions ?? []).some(
      (c: { type: string; status: string }) => c.type === 'Ready' && c.status === 'True',
    );
  await eventually(
    `KServe done with ${ns}/${name} at ${replicas} replicas`,
    async () => {
      const isvc = await getIsvc(ns, name);
      if (isvc?.status?.observedGeneration !== isvc?.metadata.generation) return false;
      if (!hasCondition(isvc, 'Ready', 'True')) return false;
      const pods = (
        await client().list(
          { apiVersion: 'v1', kind: 'Pod' },
          { namespace: ns, labelSelector: predictorSelector },
        )
      ).items;
      return pods.length === replicas && pods.every(podReady);
    },
    { timeoutMs: 90_000 },
  );
  // A reconcile that read the service before KServe was done may still be about to write what it
  // saw. Its status write carries the resourceVersion it read: touching the service makes that
  // write fail with a conflict, and the reconcile starts over from what is there now.
  await client().mergePatch(
    serviceKey(ns, name),
    { metadata: { annotations: { 'e2e.aim.eai.amd.com/settled-at': new Date().toISOString() } } },
    { fieldManager: 'e2e-settle' },
  );
  return serviceWhere(
    ns,
    name,
    `Running with ${replicas} replicas`,
    (svc) => svc.status?.status === 'Running' && svc.status?.runtime?.replicas === String(replicas),
  );
}

const WRITE_METHODS = new Set(['apply', 'applyStatus', 'mergePatch', 'create', 'replace', 'delete']);

/**
 * One in-process reconcile of a service with isvc-render's reconciler and field manager against
 * the real API server (managedFields and all); the write calls it made.
 */
async function writesOfOneReconcile(ns: string, name: string): Promise<string[]> {
  const writes: string[] = [];
  const real = client();
  const recording = new Proxy(real, {
    get(target, property) {
      const value = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (WRITE_METHODS.has(String(property))) writes.push(String(property));
        return value.apply(target, args);
      };
    },
  });
  const silent = { debug() {}, info() {}, warn() {}, error() {} };
  await reconcileObject(
    {
      client: recording,
      log: silent,
      now: () => new Date(),
      fieldManager: 'aim-isvc-render',
      operatorNamespace: 'aim-system',
    },
    isvcRenderReconciler(),
    serviceKey(ns, name),
  );
  return writes;
}

async function rejected(write: Promise<unknown>): Promise<KubeError> {
  try {
    await write;
  } catch (err) {
    if (err instanceof KubeError) return err;
    throw err;
  }
  throw new Error('the API server accepted the write');
}

describe('isvc-render on a real API server', () => {
  const NS = 'isvc-life';
  const NAME = 'lifecycle';

  it('Pending while the model is not Ready; nothing rendered', async () => {
    await readyInputs(client(), NS);
    await model(client(), NS, 'Progressing');
    await service(client(), NS, NAME, {
      env: [{ name: 'HF_HOME', value: '/tmp/hf' }],
      imagePullSecrets: [{ name: 'regcred' }],
      serviceAccountName: 'inference',
    });
    await resolveService(client(), NS, NAME, false);
    // Pending is also the CRD default: wait for isvc-render's own verdict.
    const pending = await serviceWhere(
      NS,
      NAME,
      'Pending with the InferenceService waiting',
      (svc) => svc.status?.status === 'Pending' && conditionOf(svc, 'InferenceServiceReady') !== undefined,
    );
    expect(conditionOf(pending, 'InferenceServiceReady')).toMatchObject({
      status: 'False',
      reason: 'CreatingRuntime',
      message: 'InferenceService not found; it is created once the model is ready',
    });
    expect(await getIsvc(NS, NAME)).toBeUndefined();
  });

  it('creates the golden InferenceService once the model is Ready (Starting), then Running when KServe reports Ready', async () => {
    await model(client(), NS);
    await resolveService(client(), NS, NAME, true);
    const starting = await serviceWhere(
      NS,
      NAME,
      'Starting with an InferenceService',
      (svc) =>
        svc.status?.status === 'Starting' &&
        hasCondition(svc, 'InferenceServiceReady', 'False', 'CreatingRuntime'),
    );
    // The cache is isvc-render's to report: found by its template, named once Ready.
    expect(conditionOf(starting, 'CacheReady')).toMatchObject({ status: 'True', reason: 'CacheReady' });
    expect(starting.status?.cache?.templateCacheRef).toMatchObject({ name: CACHE, namespace: NS });
    const isvc = await getIsvc(NS, NAME);
    expect(isvc).toBeDefined();
    expect(isvc?.metadata.name).toBe(isvcName({ name: NAME, namespace: NS }));
    expect(isvc?.metadata.labels).toEqual({
      'app.kubernetes.io/component': 'inference',
      'app.kubernetes.io/managed-by': 'aim-engine',
      'aim.eai.amd.com/template': TEMPLATE,
      'aim.eai.amd.com/service': NAME,
      'aim.eai.amd.com/model': MODEL,
      'aim.eai.amd.com/metric': 'latency',
      'aim.eai.amd.com/precision': 'fp16',
      'aim.eai.amd.com/tier': 'gold',
      'aim.eai.amd.com/service.name': NAME,
    });
    // KServe's defaulting webhook records the deployment mode it resolved (the cluster default).
    expect(isvc?.metadata.annotations).toEqual({
      'serving.kserve.io/autoscalerClass': 'none',
      'serving.kserve.io/deploymentMode': 'Standard',
    });
    expect(isvc?.metadata.ownerReferences).toEqual([
      { apiVersion: AIM, kind: 'AIMService', name: NAME, uid: starting.metadata.uid, controller: true },
    ]);
    expect(isvc?.spec).toEqual({
      predictor: {
        minReplicas: 1,
        maxReplicas: 1,
        imagePullSecrets: [{ name: 'regcred' }],
        serviceAccountName: 'inference',
        affinity: {
          nodeAffinity: {
            requiredDuringSchedulingIgnoredDuringExecution: {
              nodeSelectorTerms: [
                {
                  matchExpressions: [
                    { key: 'amd.com/gpu.device-id', operator: 'In', values: ['74a1', '74b5'] },
                  ],
                },
              ],
            },
          },
        },
        containers: [
          {
            name: 'kserve-container',
            image: IMAGE,
            ports: [{ containerPort: 8000, name: 'http', protocol: 'TCP' }],
            env: [
              { name: 'AIM_CACHE_PATH', value: '/workspace/cache' },
              { name: 'AIM_ENGINE_ARGS', value: '{"max-model-len":4096,"tensor-parallel-size":1}' },
              { name: 'AIM_METRIC', value: 'latency' },
              { name: 'AIM_PRECISION', value: 'fp16' },
              { name: 'AIM_PROFILE_ID', value: 'mi300x-fp16-latency' },
              { name: 'HF_HOME', value: '/tmp/hf' },
              { name: 'VLLM_ENABLE_METRICS', value: 'true' },
              { name: 'VLLM_USE_V1', value: '1' },
            ],
            resources: {
              limits: { memory: '48Gi', 'amd.com/gpu': '1' },
              requests: { cpu: '6', memory: '32Gi', 'amd.com/gpu': '1' },
            },
            volumeMounts: [
              { name: 'dshm', mountPath: '/dev/shm' },
              { name: ARTIFACT, mountPath: '/workspace/cache/org/tiny-model' },
            ],
          },
        ],
        volumes: [
          { name: 'dshm', emptyDir: { medium: 'Memory', sizeLimit: '8Gi' } },
          { name: ARTIFACT, persistentVolumeClaim: { claimName: PVC } },
        ],
      },
    });

    // The predictor pod lands on the MI300X node the affinity names.
    const pods = await eventually('a scheduled predictor pod', async () => {
      const list = await client().list(
        { apiVersion: 'v1', kind: 'Pod' },
        { namespace: NS, labelSelector: `serving.kserve.io/inferenceservice=${isvc?.metadata.name}` },
      );
      return list.items.find((pod) => pod.spec?.nodeName) ? list.items : false;
    });
    expect(pods.map((pod) => pod.spec?.nodeName)).toContain('sim-mi300x-0');

    await writeSimulatorRules(client(), rules(true));
    // The held pods keep the behaviour they started with: their ReplicaSet replaces them.
    for (const pod of pods) {
      await client().delete({
        apiVersion: 'v1',
        kind: 'Pod',
        namespace: NS,
        name: pod.metadata.name,
      });
    }
    const running = await serviceWhere(NS, NAME, 'Running', (svc) => svc.status?.status === 'Running');
    const readyIsvc = await getIsvc(NS, NAME);
    expect(running.status.url).toBe(readyIsvc?.status?.url);
    expect(running.status.runtime).toEqual({
      currentReplicas: 1,
      desiredReplicas: 1,
      minReplicas: 1,
      maxReplicas: 1,
      replicas: '1',
    });
    expect(conditionOf(running, 'Ready')).toMatchObject({ status: 'True', reason: 'AllComponentsReady' });
    expect(conditionOf(running, 'InferenceServicePodsReady')).toMatchObject({
      status: 'True',
      reason: 'PodsReady',
    });
    expect(running.status.observedGeneration).toBe(running.metadata.generation);
    // Events are written after the status write that said Running: poll for them. The Ready
    // transition's Event tells that the service runs; no second Event repeats it.
    const events = await eventually('the creation and Running events', async () => {
      const found = await eventsAbout(client(), NS, 'AIMService', NAME);
      const reasons = found.map((event) => event.reason);
      // Said with the transition of the same write (CreatingRuntime, or CacheReady's consequence).
      const created = found.some((event) => /Created InferenceService /.test(String(event.message)));
      return created && reasons.includes('AllComponentsReady') && found;
    });
    expect(events.find((event) => event.reason === 'AllComponentsReady')?.message).toMatch(
      /^Service is running/,
    );
    expect(events.map((event) => event.reason)).not.toContain('ServiceRunning');
  });

  it('a reconcile of the unchanged Running service writes nothing to the real API server', async () => {
    await settledRunning(NS, NAME, 1);
    expect(await writesOfOneReconcile(NS, NAME)).toEqual([]);
  });

  it('carries replicas and autoscaling changes to the InferenceService, and reads KEDA’s HPA', async () => {
    const autoscaling = {
      minReplicas: 1,
      maxReplicas: 3,
      autoScaling: {
        metrics: [
          {
            type: 'PodMetric',
            podmetric: {
              metric: {
                backend: 'opentelemetry',
                metricNames: ['vllm:num_requests_running'],
                query: 'vllm:num_requests_running',
              },
              target: { type: 'Value', value: '8' },
            },
          },
        ],
      },
    };
    await service(client(), NS, NAME, autoscaling);
    const name = isvcName({ name: NAME, namespace: NS });
    const scaled = await eventually('the InferenceService autoscaled by KEDA', async () => {
      const isvc = await getIsvc(NS, NAME);
      return isvc?.metadata.annotations?.['serving.kserve.io/autoscalerClass'] === 'keda' ? isvc : false;
    });
    expect(scaled.metadata.annotations).toEqual({
      'serving.kserve.io/autoscalerClass': 'keda',
      'serving.kserve.io/deploymentMode': 'Standard',
      'sidecar.opentelemetry.io/inject': `${name}-predictor`,
      'prometheus.kserve.io/port': '8000',
    });
    expect(scaled.spec.predictor).toMatchObject({
      minReplicas: 1,
      maxReplicas: 3,
      autoScaling: {
        metrics: [
          {
            type: 'PodMetric',
            podmetric: {
              metric: {
                backend: 'opentelemetry',
                metricNames: ['vllm:num_requests_running'],
                query: 'vllm:num_requests_running',
              },
              target: { type: 'Value', value: '8' },
            },
          },
        ],
      },
    });
    // KServe makes a ScaledObject for its Deployment; the HPA is the one KEDA derives from it
    // (played by the simulator: KEDA does not run here), under the name isvc-render reads.
    const scaledObject = await eventually("KServe's ScaledObject", () =>
      client().getOptional({ ...SCALED_OBJECT_GVK, namespace: NS, name: `${name}-predictor` }),
    );
    expect(scaledObject.spec).toMatchObject({
      scaleTargetRef: { name: `${name}-predictor` },
      minReplicaCount: 1,
      maxReplicaCount: 3,
    });
    expect(scaledObject.metadata.ownerReferences?.[0]).toMatchObject({ kind: 'InferenceService', name });
    const hpa = await eventually("KEDA's HPA", () =>
      client().getOptional({ ...HPA_GVK, namespace: NS, name: kedaHpaName(name) }),
    );
    expect(hpa.spec.scaleTargetRef).toEqual({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      name: `${name}-predictor`,
    });
    const operational = await serviceWhere(NS, NAME, 'HPAOperational', (svc) =>
      hasCondition(svc, 'HPAReady', 'True', 'HPAOperational'),
    );
    expect(operational.status.runtime).toMatchObject({ minReplicas: 1, maxReplicas: 3 });
    expect(operational.status.runtime.replicas).toMatch(/^\d+\/\d+ \(1-3\)$/);

    // Back to fixed replicas: autoscaling fields leave the InferenceService.
    await service(client(), NS, NAME, { replicas: 2 });
    const fixed = await eventually('the InferenceService with 2 fixed replicas', async () => {
      const isvc = await getIsvc(NS, NAME);
      return isvc?.spec?.predictor?.minReplicas === 2 ? isvc : false;
    });
    expect(fixed.metadata.annotations).toEqual({
      'serving.kserve.io/autoscalerClass': 'none',
      'serving.kserve.io/deploymentMode': 'Standard',
    });
    expect(fixed.spec.predictor.maxReplicas).toBe(2);
    expect(fixed.spec.predictor.autoScaling).toBeUndefined();
    await serviceWhere(
      NS,
      NAME,
      'Running with 2 replicas and the HPA condition released',
      (svc) =>
        svc.status?.status === 'Running' &&
        hasCondition(svc, 'HPAReady', 'True', 'AutoscalingDisabled') &&
        svc.status?.runtime?.replicas === '2',
    );
  });
});

describe('routing', () => {
  const NS = 'isvc-route';
  const NAME = 'routed';
  const gatewayRef = { name: 'llm', namespace: 'gateways' };
  const routeKey = { ...ROUTE_GVK, namespace: NS, name: aimRouteName({ name: NAME, namespace: NS }) };

  it('renders the HTTPRoute, which the real HTTPRoute CRD accepts, and is Ready once the gateway accepts it', async () => {
    await readyInputs(client(), NS);
    await resolvedService(client(), NS, NAME, {
      routing: {
        enabled: true,
        gatewayRef,
        pathTemplate: "/{.metadata.labels['team']}/{.metadata.name}",
        requestTimeout: '90.5s',
        annotations: { 'example.com/owner': 'e2e' },
      },
    });
    const svc = await serviceWhere(NS, NAME, 'HTTPRoute accepted', (s) =>
      hasCondition(s, 'HTTPRouteReady', 'True', 'HTTPRouteAccepted'),
    );
    expect(svc.status.routing).toEqual({ path: '/e2e/routed' });
    const route = await client().get(routeKey);
    const isvc = isvcName({ name: NAME, namespace: NS });
    expect(route.metadata.labels).toMatchObject({
      'app.kubernetes.io/component': 'routing',
      'app.kubernetes.io/managed-by': 'aim-engine',
      'aim.eai.amd.com/service': NAME,
      'aim.eai.amd.com/service.name': NAME,
    });
    expect(route.metadata.annotations).toEqual({ 'example.com/owner': 'e2e' });
    expect(route.spec.parentRefs).toEqual([
      { group: 'gateway.networking.k8s.io', kind: 'Gateway', ...gatewayRef },
    ]);
    expect(route.spec.rules).toEqual([
      {
        matches: [{ path: { type: 'PathPrefix', value: '/e2e/routed' } }],
        filters: [
          {
            type: 'URLRewrite',
            urlRewrite: { path: { type: 'ReplacePrefixMatch', replacePrefixMatch: '/' } },
          },
        ],
        backendRefs: [
          { group: '', kind: 'Service', name: `${isvc}-predictor`, namespace: NS, port: 80, weight: 1 },
        ],
        timeouts: { request: '1m30s500ms' },
      },
    ]);
    // Never one of the names KServe gives its own routes.
    expect([isvc, `${isvc}-predictor`]).not.toContain(route.metadata.name);
  });

  it('a path template naming a missing label: PathTemplateInvalid, and the route stays as it was', async () => {
    const before = await client().get(routeKey);
    await service(client(), NS, NAME, {
      routing: { enabled: true, gatewayRef, pathTemplate: "/{.metadata.labels['no-such-label']}" },
    });
    const failed = await serviceWhere(NS, NAME, 'PathTemplateInvalid', (s) =>
      hasCondition(s, 'HTTPRouteReady', 'False', 'PathTemplateInvalid'),
    );
    expect(failed.status.status).toBe('Failed');
    expect(conditionOf(failed, 'HTTPRouteReady')?.message).toContain(
      '.metadata.labels.no-such-label not found',
    );
    // The gateway may write the route's status; its spec (generation) is what must not move.
    const after = await client().get(routeKey);
    expect(after.metadata.generation).toBe(before.metadata.generation);
    expect(after.spec).toEqual(before.spec);
    expect(failed.status.routing).toEqual({ path: '/e2e/routed' });
  });
});

/** Sets `deploy.defaultDeploymentMode` of KServe's ConfigMap, as a cluster owner would. */
async function kserveDefaultMode(mode: 'Knative' | 'Standard'): Promise<void> {
  await client().mergePatch(
    { apiVersion: 'v1', kind: 'ConfigMap', namespace: 'kserve', name: 'inferenceservice-config' },
    { data: { deploy: JSON.stringify({ defaultDeploymentMode: mode }) } },
    { fieldManager: 'e2e-cluster-owner' },
  );
}

describe('predictor pod failures', () => {
  const NS = 'isvc-pods';

  it('ImagePullBackOff for denied access, OOMKilled and FailedScheduling show with their reasons', async () => {
    await readyInputs(client(), NS);
    await resolvedService(client(), NS, 'pull-denied');
    await resolvedService(client(), NS, 'oom-killer');
    await resolvedService(client(), NS, 'too-big', {
      resources: { requests: { 'amd.com/gpu': '20' }, limits: { 'amd.com/gpu': '20' } },
    });
    const pull = await serviceWhere(NS, 'pull-denied', 'ImagePullAuthFailure', (s) =>
      hasCondition(s, 'InferenceServicePodsReady', 'False', 'ImagePullAuthFailure'),
    );
    expect(conditionOf(pull, 'InferenceServicePodsReady')?.message).toContain('401 Unauthorized');
    expect(pull.status.status).toBe('Failed');

    const oom = await serviceWhere(NS, 'oom-killer', 'PodOOMKilled', (s) =>
      hasCondition(s, 'InferenceServicePodsReady', 'False', 'PodOOMKilled'),
    );
    expect(oom.status.status).toBe('Failed');

    // KServe's Warning Event (not watched: read when the service is reconciled, e.g. on resync).
    // A cluster whose KServe defaults to Knative mode without Knative Serving: KServe's own
    // controller refuses the InferenceService (the cluster default is read at admission).
    await kserveDefaultMode('Knative');
    try {
      await resolvedService(client(), NS, 'knative-mode');
      // KServe records the mode it resolved in the status, where it stays.
      await eventually('KServe resolving the InferenceService to Knative mode', async () => {
        const isvc = await getIsvc(NS, 'knative-mode');
        return isvc?.status?.deploymentMode === 'Knative';
      });
    } finally {
      await kserveDefaultMode('Standard');
    }
    const knative = await serviceWhere(NS, 'knative-mode', 'ServerlessModeRejected', (s) =>
      hasCondition(s, 'InferenceServiceReady', 'False', 'ServerlessModeRejected'),
    );
    expect(knative.status.status).toBe('Failed');

    // The pod can first be unschedulable for its cache claim, which the simulator binds a moment
    // later: wait for the verdict about the GPUs.
    const big = await serviceWhere(
      NS,
      'too-big',
      'FailedScheduling for lack of GPUs',
      (s) =>
        hasCondition(s, 'InferenceServicePodsReady', 'False', 'FailedScheduling') &&
        String(conditionOf(s, 'InferenceServicePodsReady')?.message).includes('Insufficient amd.com/gpu'),
    );
    expect(conditionOf(big, 'InferenceServicePodsReady')?.message).toContain('Insufficient amd.com/gpu');
    expect(big.status.status).toBe('Pending');
  });
});

describe('bad input and faults', () => {
  const NS = 'isvc-faults';
  const NAME = 'faulty';

  it('recreates a deleted InferenceService and brings back a hand-edited one', async () => {
    await readyInputs(client(), NS);
    await resolvedService(client(), NS, NAME);
    const first = await eventually('the InferenceService', () => getIsvc(NS, NAME));
    await client().delete(isvcKey(NS, NAME));
    const second = await eventually('a recreated InferenceService', async () => {
      const isvc = await getIsvc(NS, NAME);
      return isvc !== undefined && isvc.metadata.uid !== first.metadata.uid ? isvc : false;
    });
    await client().mergePatch(
      isvcKey(NS, NAME),
      {
        spec: {
          predictor: {
            minReplicas: 4,
            maxReplicas: 4,
            containers: [{ name: 'kserve-container', image: 'example.com/x:1' }],
          },
        },
      },
      { fieldManager: 'kubectl-edit' },
    );
    const restored = await eventually('the hand edit undone', async () => {
      const isvc = await getIsvc(NS, NAME);
      return isvc?.spec.predictor.minReplicas === 1 && isvc.spec.predictor.containers[0].image === IMAGE
        ? isvc
        : false;
    });
    expect(restored.metadata.uid).toBe(second.metadata.uid);
    expect(restored.spec.predictor.containers[0].env).toEqual(second.spec.predictor.containers[0].env);
  });

  it('the CRD rejects invalid env names, unparseable resources and negative or out-of-range replicas', async () => {
    const write = (spec: Record<string, unknown>) => rejected(service(client(), NS, NAME, spec));
    for (const spec of [
      { env: [{ name: 'BAD=NAME', value: '1' }] },
      { resources: { limits: { memory: 'lots' } } },
      { replicas: -1 },
      { minReplicas: 0 },
      { replicas: 2_147_483_648 },
    ]) {
      const err = await write(spec);
      expect(err.reason, JSON.stringify(spec)).toBe('Invalid');
    }
  });

  it('minReplicas above maxReplicas: InvalidReplicas, the service Failed and the InferenceService unchanged', async () => {
    const before = await client().get(isvcKey(NS, NAME));
    await service(client(), NS, NAME, { minReplicas: 5, maxReplicas: 2 });
    const failed = await serviceWhere(NS, NAME, 'InvalidReplicas', (s) =>
      hasCondition(s, 'InferenceServiceReady', 'False', 'InvalidReplicas'),
    );
    expect(failed.status.status).toBe('Failed');
    expect(conditionOf(failed, 'ConfigValid')).toMatchObject({ status: 'False', reason: 'InvalidSpec' });
    // KServe keeps writing the status; the spec (generation) is what must not move.
    const after = await client().get(isvcKey(NS, NAME));
    expect(after.metadata.generation).toBe(before.metadata.generation);
    expect(after.spec).toEqual(before.spec);
    await service(client(), NS, NAME, {});
    await serviceWhere(NS, NAME, 'recovered', (s) => s.status?.status === 'Running');
  });
});

describe('KServe’s full InferenceService CRD', () => {
  it('accepts every InferenceService shape isvc-render renders, without pruning a field', async () => {
    const crds = parseAllDocuments(thirdPartyCrdYaml('inferenceServiceFull'))
      .map((doc) => doc.toJS() as KubeObject)
      .filter((object) => object?.kind === 'CustomResourceDefinition');
    for (const crd of crds) await client().apply(crd, { fieldManager: 'e2e-isvc-render', force: true });
    await eventually('the full CRD served', async () => {
      const crd = await client().get({
        apiVersion: 'apiextensions.k8s.io/v1',
        kind: 'CustomResourceDefinition',
        name: 'inferenceservices.serving.kserve.io',
      });
      const structural =
        crd.spec?.versions?.[0]?.schema?.openAPIV3Schema?.properties?.spec?.properties !== undefined;
      const established = (crd.status?.conditions ?? []).some(
        (c: { type: string; status: string }) => c.type === 'Established' && c.status === 'True',
      );
      return structural && established;
    });

    const NS = 'isvc-life';
    const base = {
      isvcName: isvcName({ name: 'full-crd', namespace: NS }),
      service: {
        name: 'full-crd',
        namespace: NS,
        spec: {
          env: [
            { name: 'HF_TOKEN', valueFrom: { secretKeyRef: { name: 'hf', key: 'token' } } },
            { name: 'AIM_ENGINE_ARGS', value: '{"max-model-len":2048}' },
          ],
          resources: { limits: { memory: '64Gi' }, requests: { cpu: '8' } },
          imagePullSecrets: [{ name: 'regcred' }],
          serviceAccountName: 'inference',
        },
      },
      modelImage: IMAGE,
      template: {
        name: TEMPLATE,
        spec: {
          modelName: MODEL,
          metric: 'latency',
          precision: 'fp16',
          profileId: 'p',
          modelSources: [{ modelId: 'org/m' }],
        },
        status: {
          resolvedHardware: { gpu: { requests: 2, resourceName: 'amd.com/gpu' } },
          resolvedNodeAffinity: MI300X_AFFINITY,
          profile: { metadata: { metric: 'latency', precision: 'fp16' } },
        },
      },
      runtimeConfigEnv: [{ name: 'HTTP_PROXY', value: 'http://proxy:3128' }],
      cacheVolumes: cacheVolumesFromArtifacts({
        [ARTIFACT]: { name: ARTIFACT, model: 'org/tiny-model', status: 'Ready', persistentVolumeClaim: PVC },
      }),
    };
    const variants = [
      { replicas: 2 },
      { replicas: 0 },
      {
        minReplicas: 1,
        maxReplicas: 4,
        autoScaling: {
          metrics: [
            {
              type: 'PodMetric' as const,
              podmetric: {
                metric: {
                  backend: 'opentelemetry' as const,
                  serverAddress: 'keda-otel:4317',
                  metricNames: ['vllm:num_requests_running'],
                  query: 'sum(vllm:num_requests_running)',
                  operationOverTime: 'avg',
                },
                // KServe's validator requires target.value for a PodMetric, whatever its type.
                target: { type: 'AverageValue' as const, value: '4', averageValue: '4' },
              },
            },
          ],
        },
      },
    ];
    for (const scaling of variants) {
      const rendered = renderInferenceService({
        ...base,
        service: { ...base.service, spec: { ...base.service.spec, ...scaling } },
      });
      if (!rendered.ok) throw new Error(JSON.stringify(rendered.problems));
      const stored = await client().apply(rendered.isvc, { fieldManager: 'e2e-isvc-render', dryRun: true });
      // Nothing pruned: every rendered field survives KServe's schema.
      expect(isContainedIn(rendered.isvc.spec, stored.spec), JSON.stringify(scaling)).toBe(true);
      expect(isContainedIn(rendered.isvc.metadata.annotations, stored.metadata.annotations)).toBe(true);
    }

    // And isvc-render itself keeps applying against it: a change reaches the InferenceService.
    await service(client(), NS, 'lifecycle', { replicas: 3 });
    const isvc = await eventually('3 replicas under the full CRD', async () => {
      const object = await getIsvc(NS, 'lifecycle');
      return object?.spec?.predictor?.minReplicas === 3 ? object : false;
    });
    expect(isvc.spec.predictor.containers[0].name).toBe('kserve-container');
    // Running with 3 replicas is already true before KServe starts the third pod; the "nothing to
    // write" below is about the service once KServe and isvc-render both caught up.
    const svc = await settledRunning(NS, 'lifecycle', 3);
    expect(svc.status.runtime.replicas).toBe('3');
    expect(conditionOf(svc, 'DependenciesReachable')?.status ?? 'True').toBe('True');
    // KServe's schema adds its defaults; the next reconcile still finds nothing to write.
    expect(await writesOfOneReconcile(NS, 'lifecycle')).toEqual([]);
  });
});
