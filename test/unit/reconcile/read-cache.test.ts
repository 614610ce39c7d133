import { describe, expect, it } from 'vitest';
import { isNotFound } from '../../../shared/kube/errors.ts';
import type { KubeObject } from '../../../shared/kube/types.ts';
import { readerOf, SweepReadCache } from '../../../shared/reconcile/read-cache.ts';
import { reportingWritesTo } from '../../../shared/reconcile/write-reporting-client.ts';
import { FakeKubeClient } from '../../support/fake-kube.ts';

const MODEL = { apiVersion: 'aim.eai.amd.com/v1alpha1', kind: 'AIMModel' };
const JOB = { apiVersion: 'batch/v1', kind: 'Job' };
const NODE = { apiVersion: 'v1', kind: 'Node' };
const CM = { apiVersion: 'v1', kind: 'ConfigMap' };
const SECRET = { apiVersion: 'v1', kind: 'Secret' };

function model(name: string, namespace: string) {
  return { ...MODEL, metadata: { name, namespace }, spec: { image: 'x' } };
}

function job(name: string, labels: Record<string, string>) {
  return { ...JOB, metadata: { name, namespace: 'a', labels } };
}

const configMap = (name: string): KubeObject => ({
  ...CM,
  metadata: { name, namespace: 'ns' },
  data: { a: '1' },
});

/** A sweep's pair: the cache, and the live client whose writes it hears about. */
function sweep(kube: FakeKubeClient, kinds: ConstructorParameters<typeof SweepReadCache>[1] = []) {
  const cache = new SweepReadCache(kube, kinds);
  return { cache, client: reportingWritesTo(cache, kube) };
}

describe('SweepReadCache: declared kinds', () => {
  it('answers gets and lists of a declared kind from one LIST', async () => {
    const kube = new FakeKubeClient().seed(model('m1', 'a'), model('m2', 'a'), model('m1', 'b'));
    const cache = new SweepReadCache(kube, [{ gvk: MODEL }]);
    expect((await cache.get({ ...MODEL, namespace: 'b', name: 'm1' })).metadata.namespace).toBe('b');
    expect(await cache.getOptional({ ...MODEL, namespace: 'b', name: 'm2' })).toBeUndefined();
    await expect(cache.get({ ...MODEL, namespace: 'c', name: 'm1' })).rejects.toSatisfy(isNotFound);
    expect((await cache.list(MODEL, { namespace: 'a' })).items.map((m) => m.metadata.name)).toEqual([
      'm1',
      'm2',
    ]);
    expect(kube.requestCount).toBe(1);
    expect(kube.callsOf('list')[0]?.options).toEqual({});
  });

  it('serves only lists whose selector includes the base selector from the snapshot of a filtered kind', async () => {
    const kube = new FakeKubeClient().seed(
      job('d1', { app: 'disc', t: 'x' }),
      job('d2', { app: 'disc', t: 'y' }),
      job('other', { t: 'x' }),
    );
    const cache = new SweepReadCache(kube, [{ gvk: JOB, labelSelector: 'app=disc' }]);
    expect(
      (await cache.list(JOB, { labelSelector: 'app=disc,t=x' })).items.map((j) => j.metadata.name),
    ).toEqual(['d1']);
    expect(
      (await cache.list(JOB, { labelSelector: 'app=disc,t=y' })).items.map((j) => j.metadata.name),
    ).toEqual(['d2']);
    expect(kube.requestCount).toBe(1);
    expect((await cache.list(JOB, { labelSelector: 't=x' })).items).toHaveLength(2);
    await cache.getOptional({ ...JOB, namespace: 'a', name: 'd1' });
    expect(kube.requestCount).toBe(3);
  });

  it('retries a failed first LIST', async () => {
    const kube = new FakeKubeClient().seed(model('m', 'a'));
    const cache = new SweepReadCache(kube, [{ gvk: MODEL }]);
    kube.failNext('list', 'ServiceUnavailable');
    await expect(cache.list(MODEL)).rejects.toThrow(/ServiceUnavailable/);
    expect((await cache.list(MODEL)).items).toHaveLength(1);
  });

  it("takes in the sweep's writes of the kind without listing again", async () => {
    const kube = new FakeKubeClient().seed(model('m2', 'a'));
    const { cache, client } = sweep(kube, [{ gvk: MODEL }]);
    expect((await cache.list(MODEL)).items).toHaveLength(1);
    await client.apply(model('m3', 'a'), { fieldManager: 'test' });
    await client.create(model('m1', 'a'));
    await client.applyStatus({ ...model('m2', 'a'), status: { status: 'Ready' } }, { fieldManager: 'test' });
    kube.resetCalls();
    expect((await cache.list(MODEL, { namespace: 'a' })).items.map((m) => m.metadata.name)).toEqual([
      'm1',
      'm2',
      'm3',
    ]);
    expect((await cache.get({ ...MODEL, namespace: 'a', name: 'm2' })).status).toEqual({ status: 'Ready' });
    expect(kube.requestCount).toBe(0);
  });

  it('drops an object that leaves the base selector, and lists again after a delete or a failed write', async () => {
    const kube = new FakeKubeClient().seed(job('d1', { app: 'disc' }), job('d2', { app: 'disc' }));
    const { cache, client } = sweep(kube, [{ gvk: JOB, labelSelector: 'app=disc' }]);
    await cache.list(JOB, { labelSelector: 'app=disc' });
    await client.apply(job('d1', { other: 'x' }), { fieldManager: 'test' });
    const names = async () =>
      (await cache.list(JOB, { labelSelector: 'app=disc' })).items.map((j) => j.metadata.name);
    expect(await names()).toEqual(['d2']);
    expect(kube.callsOf('list')).toHaveLength(1);

    await client.delete({ ...JOB, namespace: 'a', name: 'd2' });
    expect(await names()).toEqual([]);
    expect(kube.callsOf('list')).toHaveLength(2);

    kube.failNext('apply', 'Conflict');
    await expect(client.apply(job('d3', { app: 'disc' }), { fieldManager: 'test' })).rejects.toThrow();
    await names();
    expect(kube.callsOf('list')).toHaveLength(3);
  });

  it('ignores dry-run writes', async () => {
    const kube = new FakeKubeClient().seed(model('m1', 'a'));
    const { cache, client } = sweep(kube, [{ gvk: MODEL }]);
    await cache.list(MODEL);
    await client.apply(model('m2', 'a'), { fieldManager: 'test', dryRun: true });
    expect((await cache.list(MODEL)).items).toHaveLength(1);
    expect(kube.callsOf('list')).toHaveLength(1);
  });
});

describe('SweepReadCache: other reads', () => {
  it('answers repeated GETs and LISTs once, including NotFound, and counts only real requests', async () => {
    const kube = new FakeKubeClient().seed(configMap('one'), { ...NODE, metadata: { name: 'n1' } });
    const { cache, client } = sweep(kube);
    for (let i = 0; i < 3; i++) {
      await cache.get({ ...CM, namespace: 'ns', name: 'one' });
      expect(await cache.getOptional({ ...CM, namespace: 'ns', name: 'missing' })).toBeUndefined();
      await expect(cache.get({ ...CM, namespace: 'ns', name: 'missing' })).rejects.toMatchObject({
        reason: 'NotFound',
      });
      expect((await cache.list(CM, { namespace: 'ns' })).items).toHaveLength(1);
      expect((await cache.list(NODE)).items).toHaveLength(1);
    }
    expect(kube.requestCount).toBe(5);
    expect(client.requestCount).toBe(5);
  });

  it('hands out copies, so one caller cannot change what the next reads', async () => {
    const kube = new FakeKubeClient().seed(configMap('one'), model('m', 'a'));
    const cache = new SweepReadCache(kube, [{ gvk: MODEL }]);
    const first = await cache.get({ ...CM, namespace: 'ns', name: 'one' });
    first.data = { a: 'changed' };
    expect((await cache.get({ ...CM, namespace: 'ns', name: 'one' })).data).toEqual({ a: '1' });
    const listed = await cache.get({ ...MODEL, namespace: 'a', name: 'm' });
    listed.spec = { image: 'changed' };
    expect((await cache.list(MODEL)).items[0]?.spec).toEqual({ image: 'x' });
  });

  it('forgets the reads of a kind written through the sweep client, and only of that kind', async () => {
    const kube = new FakeKubeClient().seed(configMap('one'), {
      ...SECRET,
      metadata: { name: 's', namespace: 'ns' },
    });
    const { cache, client } = sweep(kube);
    await cache.list(CM, { namespace: 'ns' });
    await cache.list(SECRET, { namespace: 'ns' });
    await client.apply(configMap('two'), { fieldManager: 'test' });
    expect((await cache.list(CM, { namespace: 'ns' })).items).toHaveLength(2);
    kube.resetCalls();
    await cache.list(SECRET, { namespace: 'ns' });
    expect(kube.requestCount).toBe(0);
    await client.delete({ ...CM, namespace: 'ns', name: 'two' });
    expect((await cache.list(CM, { namespace: 'ns' })).items).toHaveLength(1);
  });

  it('asks again after a transient failure', async () => {
    const kube = new FakeKubeClient().seed(configMap('one'));
    const cache = new SweepReadCache(kube);
    kube.failNext('get', 'ServiceUnavailable');
    await expect(cache.get({ ...CM, namespace: 'ns', name: 'one' })).rejects.toMatchObject({
      reason: 'ServiceUnavailable',
    });
    expect((await cache.get({ ...CM, namespace: 'ns', name: 'one' })).metadata.name).toBe('one');
  });

  it('leaves the sweep client live: its reads always reach the API server', async () => {
    const kube = new FakeKubeClient().seed(model('m', 'a'));
    const { cache, client } = sweep(kube, [{ gvk: MODEL }]);
    await cache.list(MODEL);
    await client.list(MODEL);
    await client.get({ ...MODEL, namespace: 'a', name: 'm' });
    await client.get({ ...MODEL, namespace: 'a', name: 'm' });
    expect(kube.requestCount).toBe(4);
  });
});

describe('readerOf', () => {
  it('is the sweep cache when the context has one, the client otherwise', () => {
    const kube = new FakeKubeClient();
    const cache = new SweepReadCache(kube, []);
    expect(readerOf({ client: kube })).toBe(kube);
    expect(readerOf({ client: kube, reads: cache })).toBe(cache);
  });
});
