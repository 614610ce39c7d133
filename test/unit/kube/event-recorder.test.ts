import { describe, expect, it } from 'vitest';
import { createEventRecorder } from '../../../shared/kube/event-recorder.ts';
import { FakeKubeClient } from '../../support/fake-kube.ts';

const service = {
  apiVersion: 'aim.eai.amd.com/v1alpha1',
  kind: 'AIMService',
  metadata: { name: 'chat', namespace: 'team-a', uid: 'u-1', resourceVersion: '7' },
};

describe('createEventRecorder', () => {
  it('creates a core Event about the object in its namespace', async () => {
    const client = new FakeKubeClient();
    await createEventRecorder(client, { component: 'aim-isvc-render' }).record(
      service,
      'Warning',
      'ModelNotFound',
      'model "x" not found',
    );
    const events = await client.list({ apiVersion: 'v1', kind: 'Event' }, { namespace: 'team-a' });
    expect(events.items).toHaveLength(1);
    const event = events.items[0] as unknown as Record<string, unknown>;
    expect(event.involvedObject).toMatchObject({ kind: 'AIMService', name: 'chat', uid: 'u-1' });
    expect(event).toMatchObject({
      type: 'Warning',
      reason: 'ModelNotFound',
      reportingComponent: 'aim-isvc-render',
    });
  });

  it('puts events of cluster-scoped objects in default and cuts long messages', async () => {
    const client = new FakeKubeClient();
    const model = {
      apiVersion: 'aim.eai.amd.com/v1alpha1',
      kind: 'AIMClusterModel',
      metadata: { name: 'm' },
    };
    await createEventRecorder(client, { component: 'c' }).record(model, 'Normal', 'R', 'x'.repeat(5000));
    const [event] = (await client.list({ apiVersion: 'v1', kind: 'Event' }, { namespace: 'default' })).items;
    expect((event as unknown as { message: string }).message.length).toBe(1024);
  });

  it('reports a failed write instead of throwing', async () => {
    const client = new FakeKubeClient();
    client.failNext('create', 'Forbidden');
    const errors: unknown[] = [];
    await createEventRecorder(client, { component: 'c' }, (e) => errors.push(e)).record(
      service,
      'Normal',
      'R',
      'm',
    );
    expect(errors).toHaveLength(1);
  });
});
