import { describe, expect, it } from 'vitest';
import { describeAccess } from '../../../shared/kube/api-access.ts';
import { recordAccesses } from '../../../shared/kube/recording-client.ts';
import { FakeKubeClient } from '../../support/fake-kube.ts';

const MODEL = { apiVersion: 'aim.eai.amd.com/v1alpha1', kind: 'AIMModel' };

describe('RecordingKubeClient', () => {
  it('forwards every call and records what each asks the authorizer for', async () => {
    const fake = new FakeKubeClient().seed({
      ...MODEL,
      metadata: { name: 'm', namespace: 'team' },
      spec: {},
    });
    const { client, accesses } = recordAccesses(fake);
    expect((await client.get({ ...MODEL, namespace: 'team', name: 'm' })).metadata.name).toBe('m');
    expect((await client.list(MODEL)).items).toHaveLength(1);
    await client.applyStatus(
      { ...MODEL, metadata: { name: 'm', namespace: 'team' }, status: { status: 'Ready' } },
      { fieldManager: 'test' },
    );
    expect(fake.peek({ ...MODEL, namespace: 'team', name: 'm' })?.status).toEqual({ status: 'Ready' });
    expect(client.requestCount).toBe(fake.requestCount);
    expect(accesses.map(describeAccess)).toEqual([
      'get aim.eai.amd.com/aimmodels in team',
      'list aim.eai.amd.com/aimmodels (cluster-wide)',
      'patch aim.eai.amd.com/aimmodels/status in team',
    ]);
  });

  it('records a call that then fails: RBAC judges the attempt', async () => {
    const fake = new FakeKubeClient().failNext('delete', 'Forbidden');
    const { client, accesses } = recordAccesses(fake);
    await expect(client.delete({ ...MODEL, namespace: 'team', name: 'm' })).rejects.toThrow();
    await expect(client.podLog('team', 'p', { container: 'c' })).rejects.toThrow();
    expect(accesses.map(describeAccess)).toEqual([
      'delete aim.eai.amd.com/aimmodels in team',
      'get pods/log in team',
    ]);
  });
});
