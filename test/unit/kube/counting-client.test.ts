import { describe, expect, it } from 'vitest';
import { RequestCountingClient } from '../../../shared/kube/counting-client.ts';
import { FakeKubeClient } from '../../support/fake-kube.ts';

const CM = { apiVersion: 'v1', kind: 'ConfigMap', namespace: 'ns' } as const;

describe('RequestCountingClient', () => {
  it('counts only the calls made through it, whatever else uses the same client', async () => {
    const kube = new FakeKubeClient();
    const mine = new RequestCountingClient(kube);
    const beside = new RequestCountingClient(kube);
    await mine.apply({ ...CM, metadata: { name: 'a', namespace: 'ns' } }, { fieldManager: 't' });
    await beside.getOptional({ ...CM, name: 'a' });
    await beside.list(CM, { namespace: 'ns' });
    await mine.getOptional({ ...CM, name: 'missing' });
    expect(mine.requestCount).toBe(2);
    expect(beside.requestCount).toBe(2);
  });

  it('counts a failed call too: it reached the API server', async () => {
    const kube = new FakeKubeClient();
    const client = new RequestCountingClient(kube);
    await expect(client.get({ ...CM, name: 'absent' })).rejects.toThrow();
    expect(client.requestCount).toBe(1);
  });
});
