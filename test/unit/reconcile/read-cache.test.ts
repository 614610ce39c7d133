import { describe, expect, it } from 'vitest';
import { isNotFound } from '../../../shared/kube/errors.ts';
import { readerOf, SweepReadCache } from '../../../shared/reconcile/read-cache.ts';
import { FakeKubeClient } from '../../support/fake-kube.ts';

const MODEL = { apiVersion: 'aim.eai.amd.com/v1alpha1', kind: 'AIMModel' };
const JOB = { apiVersion: 'batch/v1', kind: 'Job' };
const NODE = { apiVersion: 'v1', kind: 'Node' };

function model(name: string, namespace: string) {
  return { ...MODEL, metadata: { name, namespace }, spec: { image: 'x' } };
}

function job(name: string, labels: Record<string, string>) {
  return { ...JOB, metadata: { name, namespace: 'a', labels } };
}

describe('SweepReadCache', () => {
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

  it('serves only lists whose selector includes the base selector, and never gets, of a filtered kind', async () => {
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

  it('passes undeclared kinds through and retries a failed first LIST', async () => {
    const kube = new FakeKubeClient().seed({ ...NODE, metadata: { name: 'n1' } }, model('m', 'a'));
    const cache = new SweepReadCache(kube, [{ gvk: MODEL }]);
    await cache.list(NODE);
    await cache.list(NODE);
    expect(kube.requestCount).toBe(2);
    kube.failNext('list', 'ServiceUnavailable');
    await expect(cache.list(MODEL)).rejects.toThrow(/ServiceUnavailable/);
    expect((await cache.list(MODEL)).items).toHaveLength(1);
  });

  it('is what readerOf returns when the context has one', () => {
    const kube = new FakeKubeClient();
    const cache = new SweepReadCache(kube, []);
    expect(readerOf({ client: kube })).toBe(kube);
    expect(readerOf({ client: kube, reads: cache })).toBe(cache);
  });
});
