import { afterEach, describe, expect, it } from 'vitest';
import { INFORMED } from '../../../shared/cache/kinds.ts';
import { ObjectCache } from '../../../shared/cache/object-cache.ts';
import { POD_EVENTS_FIELD_SELECTOR } from '../../../shared/constants/pod-conditions.ts';
import { isNotFound, KubeError } from '../../../shared/kube/errors.ts';
import type { KubeObject } from '../../../shared/kube/types.ts';
import { FakeKubeClient } from '../../support/fake-kube.ts';
import { WatchingFakeKubeClient } from '../../support/watching-fake-kube.ts';

const AIM = 'aim.eai.amd.com/v1alpha1';
const MODEL = { apiVersion: AIM, kind: 'AIMModel' };
const CLUSTER_MODEL = { apiVersion: AIM, kind: 'AIMClusterModel' };
const JOB = { apiVersion: 'batch/v1', kind: 'Job' };
const DISCOVERY = INFORMED.discoveryJobs.labelSelector;

function model(name: string, namespace: string, image = 'r/x:1'): KubeObject {
  return { ...MODEL, metadata: { name, namespace, labels: { team: namespace } }, spec: { image } };
}

function job(name: string, labels: Record<string, string>): KubeObject {
  return { ...JOB, metadata: { name, namespace: 'aim-system', labels }, spec: {} };
}

const caches: ObjectCache[] = [];
afterEach(() => {
  for (const cache of caches.splice(0)) cache.stop();
});

async function warmCache(kube: WatchingFakeKubeClient) {
  const cache = new ObjectCache(kube, [INFORMED.models, INFORMED.clusterModels, INFORMED.discoveryJobs], {
    fieldManager: 'aim-test',
  });
  caches.push(cache);
  await cache.warm();
  kube.fake.resetCalls();
  return cache;
}

function setup() {
  const fake = new FakeKubeClient();
  fake.seed(
    model('b', 'team-b'),
    model('a', 'team-a'),
    model('c', 'team-a'),
    { ...CLUSTER_MODEL, metadata: { name: 'shared' }, spec: { image: 'r/s:1' } },
    job('discover-1', { 'app.kubernetes.io/name': 'aim-discovery', template: 't1' }),
    job('other', { 'app.kubernetes.io/name': 'something-else' }),
  );
  return new WatchingFakeKubeClient(fake);
}

describe('ObjectCache reads of informed kinds', () => {
  it('answers get, getOptional and list from memory without API calls', async () => {
    const kube = setup();
    const cache = await warmCache(kube);
    const got = await cache.get({ ...MODEL, namespace: 'team-a', name: 'a' });
    expect(got.spec).toEqual({ image: 'r/x:1' });
    expect((await cache.getOptional({ ...MODEL, namespace: 'team-a', name: 'zzz' })) ?? null).toBeNull();
    const all = await cache.list(MODEL);
    expect(all.items.map((o) => `${o.metadata.namespace}/${o.metadata.name}`)).toEqual([
      'team-a/a',
      'team-a/c',
      'team-b/b',
    ]);
    expect(all.resourceVersion).toBe(kube.fake.version);
    const scoped = await cache.list(MODEL, { namespace: 'team-a', labelSelector: 'team=team-a', limit: 1 });
    expect(scoped.items.map((o) => o.metadata.name)).toEqual(['a', 'c']);
    expect(kube.fake.calls).toEqual([]);
  });

  it('hands out frozen shared objects: changing a result throws and leaves the cache as it was', async () => {
    const cache = await warmCache(setup());
    const key = { ...MODEL, namespace: 'team-a', name: 'a' };
    const got = await cache.get(key);
    expect(() => {
      (got.spec as { image: string }).image = 'mutated';
    }).toThrow(TypeError);
    expect(() => {
      got.metadata.labels = { hacked: 'yes' };
    }).toThrow(TypeError);
    const listed = await cache.list(MODEL);
    expect(() => {
      listed.items[0]!.metadata.name = 'renamed';
    }).toThrow(TypeError);
    // The list itself is the caller's: filtering or sorting it changes nothing shared.
    listed.items.reverse();
    const again = await cache.get(key);
    expect(again).toBe(got);
    expect(again.spec).toEqual({ image: 'r/x:1' });
    expect(again.metadata.labels).toEqual({ team: 'team-a' });
    expect((await cache.list(MODEL)).items[0]!.metadata.name).toBe('a');
  });

  it('keeps a copy of a write answer: the writer may still change its own', async () => {
    const cache = await warmCache(setup());
    const key = { ...MODEL, namespace: 'team-a', name: 'a' };
    const answer = structuredClone(await cache.get(key));
    answer.metadata.resourceVersion = String(Number(answer.metadata.resourceVersion) + 1000);
    cache.written(MODEL, answer);
    (answer.spec as { image: string }).image = 'changed by the writer';
    expect((await cache.get(key)).spec).toEqual({ image: 'r/x:1' });
  });

  it('throws the NotFound a GET would have thrown', async () => {
    const cache = await warmCache(setup());
    const err = await cache.get({ ...MODEL, namespace: 'team-a', name: 'missing' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(KubeError);
    expect(isNotFound(err)).toBe(true);
    expect(err).toMatchObject({ reason: 'NotFound', statusCode: 404, retryable: false });
    expect((err as Error).message).toContain('aimmodels "missing" not found');
  });

  it('ignores a namespace given for a cluster-scoped kind', async () => {
    const kube = setup();
    const cache = await warmCache(kube);
    const got = await cache.get({ ...CLUSTER_MODEL, namespace: 'team-a', name: 'shared' });
    expect(got.metadata.name).toBe('shared');
    const listed = await cache.list(CLUSTER_MODEL, { namespace: 'team-a' });
    expect(listed.items.map((o) => o.metadata.name)).toEqual(['shared']);
    expect(kube.fake.calls).toEqual([]);
  });

  it('follows changes made through the client and folds in written answers', async () => {
    const kube = setup();
    const cache = await warmCache(kube);
    const key = { ...MODEL, namespace: 'team-a', name: 'a' };
    await kube.mergePatch(key, { spec: { image: 'r/x:2' } });
    expect((await cache.get(key)).spec).toEqual({ image: 'r/x:2' });
    await kube.delete({ ...MODEL, namespace: 'team-b', name: 'b' });
    expect(await cache.getOptional({ ...MODEL, namespace: 'team-b', name: 'b' })).toBeUndefined();
    const written = await kube.fake.mergePatch<KubeObject>(key, { spec: { image: 'r/x:3' } });
    cache.written(MODEL, written);
    expect((await cache.get(key)).spec).toEqual({ image: 'r/x:3' });
  });
});

describe('ObjectCache reads it cannot answer', () => {
  it('answers a label-restricted kind only for LISTs covering the restriction, never GETs', async () => {
    const kube = setup();
    const cache = await warmCache(kube);
    const covered = await cache.list(JOB, { labelSelector: `${DISCOVERY},template=t1` });
    expect(covered.items.map((o) => o.metadata.name)).toEqual(['discover-1']);
    expect(kube.fake.calls).toEqual([]);

    const everything = await cache.list(JOB, { namespace: 'aim-system' });
    expect(everything.items.map((o) => o.metadata.name)).toEqual(['discover-1', 'other']);
    expect(kube.fake.callsOf('list')).toHaveLength(1);

    const byName = await cache.get({ ...JOB, namespace: 'aim-system', name: 'other' });
    expect(byName.metadata.name).toBe('other');
    expect(kube.fake.callsOf('get')).toHaveLength(1);
  });

  it('answers a GET of the one name a name-restricted kind holds, and reads other names live', async () => {
    const RB = INFORMED.artifactStatusUpdaterBindings;
    const binding = (name: string, namespace: string): KubeObject => ({
      ...RB.gvk,
      metadata: { name, namespace },
    });
    const fake = new FakeKubeClient();
    fake.seed(binding('aim-engine-artifact-status-updater', 'team-a'), binding('other', 'team-a'));
    const kube = new WatchingFakeKubeClient(fake);
    const cache = new ObjectCache(kube, [RB], { fieldManager: 'aim-test' });
    caches.push(cache);
    await cache.warm();
    kube.fake.resetCalls();

    const held = { ...RB.gvk, namespace: 'team-a', name: 'aim-engine-artifact-status-updater' };
    expect((await cache.get(held)).metadata.namespace).toBe('team-a');
    expect(await cache.getOptional({ ...held, namespace: 'team-b' })).toBeUndefined();
    expect(cache.resourceVersionOf(held)).toBeDefined();
    expect(kube.fake.calls).toEqual([]);

    expect((await cache.get({ ...held, name: 'other' })).metadata.name).toBe('other');
    expect(kube.fake.callsOf('get')).toHaveLength(1);
  });

  it('with warmFirst, reads live and lists nothing until warm()', async () => {
    const kube = setup();
    const cache = new ObjectCache(kube, [INFORMED.models], { fieldManager: 'aim-test', warmFirst: true });
    caches.push(cache);
    const key = { ...MODEL, namespace: 'team-a', name: 'a' };
    await cache.get(key);
    expect(await cache.caughtUp(MODEL, '1', 10)).toBe(false);
    expect(kube.fake.calls.map((call) => call.method)).toEqual(['get']);
    await cache.warm();
    kube.fake.resetCalls();
    await cache.get(key);
    expect(kube.fake.calls).toEqual([]);
  });

  it('reads kinds it does not inform live', async () => {
    const kube = setup();
    kube.fake.seed({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 's', namespace: 'ns' } });
    const cache = await warmCache(kube);
    expect(cache.informs({ apiVersion: 'v1', kind: 'Secret' })).toBe(false);
    await cache.get({ apiVersion: 'v1', kind: 'Secret', namespace: 'ns', name: 's' });
    expect(kube.fake.callsOf('get')).toHaveLength(1);
  });

  it('reads everything live when the client cannot watch', async () => {
    const fake = new FakeKubeClient().seed(model('a', 'team-a'));
    const cache = new ObjectCache(fake, [INFORMED.models]);
    caches.push(cache);
    expect(cache.informs(MODEL)).toBe(false);
    await cache.get({ ...MODEL, namespace: 'team-a', name: 'a' });
    await cache.list(MODEL);
    expect(fake.calls.map((call) => call.method)).toEqual(['get', 'list']);
    await expect(cache.caughtUp(MODEL, '999', 10)).resolves.toBe(true);
    expect(await cache.snapshot(MODEL)).toBeUndefined();
  });
});

describe('ObjectCache.caughtUp', () => {
  it('is true once the watch delivered the resourceVersion and false when it never does', async () => {
    const kube = setup();
    const cache = await warmCache(kube);
    await expect(cache.caughtUp(MODEL, kube.fake.version, 10)).resolves.toBe(true);
    await expect(cache.caughtUp(MODEL, undefined, 10)).resolves.toBe(true);
    const ahead = String(Number(kube.fake.version) + 1);
    const waiting = cache.caughtUp(MODEL, ahead, 5_000);
    await kube.fake.mergePatch({ ...MODEL, namespace: 'team-a', name: 'c' }, { spec: { image: 'r/c:2' } });
    await expect(waiting).resolves.toBe(true);
    await expect(cache.caughtUp(MODEL, String(Number(ahead) + 100), 20)).resolves.toBe(false);
    await expect(cache.caughtUp({ apiVersion: 'v1', kind: 'Secret' }, '1', 10)).resolves.toBe(true);
  });
});

describe('ObjectCache with several informers of one kind', () => {
  function event(name: string, involvedKind: string, involvedName: string, reason = 'Something'): KubeObject {
    return {
      apiVersion: 'v1',
      kind: 'Event',
      metadata: { name, namespace: 'team-a' },
      involvedObject: { kind: involvedKind, name: involvedName, namespace: 'team-a' },
      reason,
    };
  }

  it('answers each selector’s LISTs from its own informer, and other LISTs live', async () => {
    const fake = new FakeKubeClient();
    fake.seed(
      event('e1', 'Pod', 'p1'),
      event('e2', 'InferenceService', 'svc'),
      event('e3', 'AIMService', 'svc'),
      event('e4', 'Pod', 'p1', 'Started'),
    );
    const kube = new WatchingFakeKubeClient(fake);
    const cache = new ObjectCache(kube, [INFORMED.podEvents, INFORMED.inferenceServiceEvents]);
    caches.push(cache);
    await cache.warm();
    fake.resetCalls();
    const EVENT = { apiVersion: 'v1', kind: 'Event' };
    const pods = await cache.list(EVENT, {
      namespace: 'team-a',
      fieldSelector: `${POD_EVENTS_FIELD_SELECTOR},involvedObject.name=p1`,
    });
    const isvcs = await cache.list(EVENT, {
      namespace: 'team-a',
      fieldSelector: 'involvedObject.kind=InferenceService,involvedObject.name=svc',
    });
    // The kubelet's routine Started is not kept.
    expect(pods.items.map((e) => e.metadata.name)).toEqual(['e1']);
    expect(isvcs.items.map((e) => e.metadata.name)).toEqual(['e2']);
    expect(fake.calls).toEqual([]);
    await cache.list(EVENT, { namespace: 'team-a', fieldSelector: 'involvedObject.kind=AIMService' });
    // Every pod event (routine ones too) is more than the informer holds: read live.
    await cache.list(EVENT, { namespace: 'team-a', fieldSelector: 'involvedObject.kind=Pod' });
    expect(fake.callsOf('list')).toHaveLength(2);
  });

  it('waits to catch up only on the informers whose selector would keep the event’s object', async () => {
    const fake = new FakeKubeClient();
    const kube = new WatchingFakeKubeClient(fake);
    const cache = new ObjectCache(kube, [INFORMED.podEvents, INFORMED.inferenceServiceEvents]);
    caches.push(cache);
    await cache.warm();
    const EVENT = { apiVersion: 'v1', kind: 'Event' };
    const ahead = String(Number(fake.version) + 100);
    const elsewhere = { ...event('x', 'AIMService', 'svc'), metadata: { name: 'x', resourceVersion: ahead } };
    // No informer keeps an AIMService's Events: nothing to wait for.
    await expect(cache.caughtUp(EVENT, ahead, 5_000, elsewhere)).resolves.toBe(true);
    // A Pod's Event is kept by one informer, which has not seen it.
    const podEvent = { ...event('y', 'Pod', 'p1'), metadata: { name: 'y', resourceVersion: ahead } };
    await expect(cache.caughtUp(EVENT, ahead, 20, podEvent)).resolves.toBe(false);
  });

  it('folds a write only into the informers whose selector keeps the object', async () => {
    const fake = new FakeKubeClient();
    const kube = new WatchingFakeKubeClient(fake);
    const cache = new ObjectCache(kube, [INFORMED.podEvents, INFORMED.inferenceServiceEvents]);
    caches.push(cache);
    await cache.warm();
    cache.written(
      { apiVersion: 'v1', kind: 'Event' },
      { ...event('w', 'Pod', 'p2'), metadata: { name: 'w', namespace: 'team-a', resourceVersion: '99' } },
    );
    const EVENT = { apiVersion: 'v1', kind: 'Event' };
    const isvcs = await cache.list(EVENT, { fieldSelector: 'involvedObject.kind=InferenceService' });
    const pods = await cache.list(EVENT, { fieldSelector: POD_EVENTS_FIELD_SELECTOR });
    expect(isvcs.items).toEqual([]);
    expect(pods.items.map((e) => e.metadata.name)).toEqual(['w']);
  });
});
