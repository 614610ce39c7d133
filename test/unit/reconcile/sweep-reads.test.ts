import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../../shared/kube/types.ts';
import { shareSweepReads } from '../../../shared/reconcile/sweep-reads.ts';
import { FakeKubeClient } from '../../support/fake-kube.ts';

const CM = { apiVersion: 'v1', kind: 'ConfigMap' };
const configMap = (name: string): KubeObject => ({
  ...CM,
  metadata: { name, namespace: 'ns' },
  data: { a: '1' },
});

describe('shareSweepReads', () => {
  it('answers repeated GETs and LISTs once, including NotFound, and counts only real requests', async () => {
    const kube = new FakeKubeClient().seed(configMap('one'));
    const client = shareSweepReads(kube);
    for (let i = 0; i < 3; i++) {
      await client.get({ ...CM, namespace: 'ns', name: 'one' });
      expect(await client.getOptional({ ...CM, namespace: 'ns', name: 'missing' })).toBeUndefined();
      await expect(client.get({ ...CM, namespace: 'ns', name: 'missing' })).rejects.toMatchObject({
        reason: 'NotFound',
      });
      expect((await client.list(CM, { namespace: 'ns' })).items).toHaveLength(1);
    }
    expect(kube.requestCount).toBe(4);
    expect(client.requestCount).toBe(4);
  });

  it('hands out copies, so one caller cannot change what the next reads', async () => {
    const client = shareSweepReads(new FakeKubeClient().seed(configMap('one')));
    const first = await client.get({ ...CM, namespace: 'ns', name: 'one' });
    first.data = { a: 'changed' };
    expect((await client.get({ ...CM, namespace: 'ns', name: 'one' })).data).toEqual({ a: '1' });
  });

  it('forgets the reads of a kind it writes, and only of that kind', async () => {
    const kube = new FakeKubeClient().seed(configMap('one'), {
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 's', namespace: 'ns' },
    });
    const client = shareSweepReads(kube);
    await client.list(CM, { namespace: 'ns' });
    await client.list({ apiVersion: 'v1', kind: 'Secret' }, { namespace: 'ns' });
    await client.apply(configMap('two'), { fieldManager: 'test' });
    expect((await client.list(CM, { namespace: 'ns' })).items).toHaveLength(2);
    kube.resetCalls();
    await client.list({ apiVersion: 'v1', kind: 'Secret' }, { namespace: 'ns' });
    expect(kube.requestCount).toBe(0);
    await client.delete({ ...CM, namespace: 'ns', name: 'two' });
    expect((await client.list(CM, { namespace: 'ns' })).items).toHaveLength(1);
  });

  it('asks again after a transient failure', async () => {
    const kube = new FakeKubeClient().seed(configMap('one'));
    const client = shareSweepReads(kube);
    kube.failNext('get', 'ServiceUnavailable');
    await expect(client.get({ ...CM, namespace: 'ns', name: 'one' })).rejects.toMatchObject({
      reason: 'ServiceUnavailable',
    });
    expect((await client.get({ ...CM, namespace: 'ns', name: 'one' })).metadata.name).toBe('one');
  });
});
