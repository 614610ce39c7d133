/**
 * defineFunction with a client that can watch: reconciles read the object cache, events coalesce
 * in the work queue, and a resync skips what is in order.
 */
import { CloudEvent } from 'cloudevents';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AIM_API_VERSION } from '../../../shared/api/group.ts';
import { INFORMED } from '../../../shared/cache/kinds.ts';
import type { GroupVersionKind, KubeObject, ListOptions } from '../../../shared/kube/types.ts';
import { metricsRegistry } from '../../../shared/observability/metrics.ts';
import { metadataInputs } from '../../../shared/reconcile/event-inputs.ts';
import type { FunctionDefinition } from '../../../shared/runtime/define-function.ts';
import { FakeKubeClient } from '../../support/fake-kube.ts';
import { shellModel, shellModelInspect, testFunction } from '../../support/function-harness.ts';
import { WatchingFakeKubeClient } from '../../support/watching-fake-kube.ts';

/** The shell reconcilers with their own component Ready: objects settle, so a resync may skip them. */
const settled: FunctionDefinition['reconcilers'] = shellModelInspect.reconcilers.map((reconciler) => ({
  ...reconciler,
  health: () => [{ component: 'ModelInspect', state: 'Ready', reason: 'Done', message: 'done', errors: [] }],
}));

const definition: FunctionDefinition = {
  ...shellModelInspect,
  reconcilers: settled,
  informedKinds: [
    INFORMED.models,
    INFORMED.clusterModels,
    INFORMED.runtimeConfigs,
    INFORMED.clusterRuntimeConfigs,
  ],
};

const NOW = new Date('2026-05-01T12:00:00Z');
const MODEL_KEY = { apiVersion: AIM_API_VERSION, kind: 'AIMModel', namespace: 'team-a' };

const model = (name: string) => shellModel(name);

let counter = 0;
function refEvent(name: string) {
  counter += 1;
  return new CloudEvent<unknown>({
    id: `evt-${name}-${counter}`,
    type: 'dev.knative.apiserver.ref.update',
    source: 'https://10.96.0.1:443',
    data: { apiVersion: AIM_API_VERSION, kind: 'AIMModel', name, namespace: 'team-a' },
  });
}

function resourceEvent(object: KubeObject) {
  counter += 1;
  return new CloudEvent<unknown>({
    id: `evt-${object.metadata.name}-${counter}`,
    type: 'dev.knative.apiserver.resource.update',
    source: 'https://10.96.0.1:443',
    data: object,
  });
}

const ping = () =>
  new CloudEvent<unknown>({
    id: `tick-${++counter}`,
    type: 'dev.knative.sources.ping',
    source: 'ping',
    data: { reason: 'resync' },
  });

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
  metricsRegistry.resetMetrics();
});

function harness(
  under: FunctionDefinition = definition,
  deps: { concurrency?: number; initialResync?: boolean; startupFollowUpMs?: number } = {},
) {
  const fake = new FakeKubeClient({ now: () => NOW });
  const kube = new WatchingFakeKubeClient(fake);
  const { fn, lines, records, send } = testFunction(under, kube, NOW, {
    cacheCatchUpMs: 50,
    warmDelayMs: 0,
    ...deps,
  });
  stops.push(fn.shutdown);
  /** Names of the objects reconciled since the last call (the runtime's line: the one with a duration). */
  const reconciled = () => {
    const names = records()
      .filter((record) => record.msg === 'reconciled' && record.durationMs !== undefined)
      .map((record) => record.name as string);
    lines.length = 0;
    return names;
  };
  /** API calls (of the fake) since the last call. */
  const calls = () => {
    const methods = fake.calls.map((call) => call.method);
    fake.resetCalls();
    return methods;
  };
  return {
    fake,
    kube,
    fn,
    reconciled,
    calls,
    send,
    records,
  };
}

describe('defineFunction with an object cache', () => {
  it('coalesces a burst of events for one object into at most two reconciles', async () => {
    const { fake, send, reconciled } = harness();
    fake.seed(model('llama'));
    await Promise.all(Array.from({ length: 12 }, () => send(refEvent('llama'))));
    const runs = reconciled();
    expect(runs.length).toBeGreaterThanOrEqual(1);
    expect(runs.length).toBeLessThanOrEqual(2);
    expect(new Set(runs)).toEqual(new Set(['llama']));
  });

  it('reads from memory for an event the cache has seen, and live for one it has not reached', async () => {
    const { fake, kube, send, calls, reconciled } = harness();
    fake.seed(model('llama'));
    await send(refEvent('llama'));
    const seen = await kube.mergePatch<KubeObject>(
      { ...MODEL_KEY, name: 'llama' },
      { metadata: { labels: { team: 'a' } } },
    );
    calls();
    reconciled();

    await send(resourceEvent(seen));
    expect(reconciled()).toEqual(['llama']);
    expect(calls()).not.toContain('get');

    const ahead = structuredClone(seen);
    ahead.metadata.resourceVersion = String(Number(fake.version) + 1000);
    await send(resourceEvent(ahead));
    expect(calls()).toContain('get');
  });

  it('answers an event that arrives while its kind is still being listed from live reads', async () => {
    const fake = new FakeKubeClient({ now: () => NOW });
    fake.seed(model('llama'));
    let releaseLists: () => void = () => {};
    const listsHeld = new Promise<void>((resolve) => {
      releaseLists = resolve;
    });
    // A cold start at 1,000 services: the first LIST of a kind takes a while to answer.
    class SlowLists extends WatchingFakeKubeClient {
      override async list<T extends KubeObject = KubeObject>(gvk: GroupVersionKind, options?: ListOptions) {
        await listsHeld;
        return super.list<T>(gvk, options);
      }
    }
    const { fn, records } = testFunction(definition, new SlowLists(fake), NOW, {
      cacheCatchUpMs: 50,
      warmDelayMs: 0,
    });
    stops.push(async () => {
      releaseLists();
      await fn.shutdown?.();
    });
    await fn.init?.();
    const answered = await Promise.race([
      fn.handle({ cloudevent: refEvent('llama') }).then(() => 'answered'),
      new Promise((resolve) => setTimeout(() => resolve('waiting for the LIST'), 1_000)),
    ]);
    expect(answered).toBe('answered');
    expect(
      records().filter((record) => record.msg === 'reconciled' && record.durationMs !== undefined),
    ).toHaveLength(1);
    expect(fake.callsOf('get').map((call) => call.key?.name)).toContain('llama');
  });

  it('skips the echo of its own status write and a late duplicate, not a newer version', async () => {
    const { fake, kube, send, reconciled } = harness();
    fake.seed(model('llama'));
    const created = fake.peek<KubeObject>({ ...MODEL_KEY, name: 'llama' })!;
    await send(resourceEvent(created));
    expect(reconciled()).toEqual(['llama']);
    const echo = fake.peek<KubeObject>({ ...MODEL_KEY, name: 'llama' })!;
    expect(echo.metadata.resourceVersion).not.toBe(created.metadata.resourceVersion);

    await send(resourceEvent(echo));
    await send(resourceEvent(created));
    expect(reconciled()).toEqual([]);
    expect(await metricsRegistry.metrics()).toContain(
      'aim_reconcile_requests_total{function="model-inspect",kind="AIMModel",trigger="already-reconciled"} 2',
    );

    const changed = await kube.mergePatch<KubeObject>(
      { ...MODEL_KEY, name: 'llama' },
      { spec: { image: 'registry.example/llama:2' } },
    );
    await send(resourceEvent(changed));
    expect(reconciled()).toEqual(['llama']);
  });

  it('logs a reconcile that asked the API server nothing at debug, one that wrote at info', async () => {
    const { fake, kube, send, records } = harness();
    fake.seed(model('llama'));
    await send(resourceEvent(fake.peek<KubeObject>({ ...MODEL_KEY, name: 'llama' })!));
    const relabelled = await kube.mergePatch<KubeObject>(
      { ...MODEL_KEY, name: 'llama' },
      { metadata: { labels: { team: 'a' } } },
    );
    await send(resourceEvent(relabelled));
    const lines = records().filter(
      (record) => record.msg === 'reconciled' && record.durationMs !== undefined,
    );
    expect(lines.map((line) => [line.apiRequests === 0 ? 'none' : 'some', line.level])).toEqual([
      ['some', 30],
      ['none', 20],
    ]);
  });

  it('with eventInputs, skips another writer’s status write but not a change of what it reads', async () => {
    const reading: FunctionDefinition = {
      ...definition,
      reconcilers: definition.reconcilers.map((reconciler) => ({
        ...reconciler,
        eventInputs: metadataInputs,
      })),
    };
    const { fake, kube, send, reconciled } = harness(reading);
    fake.seed(model('llama'));
    await send(resourceEvent(fake.peek<KubeObject>({ ...MODEL_KEY, name: 'llama' })!));
    expect(reconciled()).toEqual(['llama']);

    const otherWriter = async (value: string) =>
      kube.applyStatus<KubeObject>(
        {
          ...MODEL_KEY,
          name: 'llama',
          metadata: { name: 'llama', namespace: 'team-a' },
          status: { other: value },
        },
        { fieldManager: 'aim-other-function' },
      );
    await send(resourceEvent(await otherWriter('a')));
    await send(resourceEvent(await otherWriter('b')));
    expect(reconciled()).toEqual([]);
    expect(await metricsRegistry.metrics()).toContain(
      'aim_reconcile_requests_total{function="model-inspect",kind="AIMModel",trigger="unchanged-inputs"} 2',
    );

    const labelled = await kube.mergePatch<KubeObject>(
      { ...MODEL_KEY, name: 'llama' },
      { metadata: { labels: { team: 'a' } } },
    );
    await send(resourceEvent(labelled));
    expect(reconciled()).toEqual(['llama']);

    // Without eventInputs the same status write is reconciled.
    const plain = harness();
    plain.fake.seed(model('llama'));
    await plain.send(resourceEvent(plain.fake.peek<KubeObject>({ ...MODEL_KEY, name: 'llama' })!));
    plain.reconciled();
    const written = await plain.kube.applyStatus<KubeObject>(
      {
        ...MODEL_KEY,
        name: 'llama',
        metadata: { name: 'llama', namespace: 'team-a' },
        status: { other: 'a' },
      },
      { fieldManager: 'aim-other-function' },
    );
    await plain.send(resourceEvent(written));
    expect(plain.reconciled()).toEqual(['llama']);
  });

  it('answers an event before the dependents it maps to have run, and runs them all the same', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow = settled.map((reconciler) => ({
      ...reconciler,
      fetch: async (...args: Parameters<typeof reconciler.fetch>) => {
        if ((args[2].object.metadata.name as string) === 'dependent') await held;
        return reconciler.fetch(...args);
      },
    })) as FunctionDefinition['reconcilers'];
    const { fake, send, reconciled } = harness({
      ...definition,
      reconcilers: slow,
      mapEvent: async (_ctx, event) =>
        event.ref.name === 'source' ? [{ ...MODEL_KEY, name: 'dependent' }] : [],
    });
    fake.seed(model('source'), model('dependent'));
    await send(refEvent('source'));
    expect(reconciled()).toEqual(['source']);
    release();
    await vi.waitFor(() => expect(reconciled()).toEqual(['dependent']));
  });

  it("runs an object whose status does not answer its spec before other objects' events", async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let blocking = false;
    const slow = settled.map((reconciler) => ({
      ...reconciler,
      fetch: async (...args: Parameters<typeof reconciler.fetch>) => {
        if ((args[2].object.metadata.name as string) === 'blocker') {
          blocking = true;
          await held;
        }
        return reconciler.fetch(...args);
      },
    })) as FunctionDefinition['reconcilers'];
    const { fake, send, reconciled } = harness({ ...definition, reconcilers: slow }, { concurrency: 1 });
    const answered = { ...model('answered'), status: { status: 'Ready', observedGeneration: 1 } };
    fake.seed(model('blocker'), answered, model('new'));
    const stored = (name: string) => fake.get({ ...MODEL_KEY, name });
    const first = send(refEvent('blocker'));
    await vi.waitFor(() => expect(blocking).toBe(true));
    // Queued while the only worker is busy: the settled object's event first, the new one after.
    const others = [send(resourceEvent(await stored('answered'))), send(resourceEvent(await stored('new')))];
    release();
    await Promise.all([first, ...others]);
    expect(reconciled()).toEqual(['blocker', 'new', 'answered']);
  });

  it('init starts every informer at once, not one LIST per first read', async () => {
    const fake = new FakeKubeClient({ now: () => NOW });
    const kube = new WatchingFakeKubeClient(fake);
    const { fn } = testFunction(definition, kube, NOW, { cacheCatchUpMs: 50, initialResync: true });
    stops.push(fn.shutdown);
    await fn.init?.();
    await vi.waitFor(() => {
      const listed = fake.calls.filter((call) => call.method === 'list').map((call) => call.gvk);
      expect(listed).toEqual(expect.arrayContaining(definition.informedKinds?.map((kind) => kind.gvk) ?? []));
    });
  });

  it('sweeps once more after starting, for what changed before any event could tell', async () => {
    const { fake, kube, fn, reconciled } = harness(definition, {
      initialResync: true,
      startupFollowUpMs: 100,
    });
    fake.seed(model('a'));
    await fn.init?.();
    await vi.waitFor(() => expect(reconciled()).toContain('a'));
    // Changed with no event (the event sources were not watching yet): only the follow-up finds it.
    await kube.mergePatch({ ...MODEL_KEY, name: 'a' }, { spec: { image: 'registry.example/llama:2' } });
    await vi.waitFor(() => expect(reconciled()).toContain('a'), { timeout: 2_000 });
  });

  it('a resync after everything is in order makes no API call and no reconcile', async () => {
    const { fake, send, reconciled, calls } = harness();
    fake.seed(model('a'), model('b'), model('c'));
    await send(ping());
    expect(reconciled().sort()).toEqual(['a', 'b', 'c']);
    calls();
    // The sweep's own status writes came back through the watch: any change seen may matter to any
    // object, so one more sweep runs, from memory (no API call), and finds everything in order.
    await send(ping());
    expect(calls()).toEqual([]);
    reconciled();
    for (let tick = 0; tick < 3; tick += 1) {
      await send(ping());
      expect(reconciled()).toEqual([]);
      expect(calls()).toEqual([]);
    }
  });

  it('a change to an object makes the next resync reconcile it', async () => {
    const { fake, kube, send, reconciled } = harness();
    fake.seed(model('a'), model('b'));
    await send(ping());
    await send(ping());
    reconciled();
    await send(ping());
    expect(reconciled()).toEqual([]);
    await kube.mergePatch({ ...MODEL_KEY, name: 'b' }, { spec: { image: 'registry.example/llama:2' } });
    await send(ping());
    expect(reconciled()).toContain('b');
    await send(ping());
    reconciled();
    await send(ping());
    expect(reconciled()).toEqual([]);
  });

  it('a resync reconciles an object its status does not account for before the ones it merely checks', async () => {
    const { fake, kube, send, reconciled } = harness();
    fake.seed(model('a'), model('b'), model('c'));
    await send(ping());
    await send(ping());
    reconciled();
    // Changed (so checked again) but in order, and one created since: the new one goes first.
    for (const name of ['a', 'b', 'c'])
      await kube.mergePatch({ ...MODEL_KEY, name }, { metadata: { labels: { touched: 'yes' } } });
    await kube.create(model('new'));
    await send(ping());
    expect(reconciled()).toEqual(['new', 'a', 'b', 'c']);
  });

  it('an object that is not settled (here Progressing) is looked at again on every tick', async () => {
    const { fake, send, reconciled, calls } = harness({
      ...definition,
      reconcilers: shellModelInspect.reconcilers,
    });
    fake.seed(model('a'));
    await send(ping());
    await send(ping());
    reconciled();
    calls();
    await send(ping());
    expect(reconciled()).toEqual(['a']);
    expect(calls()).toEqual([]);
  });
});

describe('defineFunction warming its cache after a start', () => {
  function started(warmDelayMs: number) {
    const fake = new FakeKubeClient({ now: () => NOW });
    const kube = new WatchingFakeKubeClient(fake);
    const { fn, send } = testFunction(definition, kube, NOW, { cacheCatchUpMs: 50, warmDelayMs });
    stops.push(fn.shutdown);
    return { fake, fn, send };
  }

  it('answers the event it was started for with live reads, and lists what it informs after', async () => {
    const { fake, fn, send } = started(60_000);
    fake.seed(model('llama'));
    await fn.init();
    expect(fake.callsOf('list')).toEqual([]);
    await send(refEvent('llama'));
    const methods = fake.calls.map((call) => call.method);
    const firstList = methods.indexOf('list');
    const statusWrite = methods.findIndex((method) => method.toLowerCase().includes('status'));
    expect(methods.slice(0, statusWrite)).toContain('get');
    expect(statusWrite).toBeGreaterThanOrEqual(0);
    expect(firstList).toBeGreaterThan(statusWrite);
  });

  it('lists what it informs shortly after init when no event comes', async () => {
    const { fake, fn } = started(20);
    fake.seed(model('llama'));
    await fn.init();
    expect(fake.callsOf('list')).toEqual([]);
    await vi.waitFor(() => expect(fake.callsOf('list').length).toBeGreaterThan(0));
  });
});
