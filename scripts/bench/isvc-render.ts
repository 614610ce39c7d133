/**
 * `npm run bench -- isvc-render`: what isvc-render costs per AIMService.
 *
 * 1. Rendering time of the pure functions (no I/O): `renderInferenceService` alone, and the whole
 *    per-service decision (InferenceService + HTTPRoute) as the reconciler computes it.
 * 2. Kubernetes API requests per reconcile for 1,000 Running services on the in-memory
 *    FakeKubeClient (every client call counts as one request, as against an API server): the sweep
 *    that creates the InferenceServices, the one that sees them Running, a steady-state sweep
 *    (target: no writes), one service reconciled alone (what an event costs), and event mapping.
 */
import { performance } from 'node:perf_hooks';
import { AIMServiceSchema } from '../../shared/api/aim-service.ts';
import type { ApiServerEvent } from '../../shared/events/apiserver-event.ts';
import { mapIsvcRenderEvents } from '../../shared/inference/event-mapping.ts';
import { cacheVolumesFromArtifacts } from '../../shared/inference/isvc-volumes.ts';
import { decideHttpRoute, decideInferenceService } from '../../shared/inference/render-decision.ts';
import type { RenderFetched } from '../../shared/inference/render-fetch.ts';
import { type InferenceServiceInputs, renderInferenceService } from '../../shared/inference/render-isvc.ts';
import { isvcRenderReconciler } from '../../shared/inference/render-reconciler.ts';
import { aimRouteName } from '../../shared/inference/route-name.ts';
import { effectiveRouting } from '../../shared/inference/routing-config.ts';
import type { KubeObject } from '../../shared/kube/types.ts';
import { isvcName } from '../../shared/naming/service-names.ts';
import { createLogger } from '../../shared/observability/logger.ts';
import { fetched } from '../../shared/reconcile/health.ts';
import { type ReconcileContext, reconcileAll, reconcileObject } from '../../shared/reconcile/pipeline.ts';
import { FakeKubeClient } from '../../test/support/fake-kube.ts';

const API = 'aim.eai.amd.com/v1alpha1';
const NS = 'bench';
const SERVICES = 1000;
const RENDER_ITERATIONS = 20_000;
const WRITES = new Set(['apply', 'applyStatus', 'create', 'replace', 'mergePatch', 'delete']);

const ARTIFACT = 'hf---meta-llama-llama-3-1-8b-instruct-0123456789';
const artifacts = {
  [ARTIFACT]: {
    name: ARTIFACT,
    model: 'meta-llama/Llama-3.1-8B-Instruct',
    status: 'Ready',
    persistentVolumeClaim: `${ARTIFACT}-cache`,
  },
};
const affinity = {
  requiredDuringSchedulingIgnoredDuringExecution: {
    nodeSelectorTerms: [
      { matchExpressions: [{ key: 'amd.com/gpu.device-id', operator: 'In', values: ['74b5', '74a1'] }] },
    ],
  },
};
const templateSpec = {
  modelName: 'llama',
  metric: 'latency' as const,
  precision: 'fp8' as const,
  profileId: 'mi300x-fp8-latency',
  env: [{ name: 'AIM_ENGINE_ARGS', value: '{"max-model-len":8192,"tensor-parallel-size":1}' }],
};
const templateStatus = {
  status: 'Ready',
  resolvedHardware: { gpu: { requests: 1, resourceName: 'amd.com/gpu' } },
  resolvedNodeAffinity: affinity,
  profile: { metadata: { metric: 'latency', precision: 'fp8' } },
};

function renderInputs(): InferenceServiceInputs {
  return {
    isvcName: isvcName({ name: 'chat', namespace: NS }),
    service: {
      name: 'chat',
      namespace: NS,
      spec: {
        minReplicas: 1,
        maxReplicas: 4,
        env: [
          { name: 'AIM_ENGINE_ARGS', value: '{"max-num-seqs":128}' },
          { name: 'HF_HOME', value: '/tmp/hf' },
        ],
        resources: { limits: { memory: '64Gi' } },
        imagePullSecrets: [{ name: 'regcred' }],
      },
    },
    modelImage: 'amdenterpriseai/aim-meta-llama-llama-3-1-8b-instruct:0.8.5',
    template: { name: 'llama-mi300x-fp8-lat', spec: templateSpec, status: templateStatus },
    runtimeConfigEnv: [{ name: 'HTTP_PROXY', value: 'http://proxy:3128' }],
    cacheVolumes: cacheVolumesFromArtifacts(artifacts),
  };
}

function timeIt(iterations: number, run: () => void): { meanUs: number; p50Us: number; p95Us: number } {
  for (let i = 0; i < 1000; i++) run();
  const samples: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const start = performance.now();
    run();
    samples.push((performance.now() - start) * 1000);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))] ?? 0;
  return { meanUs: samples.reduce((sum, x) => sum + x, 0) / samples.length, p50Us: at(0.5), p95Us: at(0.95) };
}

function serviceObject(i: number): KubeObject {
  return {
    apiVersion: API,
    kind: 'AIMService',
    metadata: { name: `svc-${i}`, namespace: NS, uid: `uid-${i}`, labels: { team: 'bench' } },
    spec: {
      model: { name: 'llama' },
      ...(i % 2 === 0 ? { minReplicas: 1, maxReplicas: 3 } : { replicas: 1 }),
      ...(i % 4 === 1
        ? { routing: { enabled: true, gatewayRef: { name: 'gw', namespace: 'gateways' } } }
        : {}),
    },
    status: {
      resolvedModel: { name: 'llama', namespace: NS, scope: 'Namespace' },
      resolvedTemplate: { name: 'llama-mi300x-fp8-lat', namespace: NS, scope: 'Namespace' },
      cache: { templateCacheRef: { name: 'llama-cache', namespace: NS } },
      conditions: ['ModelReady', 'TemplateReady', 'CacheReady'].map((type) => ({
        type,
        status: 'True',
        reason: 'Ready',
        message: '',
        lastTransitionTime: '2026-01-01T00:00:00Z',
      })),
      componentHealth: ['Model', 'Template', 'Cache'].map((component) => ({
        component,
        state: 'Ready',
        reason: 'Ready',
        message: '',
        dependencyType: component === 'Cache' ? 'Downstream' : 'Upstream',
      })),
    },
  };
}

function pureDecision(): () => void {
  const svc = AIMServiceSchema.parse({ ...serviceObject(1), status: undefined });
  const input: RenderFetched = {
    service: serviceObject(1),
    runtimeConfig: undefined,
    routing: effectiveRouting(svc.spec.routing, undefined),
    autoscaling: false,
    isvcName: { ok: true, name: isvcName({ name: 'svc-1', namespace: NS }) },
    routeName: aimRouteName({ name: 'svc-1', namespace: NS }),
    isvc: fetched(undefined),
    model: fetched({
      apiVersion: API,
      kind: 'AIMModel',
      metadata: { name: 'llama', namespace: NS },
      spec: { image: 'x/llama:1' },
      status: { status: 'Ready' },
    }),
    template: fetched({
      apiVersion: API,
      kind: 'AIMServiceTemplate',
      metadata: { name: 'llama-mi300x-fp8-lat', namespace: NS },
      spec: templateSpec,
      status: templateStatus,
    }),
    cache: fetched({
      apiVersion: API,
      kind: 'AIMTemplateCache',
      metadata: { name: 'llama-cache', namespace: NS },
      spec: { templateName: 'llama-mi300x-fp8-lat' },
      status: { status: 'Ready', artifacts },
    }),
    missingClaims: [],
  };
  return () => {
    decideInferenceService(svc, input);
    decideHttpRoute(svc, input);
  };
}

function inputs(): KubeObject[] {
  return [
    {
      apiVersion: API,
      kind: 'AIMModel',
      metadata: { name: 'llama', namespace: NS },
      spec: { image: 'x/llama:1' },
      status: { status: 'Ready' },
    },
    {
      apiVersion: API,
      kind: 'AIMServiceTemplate',
      metadata: { name: 'llama-mi300x-fp8-lat', namespace: NS },
      spec: templateSpec,
      status: templateStatus,
    },
    {
      apiVersion: API,
      kind: 'AIMTemplateCache',
      metadata: { name: 'llama-cache', namespace: NS },
      spec: { templateName: 'llama-mi300x-fp8-lat', templateScope: 'Namespace', mode: 'Shared' },
      status: { status: 'Ready', artifacts },
    },
  ];
}

/** What KServe, the gateway and KEDA report once everything runs. */
async function markRunning(client: FakeKubeClient): Promise<void> {
  const since = '2026-01-01T00:10:00Z';
  for (const isvc of client.objects({ apiVersion: 'serving.kserve.io/v1beta1', kind: 'InferenceService' })) {
    const name = isvc.metadata.name;
    await client.applyStatus(
      {
        ...isvc,
        metadata: { name, namespace: NS },
        status: {
          url: `http://${name}.${NS}.example.com`,
          conditions: [{ type: 'Ready', status: 'True', lastTransitionTime: since }],
        },
      },
      { fieldManager: 'kserve' },
    );
    client.seed({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: {
        name: `${name}-predictor-0`,
        namespace: NS,
        labels: { 'serving.kserve.io/inferenceservice': name },
      },
      status: { phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }] },
    });
    if (isvc.metadata.annotations?.['serving.kserve.io/autoscalerClass'] === 'keda') {
      client.seed({
        apiVersion: 'autoscaling/v2',
        kind: 'HorizontalPodAutoscaler',
        metadata: { name: `keda-hpa-${name}-predictor`, namespace: NS },
        spec: { minReplicas: 1, maxReplicas: 3 },
        status: {
          currentReplicas: 1,
          desiredReplicas: 1,
          conditions: [
            { type: 'AbleToScale', status: 'True' },
            { type: 'ScalingActive', status: 'True' },
          ],
        },
      });
    }
  }
  for (const route of client.objects({ apiVersion: 'gateway.networking.k8s.io/v1', kind: 'HTTPRoute' })) {
    await client.applyStatus(
      {
        ...route,
        metadata: { name: route.metadata.name, namespace: NS },
        status: {
          parents: [
            {
              parentRef: { name: 'gw' },
              controllerName: 'x',
              conditions: [{ type: 'Accepted', status: 'True' }],
            },
          ],
        },
      },
      { fieldManager: 'gateway' },
    );
  }
}

const render = timeIt(RENDER_ITERATIONS, () => renderInferenceService(renderInputs()));
const decide = timeIt(RENDER_ITERATIONS, pureDecision());

const client = new FakeKubeClient().seedAs(
  'aim-service-resolve',
  ...Array.from({ length: SERVICES }, (_, i) => serviceObject(i)),
);
client.seed(...inputs());
const ctx: ReconcileContext = {
  client,
  log: createLogger({ function: 'bench', level: 'fatal' }),
  now: () => new Date('2026-01-01T01:00:00Z'),
  fieldManager: 'aim-isvc-render',
  operatorNamespace: 'aim-system',
};
const reconciler = isvcRenderReconciler();
const writes = () => client.calls.filter((call) => WRITES.has(call.method)).length;

async function sweep(label: string) {
  client.resetCalls();
  const started = performance.now();
  const result = await reconcileAll(ctx, reconciler);
  const elapsedMs = performance.now() - started;
  if (result.failed > 0) throw new Error(`${label}: ${result.failed} reconciles failed`);
  const statuses = new Map<string, number>();
  for (const entry of result.entries) {
    const status = entry.outcome?.status ?? '?';
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
  }
  return {
    label,
    requestsPerService: result.apiRequests / SERVICES,
    writesPerService: writes() / SERVICES,
    msPerService: elapsedMs / SERVICES,
    statuses: [...statuses].map(([status, n]) => `${status}:${n}`).join(' '),
  };
}

const rows = [await sweep('first sweep (creates InferenceServices, routes)')];
await markRunning(client);
rows.push(await sweep('sweep after KServe reports Ready'));
rows.push(await sweep('steady-state sweep (nothing changed)'));

client.resetCalls();
const single = await reconcileObject(ctx, reconciler, {
  apiVersion: API,
  kind: 'AIMService',
  namespace: NS,
  name: 'svc-1',
});
const singleWrites = writes();
client.resetCalls();
const singleAutoscaled = await reconcileObject(ctx, reconciler, {
  apiVersion: API,
  kind: 'AIMService',
  namespace: NS,
  name: 'svc-0',
});
const singleAutoscaledWrites = writes();

const isvc = client.objects({
  apiVersion: 'serving.kserve.io/v1beta1',
  kind: 'InferenceService',
})[0] as KubeObject;
const event = (
  object: KubeObject | undefined,
  kind: string,
  name: string,
  apiVersion = API,
): ApiServerEvent => ({
  action: 'update',
  mode: object ? 'resource' : 'reference',
  ref: { apiVersion, kind, namespace: NS, name },
  ...(object ? { object } : {}),
  eventId: 'bench',
  type: 'dev.knative.apiserver.resource.update',
  source: 'bench',
});
const mapping = async (e: ApiServerEvent) => {
  const before = client.requestCount;
  const requests = await mapIsvcRenderEvents({ client, log: ctx.log as never, owned: [reconciler.gvk] }, e);
  return `${client.requestCount - before} requests → ${requests.length} services`;
};

const fmt = (x: number) => x.toFixed(2);
console.log(
  'isvc-render benchmark (pure functions in-process; API requests on the in-memory FakeKubeClient)\n',
);
console.log(`rendering (${RENDER_ITERATIONS} iterations):`);
console.log(
  `  renderInferenceService           mean ${fmt(render.meanUs)} µs  p50 ${fmt(render.p50Us)} µs  p95 ${fmt(render.p95Us)} µs`,
);
console.log(
  `  InferenceService + route decision mean ${fmt(decide.meanUs)} µs  p50 ${fmt(decide.p50Us)} µs  p95 ${fmt(decide.p95Us)} µs\n`,
);
console.log(`${SERVICES} services (half autoscaled, a quarter routed):`);
for (const row of rows) {
  console.log(
    `  ${row.label.padEnd(50)} ${fmt(row.requestsPerService)} requests/service, ${fmt(row.writesPerService)} writes/service, ${fmt(row.msPerService)} ms/service  [${row.statuses}]`,
  );
}
console.log(
  `  one service alone (event path, fixed replicas, routed)  ${single.apiRequests} requests, ${singleWrites} writes`,
);
console.log(
  `  one service alone (event path, autoscaled)             ${singleAutoscaled.apiRequests} requests, ${singleAutoscaledWrites} writes`,
);
console.log('event mapping:');
console.log(
  `  InferenceService event (owner reference in the body)  ${await mapping(event(isvc, 'InferenceService', isvc.metadata.name, 'serving.kserve.io/v1beta1'))}`,
);
console.log(
  `  template event (services referencing it)             ${await mapping(event(undefined, 'AIMServiceTemplate', 'llama-mi300x-fp8-lat'))}`,
);
console.log(
  `  predictor Pod event (Reference mode, via its ISVC)    ${await mapping(event(undefined, 'Pod', `${isvc.metadata.name}-predictor-0`, 'v1'))}`,
);
