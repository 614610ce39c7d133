import { beforeEach, describe, expect, it } from 'vitest';
import { AIM_API_VERSION } from '../../../shared/api/group.ts';
import { NEW_ISVC_WINDOW_MS } from '../../../shared/inference/new-isvc-hold.ts';
import { isvcRenderReconciler } from '../../../shared/inference/render-reconciler.ts';
import type { KubeObject, ObjectKey } from '../../../shared/kube/types.ts';
import { findCondition } from '../../../shared/reconcile/conditions.ts';
import type { EventRecorder, ReconcileContext } from '../../../shared/reconcile/pipeline.ts';
import { reconcileAll, reconcileObject } from '../../../shared/reconcile/pipeline.ts';
import { FakeKubeClient } from '../../support/fake-kube.ts';
import { testContext } from '../../support/reconcile-context.ts';
import {
  artifact,
  CACHE,
  cache,
  IMAGE,
  ISVC,
  model,
  NOW,
  NS,
  predictorPod,
  resolvedStatus,
  SVC,
  service,
  template,
} from './fixtures.ts';

const SERVICE_KEY: ObjectKey = { apiVersion: AIM_API_VERSION, kind: 'AIMService', namespace: NS, name: SVC };
const ISVC_KEY: ObjectKey = {
  apiVersion: 'serving.kserve.io/v1beta1',
  kind: 'InferenceService',
  namespace: NS,
  name: ISVC,
};
const ROUTE_KEY: ObjectKey = {
  apiVersion: 'gateway.networking.k8s.io/v1',
  kind: 'HTTPRoute',
  namespace: NS,
  name: `${ISVC}-route`,
};
const WRITES = ['apply', 'applyStatus', 'create', 'replace', 'mergePatch', 'delete'];

let kube: FakeKubeClient;
let events: [string, string, string][];

function context(now = NOW): ReconcileContext {
  const recorder: EventRecorder = {
    async record(_object, type, reason, message) {
      events.push([type, reason, message]);
    },
  };
  return testContext(kube, { fieldManager: 'aim-isvc-render', now: () => now, recorder });
}

const reconcile = () => reconcileObject(context(), isvcRenderReconciler(), SERVICE_KEY);
/** Once an InferenceService made at NOW is past new-isvc-hold.ts's window. */
const reconcileOnceMade = () =>
  reconcileObject(context(new Date(NOW.getTime() + NEW_ISVC_WINDOW_MS)), isvcRenderReconciler(), SERVICE_KEY);
const stored = () => kube.peek(SERVICE_KEY) as KubeObject;
const isvc = () => kube.peek(ISVC_KEY);
const condition = (type: string) => findCondition(stored().status?.conditions, type);
const writes = () => kube.calls.filter((call) => WRITES.includes(call.method));

/** The service as service-resolve and cache-manage left it (their field manager, their conditions). */
function seedService(spec: Record<string, unknown> = {}, components: Record<string, 'True' | 'False'> = {}) {
  kube.seedAs('aim-service-resolve', { ...service(spec), status: resolvedStatus(components) });
}

/** A user's change of the service spec (generation bumps, status stays). */
async function editService(spec: Record<string, unknown>) {
  const current = stored();
  await kube.apply(
    { ...service({ ...spec }), metadata: { name: SVC, namespace: NS } },
    { fieldManager: 'user', force: true },
  );
  expect(stored().metadata.generation).toBe((current.metadata.generation ?? 1) + 1);
}

/** KServe's view: Ready with a URL, and one Ready predictor pod. */
async function markInferenceServiceReady() {
  await kube.applyStatus(
    {
      ...ISVC_KEY,
      metadata: { name: ISVC, namespace: NS },
      status: {
        url: `http://${ISVC}-${NS}.example.com`,
        deploymentMode: 'Standard',
        conditions: [
          { type: 'PredictorReady', status: 'True', lastTransitionTime: '2026-05-01T11:30:00Z' },
          { type: 'Ready', status: 'True', lastTransitionTime: '2026-05-01T11:30:00Z' },
        ],
      },
    },
    { fieldManager: 'kserve' },
  );
  kube.seed(
    predictorPod({
      phase: 'Running',
      conditions: [{ type: 'Ready', status: 'True' }],
      containerStatuses: [{ name: 'kserve-container', ready: true, state: { running: {} } }],
    }),
  );
}

beforeEach(() => {
  kube = new FakeKubeClient({ now: () => NOW });
  events = [];
});

describe('isvc-render reconciler: the InferenceService lifecycle', () => {
  it('waits (Pending) while the model is not Ready, creating nothing', async () => {
    seedService({}, { ModelReady: 'False' });
    kube.seed(model('Progressing'), template(), cache());
    const outcome = await reconcile();
    expect(outcome.status).toBe('Pending');
    expect(isvc()).toBeUndefined();
    expect(condition('InferenceServiceReady')).toMatchObject({
      status: 'False',
      reason: 'CreatingRuntime',
      message: 'InferenceService not found; it is created once the model is ready',
    });
  });

  it('Starting while the template cache is being built (model and template Ready)', async () => {
    seedService({}, { CacheReady: 'False' });
    kube.seed(model(), template(), cache('Progressing'));
    expect((await reconcile()).status).toBe('Starting');
    expect(isvc()).toBeUndefined();
  });

  it('creates the InferenceService once everything is Ready, then goes Running when KServe says Ready', async () => {
    seedService();
    kube.seed(model(), template(), cache());
    expect((await reconcile()).status).toBe('Starting');
    const created = isvc();
    expect(created?.metadata.ownerReferences).toEqual([
      { apiVersion: AIM_API_VERSION, kind: 'AIMService', name: SVC, uid: 'svc-uid-1', controller: true },
    ]);
    expect(created?.metadata.labels).toEqual({
      'app.kubernetes.io/component': 'inference',
      'app.kubernetes.io/managed-by': 'aim-engine',
      'aim.eai.amd.com/template': 'llama-mi300x-fp16-lat',
      'aim.eai.amd.com/service': SVC,
      'aim.eai.amd.com/model': 'llama-3-8b',
      'aim.eai.amd.com/metric': 'latency',
      'aim.eai.amd.com/precision': 'fp16',
      'aim.eai.amd.com/service.name': SVC,
    });
    expect(created?.spec.predictor.containers[0].image).toBe(IMAGE);
    expect(created?.spec.predictor.volumes[1].persistentVolumeClaim.claimName).toBe(
      'hf---meta-llama-llama-3-8b-0123456789-cache-aa11bb22',
    );
    // The new InferenceServiceReady condition's Event says it: one Event, not two.
    expect(events).toContainEqual(['Normal', 'CreatingRuntime', `Created InferenceService ${ISVC}`]);
    expect(events.map((event) => event[1])).not.toContain('InferenceServiceCreated');
    // Its own condition still says "not found" (read before it was made); the next reconcile does
    // not tell it again.
    await reconcile();

    await markInferenceServiceReady();
    expect((await reconcile()).status).toBe('Running');
    const status = stored().status;
    expect(condition('Ready')).toMatchObject({ status: 'True', reason: 'AllComponentsReady' });
    expect(condition('InferenceServiceReady')).toMatchObject({ status: 'True', reason: 'RuntimeReady' });
    expect(condition('InferenceServicePodsReady')).toMatchObject({ status: 'True', reason: 'PodsReady' });
    expect(status.url).toBe(`http://${ISVC}-${NS}.example.com`);
    expect(status.runtime).toEqual({
      currentReplicas: 1,
      desiredReplicas: 1,
      minReplicas: 1,
      maxReplicas: 1,
      replicas: '1',
    });
    expect(status.observedGeneration).toBe(1);
    // The other writers' conditions are untouched.
    expect(condition('ModelReady')).toMatchObject({ status: 'True', reason: 'Ready' });
    // "Service is running" is told by the Ready transition's Event (event-folding.ts).
    expect(events).toContainEqual(['Normal', 'AllComponentsReady', 'Service is running (was Starting)']);
    expect(events.map((event) => event[1])).not.toContain('ServiceRunning');
    expect(events.filter((event) => event[2].includes('Created InferenceService'))).toHaveLength(1);
  });

  it('reports the cache it finds and names it once Ready, creating the InferenceService then', async () => {
    const status = resolvedStatus({ CacheReady: 'False' });
    delete status.cache;
    status.conditions = (status.conditions as { type: string }[]).filter((c) => c.type !== 'CacheReady');
    kube.seedAs('aim-service-resolve', { ...service(), status });
    kube.seed(model(), template(), cache('Progressing'));
    await reconcile();
    expect(isvc()).toBeUndefined();
    expect(condition('CacheReady')).toMatchObject({ status: 'False', reason: 'CacheNotReady' });
    expect(stored().status?.cache).toBeUndefined();

    kube.seed(cache('Ready'));
    events = [];
    const held = await reconcile();
    // The InferenceService is made; what that says waits for it to turn Ready, up to 5 s.
    expect(isvc()).toBeDefined();
    expect(held.requeueAfterSeconds).toBe(NEW_ISVC_WINDOW_MS / 1000);
    expect(condition('CacheReady')).toMatchObject({ status: 'False' });
    expect(events).toEqual([]);
    await reconcileOnceMade();
    // One Event says the cache is ready and what that led to (and one that its pods are not there yet).
    expect(events).toEqual([
      ['Normal', 'CacheReady', `Template cache is ready; Created InferenceService ${ISVC}`],
      ['Normal', 'NoPods', 'No pods found'],
    ]);
    expect(isvc()?.spec.predictor.volumes[1].persistentVolumeClaim.claimName).toBe(
      'hf---meta-llama-llama-3-8b-0123456789-cache-aa11bb22',
    );
    expect(condition('CacheReady')).toMatchObject({ status: 'True', reason: 'CacheReady' });
    expect(stored().status?.cache?.templateCacheRef).toMatchObject({ name: cache().metadata.name });
    const entry = stored().status.componentHealth.find((e: { component: string }) => e.component === 'Cache');
    expect(entry).toMatchObject({ state: 'Ready', reason: 'CacheReady' });
  });

  /** service-resolve's status of a service isvc-render has not reported a cache for yet. */
  const resolvedStatusWithoutCache = () => {
    const resolved = resolvedStatus();
    const { cache: _cache, ...withoutCache } = resolved;
    return {
      ...withoutCache,
      conditions: (resolved.conditions as { type: string }[]).filter((c) => c.type !== 'CacheReady'),
      componentHealth: (resolved.componentHealth as { component: string }[]).filter(
        (e) => e.component !== 'Cache',
      ),
    };
  };

  it('leaves a new service’s cache out while what it would say is about to change, up to 10 s', async () => {
    const createdAt = (ageMs: number) => new Date(NOW.getTime() - ageMs).toISOString();
    const status = resolvedStatusWithoutCache();
    // Past the first status's own wait (5 s): the summary is written, the Cache left out.
    kube.seedAs('aim-service-resolve', {
      ...service({}, { creationTimestamp: createdAt(6_000) }),
      status,
    });
    kube.seed(model(), template(), cache('Pending'));
    const held = await reconcile();
    expect(held.requeueAfterSeconds).toBe(4);
    expect(stored().status.status).toBe('Starting');
    expect(condition('CacheReady')).toBeUndefined();

    // Progressing says something that lasts: reported.
    kube.seed(cache('Progressing'));
    await reconcile();
    expect(condition('CacheReady')).toMatchObject({ status: 'False', reason: 'CacheNotReady' });
    // Once reported, it is never left out again (a Pending cache reads CacheCreating).
    kube.seed(cache('Pending'));
    await reconcile();
    expect(condition('CacheReady')).toMatchObject({ reason: 'CacheCreating' });
  });

  it('writes a new service’s first summary once its new template cache says Progressing', async () => {
    const status = resolvedStatusWithoutCache();
    kube.seedAs('aim-service-resolve', {
      ...service({}, { creationTimestamp: new Date(NOW.getTime() - 2_000).toISOString() }),
      status,
    });
    kube.seed(model(), template(), cache(''));
    // Written now it would be rewritten a moment later with the cache: it waits (5 s from creation).
    expect((await reconcile()).requeueAfterSeconds).toBe(3);
    expect(stored().status.status).toBeUndefined();
    kube.seed(cache('Progressing'));
    await reconcile();
    expect(stored().status.status).toBe('Starting');
    expect(condition('CacheReady')).toMatchObject({ status: 'False', reason: 'CacheNotReady' });
  });

  it('reports the cache of a service older than the window whatever it says', async () => {
    kube.seedAs('aim-service-resolve', {
      ...service({}, { creationTimestamp: new Date(NOW.getTime() - 10_000).toISOString() }),
      status: { conditions: [] },
    });
    await reconcile();
    expect(condition('CacheReady')).toMatchObject({
      reason: 'CacheCreating',
      message: 'Waiting for the service template to be resolved',
    });
  });

  it('reports a cache recreated before it saw the old one gone as lost, not as a new cache', async () => {
    seedService();
    kube.seed(model(), template(), { ...cache(), metadata: { ...cache().metadata, uid: 'cache-uid' } });
    await reconcile();
    expect(condition('CacheReady')).toMatchObject({ status: 'True' });
    // Deleted and recreated (same name, a new uid, no status yet) between two reconciles.
    await kube.delete({ apiVersion: AIM_API_VERSION, kind: 'AIMTemplateCache', namespace: NS, name: CACHE });
    kube.seed({ ...cache(''), metadata: { ...cache().metadata, uid: 'new-uid' } });
    await reconcile();
    expect(condition('CacheReady')).toMatchObject({ status: 'False', reason: 'CacheLost' });
    // Once the new cache is Ready the service names it and is ready again.
    kube.seed({ ...cache(), metadata: { ...cache().metadata, uid: 'new-uid' } });
    await reconcile();
    expect(condition('CacheReady')).toMatchObject({ status: 'True' });
    expect(stored().status.cache.templateCacheRef.uid).toBe('new-uid');
  });

  it('reports a lost cache while the InferenceService keeps its volumes', async () => {
    seedService();
    kube.seed(model(), template(), cache());
    await reconcile();
    const volumes = isvc()?.spec.predictor.volumes;
    await kube.delete({ apiVersion: AIM_API_VERSION, kind: 'AIMTemplateCache', namespace: NS, name: CACHE });
    await reconcile();
    expect(condition('CacheReady')).toMatchObject({ status: 'False', reason: 'CacheLost' });
    expect(isvc()?.spec.predictor.volumes).toEqual(volumes);
  });

  it('writes nothing when reconciling an unchanged Running service', async () => {
    seedService();
    kube.seed(model(), template(), cache());
    await reconcile();
    await markInferenceServiceReady();
    await reconcile();
    kube.resetCalls();
    const outcome = await reconcile();
    expect(outcome.status).toBe('Running');
    expect(writes()).toEqual([]);
  });

  it('re-applies changed replicas and autoscaling, even while the model is not Ready', async () => {
    seedService();
    kube.seed(model(), template(), cache());
    await reconcile();
    kube.seed(model('Progressing'));
    await editService({ minReplicas: 2, maxReplicas: 5 });
    await reconcile();
    expect(isvc()?.spec.predictor).toMatchObject({ minReplicas: 2, maxReplicas: 5 });
    expect(isvc()?.metadata.annotations?.['serving.kserve.io/autoscalerClass']).toBe('keda');
    expect(stored().status.runtime).toMatchObject({ minReplicas: 2, maxReplicas: 5, replicas: '2/2 (2-5)' });
    expect(condition('HPAReady')).toMatchObject({ status: 'False', reason: 'HPANotFound' });

    await editService({ replicas: 3 });
    await reconcile();
    expect(isvc()?.spec.predictor).toMatchObject({ minReplicas: 3, maxReplicas: 3 });
    expect(isvc()?.metadata.annotations).toEqual({ 'serving.kserve.io/autoscalerClass': 'none' });
    // The HPA condition left from autoscaling no longer holds the service back.
    expect(condition('HPAReady')).toMatchObject({ status: 'True', reason: 'AutoscalingDisabled' });
  });

  it('brings a hand-edited InferenceService back and recreates a deleted one', async () => {
    seedService();
    kube.seed(model(), template(), cache());
    await reconcile();
    const edited = isvc() as KubeObject;
    edited.spec.predictor.containers[0].image = 'example.com/other:1';
    edited.spec.predictor.minReplicas = 7;
    await kube.replace(edited);
    await reconcile();
    expect(isvc()?.spec.predictor.containers[0].image).toBe(IMAGE);
    expect(isvc()?.spec.predictor.minReplicas).toBe(1);

    await kube.delete(ISVC_KEY);
    await reconcile();
    expect(isvc()?.spec.predictor.containers[0].image).toBe(IMAGE);
  });

  it('keeps the InferenceService volumes when the cache changes, re-resolving only when a claim is gone', async () => {
    seedService();
    kube.seed(model(), template(), cache(), {
      apiVersion: 'v1',
      kind: 'PersistentVolumeClaim',
      metadata: { name: 'hf---meta-llama-llama-3-8b-0123456789-cache-aa11bb22', namespace: NS },
      spec: {},
    });
    await reconcile();
    const replaced = { new: artifact('new-artifact', 'meta-llama/Llama-3-8B', 'new-pvc') };
    kube.seed(cache('Ready', replaced));
    await reconcile();
    expect(isvc()?.spec.predictor.volumes[1].persistentVolumeClaim.claimName).toBe(
      'hf---meta-llama-llama-3-8b-0123456789-cache-aa11bb22',
    );
    await kube.delete({
      apiVersion: 'v1',
      kind: 'PersistentVolumeClaim',
      namespace: NS,
      name: 'hf---meta-llama-llama-3-8b-0123456789-cache-aa11bb22',
    });
    await reconcile();
    expect(isvc()?.spec.predictor.volumes[1]).toEqual({
      name: 'new-artifact',
      persistentVolumeClaim: { claimName: 'new-pvc' },
    });
  });
});

describe('isvc-render reconciler: bad input', () => {
  it('an invalid env name in the service fails it at validation and leaves the InferenceService untouched', async () => {
    seedService();
    kube.seed(model(), template(), cache());
    await reconcile();
    const before = isvc()?.metadata.resourceVersion;
    await editService({ env: [{ name: 'BAD=NAME', value: '1' }] });
    const outcome = await reconcile();
    expect(outcome.status).toBe('Failed');
    expect(condition('ConfigValid')).toMatchObject({ status: 'False', reason: 'InvalidSpec' });
    expect(condition('ConfigValid')?.message).toContain('spec.env[0].name');
    expect(isvc()?.metadata.resourceVersion).toBe(before);
    expect(events).toContainEqual(['Warning', 'ServiceFailed', expect.stringContaining('spec.env[0].name')]);
  });

  it('an invalid env name from the runtime config (not schema-checked) is InvalidEnv, with no InferenceService change', async () => {
    seedService();
    kube.seed(model(), template(), cache());
    await reconcile();
    const before = isvc()?.metadata.resourceVersion;
    kube.seed({
      apiVersion: AIM_API_VERSION,
      kind: 'AIMRuntimeConfig',
      metadata: { name: 'default', namespace: NS },
      spec: { env: [{ name: 'HTTP PROXY=x', value: '1' }] },
    });
    expect((await reconcile()).status).toBe('Failed');
    expect(condition('InferenceServiceReady')).toMatchObject({ status: 'False', reason: 'InvalidEnv' });
    expect(condition('Ready')?.message).toContain('"HTTP PROXY=x"');
    expect(isvc()?.metadata.resourceVersion).toBe(before);
  });

  it('a named runtime config that does not exist: nothing rendered, the existing InferenceService left alone', async () => {
    seedService({ runtimeConfigName: 'gone' });
    kube.seed(model(), template(), cache());
    await reconcile();
    expect(isvc()).toBeUndefined();
    expect(condition('InferenceServiceReady')?.message).toBe(
      'InferenceService not found; it is created once the runtime config is ready',
    );
  });

  it('a template that no longer passes validation is named, not waited for', async () => {
    seedService();
    kube.seed(model(), template('Ready', { env: [{ name: 'A=B', value: '1' }] }), cache());
    expect((await reconcile()).status).toBe('Failed');
    expect(condition('InferenceServiceReady')?.message).toContain(
      'AIMServiceTemplate llama-mi300x-fp16-lat is invalid: spec.env[0].name',
    );
    expect(isvc()).toBeUndefined();
  });

  it('minReplicas above maxReplicas is refused before anything exists', async () => {
    seedService({ minReplicas: 4, maxReplicas: 2 }, { ModelReady: 'False' });
    kube.seed(model('Progressing'));
    expect((await reconcile()).status).toBe('Failed');
    expect(condition('InferenceServiceReady')).toMatchObject({ reason: 'InvalidReplicas' });
  });

  it('a namespace too long for KServe’s names is reported, not thrown', async () => {
    const namespace = 'n'.repeat(50);
    kube.seedAs('aim-service-resolve', {
      ...service(),
      metadata: { ...service().metadata, namespace },
      status: resolvedStatus(),
    });
    await reconcileObject(context(), isvcRenderReconciler(), { ...SERVICE_KEY, namespace });
    const status = kube.peek({ ...SERVICE_KEY, namespace })?.status;
    expect(findCondition(status.conditions, 'InferenceServiceReady')).toMatchObject({
      reason: 'InvalidInferenceServiceName',
    });
    expect(status.status).toBe('Failed');
  });
});

describe('isvc-render reconciler: routing', () => {
  const gateway = { name: 'llm', namespace: 'gateways' };

  it('renders the route, fills status.routing.path, and is Ready once the gateway accepts it', async () => {
    seedService({
      routing: {
        enabled: true,
        gatewayRef: gateway,
        pathTemplate: '/team-a/{.metadata.name}',
        requestTimeout: '90s',
      },
    });
    kube.seed(model(), template(), cache());
    await reconcile();
    await reconcileOnceMade();
    const route = kube.peek(ROUTE_KEY);
    expect(route?.spec.rules[0].matches[0].path.value).toBe('/team-a/chat');
    expect(route?.spec.rules[0].timeouts).toEqual({ request: '1m30s' });
    expect(route?.spec.parentRefs).toEqual([
      { group: 'gateway.networking.k8s.io', kind: 'Gateway', ...gateway },
    ]);
    expect(stored().status.routing).toEqual({ path: '/team-a/chat' });
    // Written once the new InferenceService's hold is over: the route exists by then.
    expect(condition('HTTPRouteReady')).toMatchObject({ status: 'False', reason: 'HTTPRoutePending' });

    await kube.applyStatus(
      {
        ...ROUTE_KEY,
        metadata: { name: ROUTE_KEY.name, namespace: NS },
        status: {
          parents: [
            {
              parentRef: gateway,
              controllerName: 'x',
              conditions: [{ type: 'Accepted', status: 'True', reason: 'Accepted' }],
            },
          ],
        },
      },
      { fieldManager: 'gateway' },
    );
    await reconcileOnceMade();
    expect(condition('HTTPRouteReady')).toMatchObject({ status: 'True', reason: 'HTTPRouteAccepted' });
  });

  it('a path template naming a missing label: PathTemplateInvalid and no route change', async () => {
    seedService({ routing: { enabled: true, gatewayRef: gateway } });
    kube.seed(model(), template(), cache());
    await reconcile();
    const before = kube.peek(ROUTE_KEY);
    expect(before?.spec.rules[0].matches[0].path.value).toBe(`/${NS}/svc-uid-1`);

    await editService({
      routing: { enabled: true, gatewayRef: gateway, pathTemplate: "/{.metadata.labels['missing']}" },
    });
    expect((await reconcile()).status).toBe('Failed');
    expect(condition('HTTPRouteReady')).toMatchObject({ status: 'False', reason: 'PathTemplateInvalid' });
    expect(condition('HTTPRouteReady')?.message).toContain('.metadata.labels.missing not found');
    expect(kube.peek(ROUTE_KEY)?.metadata.resourceVersion).toBe(before?.metadata.resourceVersion);
    expect(stored().status.routing).toEqual({ path: `/${NS}/svc-uid-1` });
  });

  it('enabled without a gateway: GatewayNotConfigured (InvalidSpec)', async () => {
    seedService({ routing: { enabled: true } });
    kube.seed(model(), template(), cache());
    expect((await reconcile()).status).toBe('Failed');
    expect(condition('HTTPRouteReady')).toMatchObject({ reason: 'GatewayNotConfigured' });
    expect(isvc()).toBeUndefined();
  });

  it('routing switched off: the route is deleted and its condition released', async () => {
    seedService({ routing: { enabled: true, gatewayRef: gateway } });
    kube.seed(model(), template(), cache());
    await reconcile();
    expect(kube.peek(ROUTE_KEY)).toBeDefined();
    await editService({ routing: { enabled: false } });
    await reconcile();
    expect(kube.peek(ROUTE_KEY)).toBeUndefined();
    expect(condition('HTTPRouteReady')).toMatchObject({ status: 'True', reason: 'RoutingDisabled' });
    await reconcile();
    expect(stored().status.routing).toBeUndefined();
  });

  it('annotations: the service’s merged over the runtime config’s', async () => {
    kube.seed({
      apiVersion: AIM_API_VERSION,
      kind: 'AIMRuntimeConfig',
      metadata: { name: 'default', namespace: NS },
      spec: { routing: { enabled: true, gatewayRef: gateway, annotations: { a: 'config', b: 'config' } } },
    });
    seedService({ routing: { annotations: { b: 'service' } } });
    kube.seed(model(), template(), cache());
    await reconcile();
    expect(kube.peek(ROUTE_KEY)?.metadata.annotations).toEqual({ a: 'config', b: 'service' });
  });
});

describe('isvc-render reconciler: resync sweep', () => {
  it('reads each kind once per sweep and writes nothing for unchanged Running services', async () => {
    for (let i = 0; i < 5; i++) {
      const name = `svc-${i}`;
      kube.seedAs('aim-service-resolve', {
        ...service(),
        metadata: { ...service().metadata, name, uid: `uid-${i}` },
        status: resolvedStatus(),
      });
    }
    kube.seed(model(), template(), cache());
    await reconcileAll(context(), isvcRenderReconciler());
    await reconcileAll(context(), isvcRenderReconciler());
    kube.resetCalls();
    const sweep = await reconcileAll(context(), isvcRenderReconciler());
    expect(sweep.failed).toBe(0);
    expect(writes()).toEqual([]);
    // Per service: the Events LIST; everything else comes from one LIST per kind.
    expect(kube.callsOf('get')).toEqual([]);
    expect(kube.callsOf('getOptional')).toEqual([]);
    const eventLists = kube.callsOf('list').filter((call) => call.gvk?.kind === 'Event');
    expect(eventLists).toHaveLength(5);
  });
});
