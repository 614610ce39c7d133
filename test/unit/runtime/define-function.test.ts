import { CloudEvent } from 'cloudevents';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AIM_API_VERSION } from '../../../shared/api/group.ts';
import { objectKey } from '../../../shared/kube/objects.ts';
import type { KubeClient, KubeObject } from '../../../shared/kube/types.ts';
import { createLogger } from '../../../shared/observability/logger.ts';
import { metricsRegistry } from '../../../shared/observability/metrics.ts';
import type { KindReconciler } from '../../../shared/reconcile/pipeline.ts';
import {
  defineFunction,
  type FunctionDefinition,
  type FunctionDependencies,
} from '../../../shared/runtime/define-function.ts';
import { FakeKubeClient } from '../../support/fake-kube.ts';
import { shellModelInspect, testFunction } from '../../support/function-harness.ts';

const modelInspect = shellModelInspect;

const NOW = new Date('2026-05-01T12:00:00Z');

function model(name: string, namespace = 'team-a'): KubeObject {
  return {
    apiVersion: AIM_API_VERSION,
    kind: 'AIMModel',
    metadata: { name, namespace, generation: 1 },
    spec: { image: 'registry.example/llama:1' },
  };
}

function clusterModel(name: string): KubeObject {
  return {
    apiVersion: AIM_API_VERSION,
    kind: 'AIMClusterModel',
    metadata: { name, generation: 1 },
    spec: { image: 'r/x:1' },
  };
}

function refEvent(object: {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string };
}) {
  const { apiVersion, kind } = object;
  const { name, namespace } = object.metadata;
  return new CloudEvent<unknown>({
    id: `evt-${name}`,
    type: 'dev.knative.apiserver.ref.update',
    source: 'https://10.96.0.1:443',
    data: { apiVersion, kind, name, namespace },
  });
}

const ping = () =>
  new CloudEvent<unknown>({
    id: 'tick-1',
    type: 'dev.knative.sources.ping',
    source: 'ping',
    data: { reason: 'resync' },
  });

function harness(definition: FunctionDefinition = modelInspect, deps: FunctionDependencies = {}) {
  const kube = new FakeKubeClient({ now: () => NOW });
  return { kube, ...testFunction(definition, kube, NOW, deps) };
}

function conditionsOf(kube: FakeKubeClient, object: KubeObject): { type: string; reason: string }[] {
  return (kube.peek(objectKey(object))?.status?.conditions ?? []) as { type: string; reason: string }[];
}

async function rejection(promise: Promise<unknown>): Promise<Error & { code?: unknown }> {
  try {
    await promise;
  } catch (err) {
    return err as Error & { code?: unknown };
  }
  throw new Error('expected a rejection');
}

afterEach(() => metricsRegistry.resetMetrics());

describe('defineFunction handle', () => {
  it('reconciles the owned object an event is about and logs with the correlation fields', async () => {
    const { kube, send, records } = harness();
    const llama = model('llama');
    kube.seed(llama);
    await expect(send(refEvent(llama))).resolves.toBeUndefined();
    expect(conditionsOf(kube, llama).map((condition) => condition.type)).toContain('ModelInspectReady');
    const reconciled = records().find((record) => record.msg === 'reconciled');
    expect(reconciled).toMatchObject({
      function: 'model-inspect',
      eventId: 'evt-llama',
      kind: 'AIMModel',
      namespace: 'team-a',
      name: 'llama',
      result: 'reconciled',
    });
    expect(await metricsRegistry.metrics()).toContain(
      'aim_reconcile_total{function="model-inspect",kind="AIMModel",result="reconciled"} 1',
    );
  });

  it('ignores an event about a kind it neither owns nor maps, without touching the API', async () => {
    const { kube, send } = harness();
    const job = { apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'j', namespace: 'team-a' } };
    await send(refEvent(job));
    expect(kube.calls).toEqual([]);
    expect(await metricsRegistry.metrics()).toContain('outcome="ignored"} 1');
  });

  it('adds the requests mapEvent returns, once each', async () => {
    const a = model('a');
    const b = model('b');
    const definition: FunctionDefinition = {
      ...modelInspect,
      mapEvent: async () => [objectKey(a), objectKey(b), objectKey(b)],
    };
    const { kube, send } = harness(definition);
    kube.seed(a, b);
    await send(refEvent(a));
    await vi.waitFor(() => expect(kube.callsOf('get').map((call) => call.key?.name)).toEqual(['a', 'b']));
  });

  it('still reconciles the object itself when mapEvent fails transiently, then answers 503', async () => {
    const a = model('a');
    const definition: FunctionDefinition = {
      ...modelInspect,
      mapEvent: async (ctx) => {
        await ctx.client.list({ apiVersion: 'batch/v1', kind: 'Job' });
        return [];
      },
    };
    const { kube, send } = harness(definition);
    kube.seed(a).failNext('list', 'TooManyRequests');
    const err = await rejection(send(refEvent(a)));
    expect(err.code).toBe(503);
    expect(conditionsOf(kube, a).length).toBeGreaterThan(0);
  });

  it('answers 503 for a transient API error, so the Broker redelivers the event', async () => {
    const { kube, send } = harness();
    const llama = model('llama');
    kube.seed(llama).failNext('get', 'Timeout');
    const err = await rejection(send(refEvent(llama)));
    expect(err.code).toBe(503);
    expect(err.message).toContain('retry later');
  });

  it('acknowledges a permanent API error (logged as an error) instead of asking for retries', async () => {
    const { kube, send, records } = harness();
    const llama = model('llama');
    kube.seed(llama).failNext('applyStatus', 'Forbidden');
    await expect(send(refEvent(llama))).resolves.toBeUndefined();
    const logged = records().find((record) => record.level === 50 && record.reason === 'Forbidden');
    expect(logged).toMatchObject({ kind: 'AIMModel', name: 'llama', eventId: 'evt-llama' });
    expect(await metricsRegistry.metrics()).toContain(
      'aim_reconcile_errors_total{function="model-inspect",kind="AIMModel",reason="Forbidden"} 1',
    );
  });

  it('answers 500 for an unexpected error and keeps working afterwards', async () => {
    const [shell] = modelInspect.reconcilers;
    const broken: KindReconciler<unknown, unknown> = {
      ...(shell as KindReconciler<unknown, unknown>),
      fetch: async () => {
        throw new TypeError('bug in fetch');
      },
    };
    const { kube, send } = harness({ name: 'model-inspect', reconcilers: [broken] });
    const llama = model('llama');
    kube.seed(llama);
    const err = await rejection(send(refEvent(llama)));
    expect(err.code).toBe(500);
    expect(err.message).toContain('bug in fetch');
    // A resync tick answers for the sweep, not for each object: the broken object is logged and
    // retried by its own events, the tick itself succeeds.
    await expect(send(ping())).resolves.toBeUndefined();
  });

  it('rejects a malformed event with code 400', async () => {
    const { fn, send } = harness();
    const wrongType = new CloudEvent<unknown>({ id: 'x', type: 'com.example.nope', source: 's', data: {} });
    await expect(send(wrongType)).rejects.toMatchObject({ code: 400, name: 'BadEventError' });
    await expect(
      fn.handle({ headers: { 'content-type': 'application/json' }, body: { a: 1 } }),
    ).rejects.toMatchObject({
      code: 400,
    });
    await expect(fn.handle({})).rejects.toMatchObject({ code: 400 });
  });

  it('logs a dead-lettered event without reconciling it', async () => {
    const { kube, send, records } = harness();
    const llama = model('llama');
    kube.seed(llama);
    const dead = refEvent(llama).cloneWith(
      { knativeerrordest: 'http://model-inspect/', knativeerrorcode: '503' },
      false,
    );
    await send(dead);
    expect(kube.calls).toEqual([]);
    expect(records().find((record) => record.errorDestination === 'http://model-inspect/')).toMatchObject({
      level: 50,
      eventId: 'evt-llama',
      errorCode: '503',
    });
  });

  it('answers 503 while the Kubernetes client cannot be created, and tries again on the next event', async () => {
    const kube = new FakeKubeClient();
    let attempts = 0;
    const { fn } = harness(modelInspect, {
      createClient: () => {
        attempts += 1;
        if (attempts === 1) throw new Error('no kubeconfig');
        return kube;
      },
    });
    await expect(fn.handle({ cloudevent: ping() })).rejects.toMatchObject({ code: 503 });
    await expect(fn.handle({ cloudevent: ping() })).resolves.toBeUndefined();
    expect(attempts).toBe(2);
  });
});

describe('defineFunction requeue', () => {
  it('reconciles again after requeueAfterSeconds without an event', async () => {
    const [shell] = modelInspect.reconcilers;
    let fetches = 0;
    const base = shell as KindReconciler<unknown, unknown>;
    const polling: KindReconciler<unknown, unknown> = {
      ...base,
      fetch: async (...args) => {
        fetches++;
        return base.fetch(...args);
      },
      plan: (...args) => ({ ...base.plan(...args), requeueAfterSeconds: 0.05 }),
    };
    const { kube, send, fn } = harness({ name: 'model-inspect', reconcilers: [polling] });
    const llama = model('llama');
    kube.seed(llama);
    await send(refEvent(llama));
    const deadline = Date.now() + 5_000;
    while (fetches < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await fn.shutdown();
    expect(fetches).toBeGreaterThanOrEqual(3);
  });
});

describe('defineFunction resync', () => {
  it('reconciles every object of every owned kind on a PingSource tick', async () => {
    const { kube, send } = harness();
    const objects = [model('a'), model('b', 'team-b'), clusterModel('c')];
    kube.seed(...objects);
    await send(ping());
    for (const object of objects) {
      expect(conditionsOf(kube, object).map((condition) => condition.type)).toContain('ModelInspectReady');
    }
  });

  it('goes on with the other kinds when listing one fails, then answers 503', async () => {
    const { kube, send } = harness();
    const c = clusterModel('c');
    kube.seed(model('a'), c).failNext('list', 'ServiceUnavailable', (call) => call.gvk?.kind === 'AIMModel');
    await expect(send(ping())).rejects.toMatchObject({ code: 503 });
    expect(conditionsOf(kube, c).length).toBeGreaterThan(0);
  });

  it('runs the initial resync in the background from init without blocking it', async () => {
    const kube = new FakeKubeClient({ now: () => NOW });
    const a = model('a');
    kube.seed(a);
    const gate = Promise.withResolvers<void>();
    const gated = new Proxy(kube, {
      get(target, property) {
        if (property === 'list') {
          return async (...args: Parameters<KubeClient['list']>) => {
            await gate.promise;
            return target.list(...args);
          };
        }
        const value = Reflect.get(target, property, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const lines: string[] = [];
    const fn = defineFunction(modelInspect, {
      createClient: () => gated,
      logger: createLogger({ function: 'model-inspect', destination: { write: (l) => lines.push(l) } }),
      now: () => NOW,
      operatorNamespace: 'aim-system',
      warmDelayMs: 0,
    });
    await fn.init();
    expect(conditionsOf(kube, a)).toEqual([]);
    gate.resolve();
    await fn.shutdown();
    expect(conditionsOf(kube, a).length).toBeGreaterThan(0);
    expect(lines.some((line) => line.includes('initial resync done'))).toBe(true);
  });
});

describe('defineFunction answering an event whose run takes long', () => {
  /** A fake whose reads wait until `release` is called. */
  function heldReads() {
    const kube = new FakeKubeClient({ now: () => NOW });
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const get = kube.get.bind(kube);
    kube.get = async (key) => {
      await held;
      return get(key);
    };
    return { kube, release };
  }

  it('answers after eventAnswerWaitMs and lets the run finish on its own', async () => {
    const llama = model('llama');
    const { kube, release } = heldReads();
    kube.seed(llama);
    const { send, records } = testFunction(modelInspect, kube, NOW, { eventAnswerWaitMs: 20 });
    await expect(send(refEvent(llama))).resolves.toBeUndefined();
    expect(conditionsOf(kube, llama)).toEqual([]);
    release();
    await vi.waitFor(() => expect(conditionsOf(kube, llama).length).toBeGreaterThan(0));
    expect(records().some((record) => record.msg === 'reconciled' && record.name === 'llama')).toBe(true);
  });

  it('retries a kept run the API server failed, as the Broker would have', async () => {
    const llama = model('llama');
    const { kube, release } = heldReads();
    kube.seed(llama).failNext('get', 'Timeout');
    const { send } = testFunction(modelInspect, kube, NOW, { eventAnswerWaitMs: 20 });
    await expect(send(refEvent(llama))).resolves.toBeUndefined();
    release();
    await vi.waitFor(() => expect(conditionsOf(kube, llama).length).toBeGreaterThan(0), { timeout: 3000 });
    expect(kube.callsOf('get').filter((call) => call.key?.name === 'llama').length).toBeGreaterThanOrEqual(2);
  });

  it('still answers 503 when the API server fails the run within the wait', async () => {
    const llama = model('llama');
    const { kube, send } = harness(modelInspect, { eventAnswerWaitMs: 5_000 });
    kube.seed(llama).failNext('get', 'ServiceUnavailable');
    expect((await rejection(send(refEvent(llama)))).code).toBe(503);
  });
});
