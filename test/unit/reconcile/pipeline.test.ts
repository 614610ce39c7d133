import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { KubeError } from '../../../shared/kube/errors.ts';
import type { KubeObject, ObjectKey } from '../../../shared/kube/types.ts';
import { ERROR_CATEGORIES, StateError } from '../../../shared/reconcile/categorize.ts';
import { type Condition, findCondition } from '../../../shared/reconcile/conditions.ts';
import {
  type ComponentHealth,
  captureFetch,
  type FetchResult,
  toUpstreamComponentHealth,
} from '../../../shared/reconcile/health.ts';
import {
  type EventRecorder,
  type KindReconciler,
  type ReconcileContext,
  reconcileAll,
  reconcileObject,
} from '../../../shared/reconcile/pipeline.ts';
import { RetryableError } from '../../../shared/reconcile/retryable-error.ts';
import { type ResolvedRuntimeConfig, runtimeConfigHealth } from '../../../shared/reconcile/runtime-config.ts';
import { aimServiceStatus } from '../../../shared/reconcile/service-status.ts';
import { FakeKubeClient } from '../../support/fake-kube.ts';
import { testContext } from '../../support/reconcile-context.ts';

const API = 'aim.eai.amd.com/v1alpha1';
const NOW = new Date('2025-03-01T12:00:00Z');
const MODEL_GVK = { apiVersion: API, kind: 'AIMModel' };

const ModelSchema = z.looseObject({
  apiVersion: z.literal(API),
  kind: z.literal('AIMModel'),
  metadata: z.looseObject({ name: z.string(), namespace: z.string().optional() }),
  spec: z.object({
    image: z.string().min(1),
    precision: z.enum(['auto', 'fp8', 'fp16']).optional(),
    runtimeConfigName: z.string().optional(),
  }),
});
type Model = z.infer<typeof ModelSchema>;

interface ModelFetch {
  dependency: FetchResult<KubeObject>;
  runtimeConfig: FetchResult<ResolvedRuntimeConfig | undefined> | undefined;
  children: KubeObject[];
}

const configMap = (name: string, data: Record<string, string>): KubeObject => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name, namespace: 'team' },
  data,
});

/** A small model-like reconciler: needs ConfigMap `dep`, creates an owned and a shared ConfigMap. */
function modelReconciler(
  overrides: Partial<KindReconciler<Model, ModelFetch>> = {},
): KindReconciler<Model, ModelFetch> {
  return {
    gvk: MODEL_GVK,
    schema: () => ModelSchema,
    controllerName: 'model',
    runtimeConfigScope: 'namespace',
    async fetch(ctx, obj, input) {
      const namespace = obj.metadata.namespace ?? '';
      const children = await Promise.all(
        [`${obj.metadata.name}-owned`, `${obj.metadata.name}-shared`].map((name) =>
          ctx.client.getOptional({ apiVersion: 'v1', kind: 'ConfigMap', namespace, name }),
        ),
      );
      return {
        dependency: await captureFetch(
          ctx.client.get({ apiVersion: 'v1', kind: 'ConfigMap', namespace, name: 'dep' }),
        ),
        runtimeConfig: input.runtimeConfig,
        children: children.filter((child): child is KubeObject => child !== undefined),
      };
    },
    plan(obj) {
      return {
        apply: [configMap(`${obj.metadata.name}-owned`, { image: obj.spec.image })],
        applyWithoutOwner: [configMap(`${obj.metadata.name}-shared`, { shared: 'yes' })],
        delete: [],
      };
    },
    health(_obj, fetched) {
      const health: ComponentHealth[] = [
        toUpstreamComponentHealth('Dependency', fetched.dependency, () => ({ reason: 'DependencyFound' })),
      ];
      if (fetched.runtimeConfig) health.push(runtimeConfigHealth(fetched.runtimeConfig, { upstream: false }));
      return health;
    },
    observedChildren: (fetched) => fetched.children,
    decorate(status, _conditions, obj) {
      status.image = obj.spec.image;
    },
    ...overrides,
  };
}

function model(
  spec: Record<string, unknown> = { image: 'ghcr.io/x/llama:1' },
  metadata: Partial<KubeObject['metadata']> = {},
): KubeObject {
  return {
    apiVersion: API,
    kind: 'AIMModel',
    metadata: {
      name: 'llama',
      namespace: 'team',
      labels: { 'aim.eai.amd.com/origin': 'manual', other: 'x' },
      ...metadata,
    },
    spec,
  };
}

/** What the API server answers for a ConfigMap whose data key it refuses. */
function rejected(name: string): KubeError {
  const message = `ConfigMap "${name}" is invalid: data[image]: Invalid value: "a b"`;
  return new KubeError({
    reason: 'Invalid',
    statusCode: 422,
    retryable: false,
    message,
    details: { message },
  });
}

function context(client: FakeKubeClient, extra: Partial<ReconcileContext> = {}): ReconcileContext {
  return testContext(client, { fieldManager: 'aim-model-inspect', now: () => NOW, ...extra });
}

const modelKey: ObjectKey = { ...MODEL_GVK, namespace: 'team', name: 'llama' };
const request = { ...MODEL_GVK, namespace: 'team', name: 'llama' };

function recorder(): EventRecorder & { events: [string, string, string][] } {
  const events: [string, string, string][] = [];
  return {
    events,
    async record(_obj, type, reason, message) {
      events.push([type, reason, message]);
    },
  };
}

const writes = (client: FakeKubeClient) =>
  client.calls.filter((call) =>
    ['apply', 'applyStatus', 'create', 'replace', 'mergePatch', 'delete'].includes(call.method),
  );

describe('reconcileObject', () => {
  it('reports not-found for a missing object without writing', async () => {
    const client = new FakeKubeClient();
    const outcome = await reconcileObject(context(client), modelReconciler(), request);
    expect(outcome).toEqual({ result: 'not-found', apiRequests: 1 });
  });

  it('leaves a paused object untouched', async () => {
    const paused = model(undefined, {
      annotations: { 'aim.eai.amd.com/reconciliation-paused': 'true' },
    });
    paused.status = { status: 'Ready', conditions: [] };
    const client = new FakeKubeClient().seed(paused, configMap('dep', {}));
    const before = client.peek(modelKey);
    const outcome = await reconcileObject(context(client), modelReconciler(), request);
    expect(outcome.result).toBe('paused');
    expect(client.calls.map((call) => call.method)).toEqual(['get']);
    expect(client.peek(modelKey)).toEqual(before);
  });

  it('marks an invalid spec Failed with the field named, without throwing or applying anything', async () => {
    const client = new FakeKubeClient().seed(model({ image: 'img', precision: 'fp7' }), configMap('dep', {}));
    const events = recorder();
    const outcome = await reconcileObject(context(client, { recorder: events }), modelReconciler(), request);
    expect(outcome).toMatchObject({ result: 'invalid', status: 'Failed' });
    const status = client.peek(modelKey)?.status;
    expect(status.status).toBe('Failed');
    const configValid = findCondition(status.conditions, 'ConfigValid');
    expect(configValid).toMatchObject({ status: 'False', reason: 'InvalidSpec' });
    expect(configValid?.message).toBe('spec.precision: Invalid option: expected one of "auto"|"fp8"|"fp16"');
    expect(findCondition(status.conditions, 'Ready')).toMatchObject({
      status: 'False',
      reason: 'InvalidSpec',
    });
    expect(client.callsOf('apply')).toHaveLength(0);
    expect(events.events).toContainEqual(['Warning', 'InvalidSpec', configValid?.message]);
  });

  it('applies children with owner references and labels, then the status with the resourceVersion read', async () => {
    const client = new FakeKubeClient().seed(model(), configMap('dep', {}));
    const stored = client.peek(modelKey)!;
    const outcome = await reconcileObject(context(client), modelReconciler(), request);
    expect(outcome).toMatchObject({ result: 'reconciled', status: 'Ready' });

    const applied = client.callsOf('apply').map((call) => call.object!);
    expect(applied.map((child) => child.metadata.name)).toEqual(['llama-owned', 'llama-shared']);
    const [owned, shared] = applied;
    expect(owned?.metadata.ownerReferences).toEqual([
      { apiVersion: API, kind: 'AIMModel', name: 'llama', uid: stored.metadata.uid, controller: true },
    ]);
    expect(shared?.metadata.ownerReferences).toBeUndefined();
    expect(owned?.metadata.labels).toEqual({
      'aim.eai.amd.com/origin': 'manual',
      'app.kubernetes.io/managed-by': 'aim-model-controller',
      'aim.eai.amd.com/model.name': 'llama',
    });
    expect(client.callsOf('apply')[0]?.options).toEqual({ fieldManager: 'aim-model-inspect', force: true });

    const statusCall = client.callsOf('applyStatus')[0]!;
    expect(statusCall.object?.metadata.resourceVersion).toBe(stored.metadata.resourceVersion);
    const status = client.peek(modelKey)?.status;
    expect(status).toMatchObject({ status: 'Ready', observedGeneration: 1, image: 'ghcr.io/x/llama:1' });
    expect((status.conditions as Condition[]).map((c) => [c.type, c.status, c.reason])).toEqual([
      ['DependencyReady', 'True', 'DependencyFound'],
      ['RuntimeConfigReady', 'True', 'DefaultConfigNotFound'],
      ['Ready', 'True', 'AllComponentsReady'],
    ]);
    expect(outcome.apiRequests).toBe(client.requestCount);
  });

  it('writes nothing on a second identical reconcile, and records events only for transitions', async () => {
    const client = new FakeKubeClient().seed(model(), configMap('dep', {}));
    const events = recorder();
    const ctx = context(client, { recorder: events });
    await reconcileObject(ctx, modelReconciler(), request);
    expect(events.events.map(([type, reason]) => [type, reason])).toEqual([
      ['Normal', 'DependencyFound'],
      ['Normal', 'DefaultConfigNotFound'],
      ['Normal', 'AllComponentsReady'],
    ]);
    const versions = client.objects().map((object) => object.metadata.resourceVersion);
    client.resetCalls();
    events.events.length = 0;
    const later = context(client, { recorder: events, now: () => new Date(NOW.getTime() + 60_000) });
    const outcome = await reconcileObject(later, modelReconciler(), request);
    expect(outcome.result).toBe('reconciled');
    expect(writes(client)).toEqual([]);
    expect(client.objects().map((object) => object.metadata.resourceVersion)).toEqual(versions);
    expect(events.events).toEqual([]);
  });

  it('re-reads and recomputes after a Conflict on the status write', async () => {
    const client = new FakeKubeClient().seed(model(), configMap('dep', {}));
    client.failNext('applyStatus', 'Conflict');
    const outcome = await reconcileObject(context(client), modelReconciler(), request);
    expect(outcome.status).toBe('Ready');
    expect(client.callsOf('get').filter((call) => call.key?.kind === 'AIMModel')).toHaveLength(2);
    expect(client.callsOf('applyStatus')).toHaveLength(2);
    expect(client.peek(modelKey)?.status.status).toBe('Ready');
  });

  it('gives up after bounded conflicts with a RetryableError', async () => {
    const client = new FakeKubeClient().seed(model(), configMap('dep', {}));
    for (let i = 0; i < 3; i++) client.failNext('applyStatus', 'Conflict');
    const ctx = context(client, { conflictRetry: { attempts: 3, sleep: async () => {} } });
    await expect(reconcileObject(ctx, modelReconciler(), request)).rejects.toBeInstanceOf(RetryableError);
  });

  it('fails on a missing upstream dependency without applying children', async () => {
    const client = new FakeKubeClient().seed(model());
    const outcome = await reconcileObject(context(client), modelReconciler(), request);
    expect(outcome.status).toBe('Failed');
    expect(client.callsOf('apply')).toHaveLength(0);
    const conditions = client.peek(modelKey)?.status.conditions;
    expect(findCondition(conditions, 'ConfigValid')).toMatchObject({
      status: 'False',
      reason: 'ReferenceNotFound',
    });
  });

  it('retires superseded children even while blocked, and deletes nothing else', async () => {
    const client = new FakeKubeClient().seed(model(), configMap('old-route', {}), configMap('doomed', {}));
    const reconciler = modelReconciler({
      plan: () => ({
        apply: [configMap('llama-owned', {})],
        applyWithoutOwner: [],
        delete: [{ apiVersion: 'v1', kind: 'ConfigMap', namespace: 'team', name: 'doomed' }],
        retire: [{ apiVersion: 'v1', kind: 'ConfigMap', namespace: 'team', name: 'old-route' }],
      }),
    });
    const outcome = await reconcileObject(context(client), reconciler, request);
    expect(outcome.status).toBe('Failed');
    expect(client.callsOf('apply')).toHaveLength(0);
    expect(client.callsOf('delete').map((call) => call.key?.name)).toEqual(['old-route']);
  });

  it('fails when the named runtime config is missing', async () => {
    const client = new FakeKubeClient().seed(
      model({ image: 'i', runtimeConfigName: 'gpu' }),
      configMap('dep', {}),
    );
    const outcome = await reconcileObject(context(client), modelReconciler(), request);
    expect(outcome.status).toBe('Failed');
    const conditions = client.peek(modelKey)?.status.conditions;
    expect(findCondition(conditions, 'RuntimeConfigReady')).toMatchObject({
      status: 'False',
      reason: 'ConfigNotFound',
    });
  });

  it('writes Degraded and asks for a retry on an infrastructure error', async () => {
    const client = new FakeKubeClient().seed(model(), configMap('dep', {}));
    client.failNext('get', 'ServiceUnavailable', (call) => call.key?.name === 'dep');
    await expect(reconcileObject(context(client), modelReconciler(), request)).rejects.toBeInstanceOf(
      RetryableError,
    );
    const status = client.peek(modelKey)?.status;
    expect(status.status).toBe('Degraded');
    expect(findCondition(status.conditions, 'DependenciesReachable')).toMatchObject({ status: 'False' });
    expect(client.callsOf('apply')).toHaveLength(0);
  });

  it('turns a transient read of the object itself into a RetryableError', async () => {
    const client = new FakeKubeClient().seed(model());
    client.failNext('get', 'TooManyRequests');
    await expect(reconcileObject(context(client), modelReconciler(), request)).rejects.toBeInstanceOf(
      RetryableError,
    );
  });

  it('records a failed child apply in DependenciesReachable and retries transient ones', async () => {
    const client = new FakeKubeClient().seed(model(), configMap('dep', {}));
    client.failNext('apply', 'InternalError', (call) => call.object?.metadata.name === 'llama-shared');
    await expect(reconcileObject(context(client), modelReconciler(), request)).rejects.toBeInstanceOf(
      RetryableError,
    );
    const reachable = findCondition(client.peek(modelKey)?.status.conditions, 'DependenciesReachable');
    expect(reachable).toMatchObject({ status: 'False', reason: 'InfrastructureError' });
    expect(reachable?.message).toMatch(/^Failed to apply resources: ConfigMap team\/llama-shared: /);
  });

  it('is Failed when the API server rejects a child as invalid, naming the field and value, without retrying', async () => {
    const client = new FakeKubeClient().seed(model(), configMap('dep', {}));
    client.failNext('apply', rejected('llama-owned'), (call) => call.object?.metadata.name === 'llama-owned');
    const outcome = await reconcileObject(context(client), modelReconciler(), request);
    expect(outcome.status).toBe('Failed');
    const conditions = client.peek(modelKey)?.status.conditions;
    expect(findCondition(conditions, 'Ready')).toMatchObject({
      status: 'False',
      reason: 'InvalidSpec',
      message:
        'ConfigMap team/llama-owned was rejected by the API server: ConfigMap "llama-owned" is invalid: data[image]: Invalid value: "a b"',
    });
    expect(findCondition(conditions, 'ConfigValid')).toMatchObject({
      status: 'False',
      reason: 'InvalidSpec',
    });
    // Nothing was unreachable: the rejection is not an infrastructure error.
    expect(findCondition(conditions, 'DependenciesReachable')).toBeUndefined();

    // The same answer next time: the same status, no second status write.
    client.resetCalls();
    client.failNext('apply', rejected('llama-owned'), (call) => call.object?.metadata.name === 'llama-owned');
    expect((await reconcileObject(context(client), modelReconciler(), request)).status).toBe('Failed');
    expect(client.callsOf('applyStatus')).toEqual([]);
  });

  it('still reports an unreachable child beside a rejected one', async () => {
    const client = new FakeKubeClient().seed(model(), configMap('dep', {}));
    client.failNext('apply', rejected('llama-owned'), (call) => call.object?.metadata.name === 'llama-owned');
    client.failNext('apply', 'InternalError', (call) => call.object?.metadata.name === 'llama-shared');
    await expect(reconcileObject(context(client), modelReconciler(), request)).rejects.toBeInstanceOf(
      RetryableError,
    );
    const status = client.peek(modelKey)?.status;
    expect(status.status).toBe('Failed');
    expect(findCondition(status.conditions, 'Ready')?.message).toMatch(
      /^ConfigMap team\/llama-owned was rejected/,
    );
    expect(findCondition(status.conditions, 'DependenciesReachable')).toMatchObject({
      status: 'False',
      reason: 'InfrastructureError',
    });
  });

  it('adds its finalizer, and on deletion finalizes and releases it', async () => {
    const client = new FakeKubeClient().seed(model(), configMap('dep', {}));
    const finalized: string[] = [];
    const reconciler = modelReconciler({
      finalizer: {
        name: 'aim.eai.amd.com/test-cleanup',
        finalize: async (_ctx, obj) => void finalized.push(obj.metadata.name),
      },
    });
    await reconcileObject(context(client), reconciler, request);
    expect(client.peek(modelKey)?.metadata.finalizers).toEqual(['aim.eai.amd.com/test-cleanup']);
    await client.delete(modelKey);
    const outcome = await reconcileObject(context(client), reconciler, request);
    expect(outcome.result).toBe('deleted');
    expect(finalized).toEqual(['llama']);
    expect(client.peek(modelKey)).toBeUndefined();
  });
});

/** Holds each finalizer PATCH until a read has started meanwhile, or 50 ms have passed. */
class FinalizerWatchingClient extends FakeKubeClient {
  readsWhilePatching = 0;
  #release: (() => void) | undefined;

  override async mergePatch<T extends KubeObject = KubeObject>(
    ...args: Parameters<FakeKubeClient['mergePatch']>
  ): Promise<T> {
    await new Promise<void>((resolve) => {
      this.#release = resolve;
      setTimeout(resolve, 50);
    });
    this.#release = undefined;
    return super.mergePatch<T>(...args);
  }

  override async get<T extends KubeObject = KubeObject>(key: ObjectKey): Promise<T> {
    this.#noteRead();
    return super.get<T>(key);
  }

  override async getOptional<T extends KubeObject = KubeObject>(key: ObjectKey): Promise<T | undefined> {
    this.#noteRead();
    return super.getOptional<T>(key);
  }

  #noteRead(): void {
    if (this.#release === undefined) return;
    this.readsWhilePatching += 1;
    this.#release();
  }
}

describe('the finalizer write and the reads', () => {
  const withFinalizer = (overrides: Partial<KindReconciler<Model, ModelFetch>> = {}) =>
    modelReconciler({
      finalizer: { name: 'aim.eai.amd.com/test-cleanup', finalize: async () => {} },
      ...overrides,
    });

  it('overlap: a new object reads its runtime config and dependencies while its finalizer is written', async () => {
    const client = new FinalizerWatchingClient().seed(model(), configMap('dep', {}));
    const outcome = await reconcileObject(context(client), withFinalizer(), request);
    expect(outcome.result).toBe('reconciled');
    expect(client.readsWhilePatching).toBeGreaterThan(0);
    const stored = client.peek(modelKey);
    expect(stored?.metadata.finalizers).toEqual(['aim.eai.amd.com/test-cleanup']);
    // The status write is conditional on the version the finalizer's write returned.
    expect(findCondition(stored?.status.conditions, 'Ready')).toBeDefined();
  });

  it("report the finalizer's failure over a read's, and write no status", async () => {
    const client = new FakeKubeClient().seed(model(), configMap('dep', {}));
    client.failNext('mergePatch', 'Forbidden');
    const reconciler = withFinalizer({
      fetch: async () => {
        throw new Error('the read failed too');
      },
    });
    await expect(reconcileObject(context(client), reconciler, request)).rejects.toMatchObject({
      reason: 'Forbidden',
    });
    expect(client.callsOf('applyStatus')).toHaveLength(0);
  });

  it('after a conflicting finalizer write, read again and reconcile once', async () => {
    const client = new FakeKubeClient().seed(model(), configMap('dep', {}));
    client.failNext('mergePatch', 'Conflict');
    const outcome = await reconcileObject(context(client), withFinalizer(), request);
    expect(outcome.result).toBe('reconciled');
    expect(client.callsOf('mergePatch')).toHaveLength(2);
    expect(client.callsOf('applyStatus')).toHaveLength(1);
    expect(client.peek(modelKey)?.metadata.finalizers).toEqual(['aim.eai.amd.com/test-cleanup']);
  });
});

describe('reconcileAll', () => {
  it('lists once, reconciles each listed object without re-reading it, and keeps going after a failure', async () => {
    const client = new FakeKubeClient().seed(
      model(undefined, { name: 'a' }),
      model({ image: '' }, { name: 'b' }),
      model(undefined, { name: 'c' }),
      configMap('dep', {}),
    );
    client.failNext('applyStatus', 'Forbidden', (call) => call.object?.metadata.name === 'c');
    const sweep = await reconcileAll(context(client), modelReconciler(), { namespace: 'team' });
    expect(client.callsOf('list')).toHaveLength(1);
    expect(client.callsOf('get').filter((call) => call.key?.kind === 'AIMModel')).toHaveLength(0);
    expect(sweep.entries.map((entry) => [entry.key.name, entry.outcome?.result ?? 'error'])).toEqual([
      ['a', 'reconciled'],
      ['b', 'invalid'],
      ['c', 'error'],
    ]);
    expect(sweep.failed).toBe(1);
    expect(sweep.apiRequests).toBe(client.requestCount);
  });
});

describe('multi-writer AIMService', () => {
  const SERVICE_GVK = { apiVersion: API, kind: 'AIMService' };
  const ServiceSchema = z.looseObject({
    metadata: z.looseObject({ name: z.string() }),
    spec: z.object({ model: z.string() }),
  });
  type Service = z.infer<typeof ServiceSchema>;
  const serviceKey = { ...SERVICE_GVK, namespace: 'team', name: 'svc' };

  /** Writer of ModelReady only (like service-resolve); the model state comes from the test. */
  const resolver = (model: ComponentHealth): KindReconciler<Service, null> => ({
    gvk: SERVICE_GVK,
    schema: () => ServiceSchema,
    controllerName: 'service',
    fetch: async () => null,
    plan: () => ({ apply: [], applyWithoutOwner: [], delete: [] }),
    health: () => [model],
    decorate(status) {
      status.resolvedModel = { name: 'm' };
    },
    ownedConditionTypes: ['ModelReady'],
    ownedStatusFields: ['resolvedModel'],
    writesSummary: false,
    statusMapping: aimServiceStatus,
  });

  /** Writer of InferenceServiceReady and the summary (like isvc-render). */
  const renderer: KindReconciler<Service, null> = {
    gvk: SERVICE_GVK,
    schema: () => ServiceSchema,
    controllerName: 'service',
    fetch: async () => null,
    plan: () => ({ apply: [], applyWithoutOwner: [], delete: [] }),
    health: () => [{ component: 'InferenceService', errors: [], reason: 'RuntimeReady' }],
    ownedConditionTypes: ['InferenceServiceReady'],
    statusMapping: aimServiceStatus,
  };

  const service = (): KubeObject => ({
    apiVersion: API,
    kind: 'AIMService',
    metadata: { name: 'svc', namespace: 'team' },
    spec: { model: 'm' },
  });
  const svcRequest = { ...SERVICE_GVK, namespace: 'team', name: 'svc' };

  it('applies only the owned conditions and fields, and the summary writer derives status from all of them', async () => {
    const client = new FakeKubeClient().seed(service());
    const failedModel: ComponentHealth = {
      component: 'Model',
      state: 'Failed',
      reason: 'ModelNotReady',
      message: 'AIMModel m is in failed state',
      errors: [],
      dependencyType: 'Upstream',
    };
    const resolveOutcome = await reconcileObject(
      context(client, { fieldManager: 'aim-service-resolve' }),
      resolver(failedModel),
      svcRequest,
    );
    expect(resolveOutcome.status).toBeUndefined();
    const applied = client.callsOf('applyStatus')[0]?.object?.status;
    expect(Object.keys(applied).sort()).toEqual(['componentHealth', 'conditions', 'resolvedModel']);
    expect(applied.conditions.map((c: Condition) => c.type)).toEqual(['ModelReady']);
    expect(applied.conditions[0].message).toBe('AIMModel m is in failed state');
    expect(applied.componentHealth).toEqual([
      {
        component: 'Model',
        state: 'Failed',
        dependencyType: 'Upstream',
        reason: 'ModelNotReady',
        message: 'AIMModel m is in failed state',
        observedGeneration: 1,
        lastTransitionTime: '2025-03-01T12:00:00Z',
      },
    ]);

    const renderOutcome = await reconcileObject(
      context(client, { fieldManager: 'aim-isvc-render' }),
      renderer,
      svcRequest,
    );
    expect(renderOutcome.status).toBe('Failed');
    const status = client.peek(serviceKey)?.status;
    expect(status.status).toBe('Failed');
    expect(status.resolvedModel).toEqual({ name: 'm' });
    expect((status.conditions as Condition[]).map((c) => [c.type, c.status, c.reason])).toEqual([
      ['ModelReady', 'False', 'ModelNotReady'],
      ['InferenceServiceReady', 'True', 'RuntimeReady'],
      ['Ready', 'False', 'ModelNotReady'],
    ]);
    expect(findCondition(status.conditions, 'Ready')?.message).toBe(
      'Component Model is not ready: AIMModel m is in failed state',
    );
    expect(status.componentHealth.map((entry: { component: string }) => entry.component)).toEqual([
      'Model',
      'InferenceService',
    ]);

    // The model recovers: the resolver rewrites its condition, the summary follows.
    await reconcileObject(
      context(client, { fieldManager: 'aim-service-resolve' }),
      resolver({ component: 'Model', errors: [], reason: 'ModelResolved' }),
      svcRequest,
    );
    expect(
      (await reconcileObject(context(client, { fieldManager: 'aim-isvc-render' }), renderer, svcRequest))
        .status,
    ).toBe('Running');

    // Steady state: neither writer writes again.
    client.resetCalls();
    await reconcileObject(
      context(client, { fieldManager: 'aim-service-resolve' }),
      resolver({ component: 'Model', errors: [], reason: 'ModelResolved' }),
      svcRequest,
    );
    await reconcileObject(context(client, { fieldManager: 'aim-isvc-render' }), renderer, svcRequest);
    expect(writes(client)).toEqual([]);
  });

  it('lets only the summary writer report a blocking error from another writer', async () => {
    const client = new FakeKubeClient().seed(service());
    const missing = new StateError(
      ERROR_CATEGORIES.missingUpstreamDependency,
      'ModelNotFound',
      'model "m" not found',
    );
    await reconcileObject(
      context(client, { fieldManager: 'aim-service-resolve' }),
      resolver({ component: 'Model', errors: [missing], dependencyType: 'Upstream' }),
      svcRequest,
    );
    expect(findCondition(client.peek(serviceKey)?.status.conditions, 'ConfigValid')).toBeUndefined();
    await reconcileObject(context(client, { fieldManager: 'aim-isvc-render' }), renderer, svcRequest);
    const status = client.peek(serviceKey)?.status;
    expect(status.status).toBe('Failed');
    expect(findCondition(status.conditions, 'ConfigValid')).toMatchObject({
      status: 'False',
      reason: 'ReferenceNotFound',
    });
    expect(findCondition(status.conditions, 'ModelReady')).toMatchObject({
      status: 'False',
      reason: 'ModelNotFound',
      message: 'model "m" not found',
    });
    expect(status.componentHealth[0]).toMatchObject({
      component: 'Model',
      errorCategories: ['MissingUpstreamDependency'],
    });
  });

  it('lets the summary writer fail the service on a child the API server rejects', async () => {
    const client = new FakeKubeClient().seed(service());
    const rendering: KindReconciler<Service, null> = {
      ...renderer,
      plan: () => ({ apply: [configMap('svc-owned', { image: 'a b' })], applyWithoutOwner: [], delete: [] }),
      health: () => [{ component: 'InferenceService', errors: [], state: 'Progressing', reason: 'Creating' }],
    };
    client.failNext('apply', rejected('svc-owned'));
    const outcome = await reconcileObject(
      context(client, { fieldManager: 'aim-isvc-render' }),
      rendering,
      svcRequest,
    );
    expect(outcome.status).toBe('Failed');
    expect(findCondition(client.peek(serviceKey)?.status.conditions, 'Ready')).toMatchObject({
      status: 'False',
      reason: 'InvalidSpec',
      message: expect.stringMatching(/^ConfigMap team\/svc-owned was rejected by the API server: /),
    });
  });

  it('removes the entry of a component a writer no longer reports, and the summary stops counting it', async () => {
    const client = new FakeKubeClient().seed(service());
    const denied = new StateError(ERROR_CATEGORIES.auth, 'Forbidden', 'cannot read the model');
    const resolveCtx = context(client, { fieldManager: 'aim-service-resolve' });
    await reconcileObject(resolveCtx, resolver({ component: 'Model', errors: [denied] }), svcRequest);
    await reconcileObject(context(client, { fieldManager: 'aim-isvc-render' }), renderer, svcRequest);
    expect(client.peek(serviceKey)?.status.status).toBe('Failed');

    const without: KindReconciler<Service, null> = {
      ...resolver({ component: 'Model', errors: [] }),
      health: () => [],
    };
    await reconcileObject(resolveCtx, without, svcRequest);
    expect(
      client.peek(serviceKey)?.status.componentHealth.map((entry: { component: string }) => entry.component),
    ).toEqual(['InferenceService']);
    // The stale ModelReady=False stays (as upstream keeps stale conditions) and reads as Progressing.
    await reconcileObject(context(client, { fieldManager: 'aim-isvc-render' }), renderer, svcRequest);
    expect(client.peek(serviceKey)?.status.status).toBe('Starting');
  });
});
