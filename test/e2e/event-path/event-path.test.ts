import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalPlatform } from '../../../local/platform/local-platform.ts';
import type { KubeClient, KubeObject } from '../../../shared/kube/types.ts';
import { inlineModel } from '../support/inline-model.ts';
import { platformForTest } from '../support/platform.ts';
import { eventually } from '../support/wait.ts';

/**
 * The real event path: kube-apiserver → Knative's ApiServerSource adapter → the local broker
 * (routing by eventing/*.yaml) → the function's HTTP endpoint → status back on the object.
 */
const AIM = 'aim.eai.amd.com/v1alpha1';
const NS = 'event-path';
const model = (name: string) => inlineModel(NS, name);

async function reconciledStatus(client: KubeClient, name: string): Promise<KubeObject | undefined> {
  const obj = await client.getOptional({ apiVersion: AIM, kind: 'AIMModel', namespace: NS, name });
  const status = obj?.status;
  const done =
    obj &&
    status?.observedGeneration === obj.metadata.generation &&
    Array.isArray(status?.conditions) &&
    status.conditions.some((c: { type: string }) => c.type === 'RuntimeConfigReady');
  return done ? obj : undefined;
}

describe('event path on a real API server', () => {
  let platform: LocalPlatform;

  beforeAll(async () => {
    platform = await platformForTest('event-path', {
      functions: ['model-inspect'],
      faultProxy: true,
      resyncIntervalMs: 3_000,
      beforeFunctions: async (client) => {
        await client.apply(
          { apiVersion: 'v1', kind: 'Namespace', metadata: { name: NS } },
          { fieldManager: 'e2e' },
        );
        // Exists before any function or adapter runs: ApiServerSource will never send an event for it.
        await client.apply(model('pre-existing'), { fieldManager: 'e2e' });
      },
    });
  });

  afterAll(async () => {
    await platform?.stop();
  });

  it('reconciles a new object from its add event and writes observedGeneration and conditions', async () => {
    await platform.client.apply(model('fresh'), { fieldManager: 'e2e' });
    const obj = await eventually('status on fresh', () => reconciledStatus(platform.client, 'fresh'));
    expect(obj.status.observedGeneration).toBe(obj.metadata.generation);
    // Deliveries finish in any order (the add's reconcile triggers an update that may land first).
    const add = await eventually('the add event delivered', async () =>
      platform.broker?.history.find(
        (h) =>
          h.trigger === 'model-inspect' &&
          h.name === 'fresh' &&
          h.type === 'dev.knative.apiserver.resource.add',
      ),
    );
    expect(add.outcome).toBe('delivered');
    expect(add.kind).toBe('AIMModel');
  });

  it('reconciles an object that existed before the functions started (resync)', async () => {
    const obj = await eventually('status on pre-existing', () =>
      reconciledStatus(platform.client, 'pre-existing'),
    );
    expect(obj.status.conditions.length).toBeGreaterThan(0);
    // The PingSource ticks reach the function too (its start-up sweep may have come first).
    const ping = await eventually('a resync tick delivered', async () =>
      platform.broker?.history.find(
        (h) => h.type === 'dev.knative.sources.ping' && h.outcome === 'delivered',
      ),
    );
    expect(ping.trigger).toBe('model-inspect');
  });

  it('redelivers an event the function answered with 503 until it succeeds', async () => {
    const proxy = platform.faultProxy;
    if (!proxy) throw new Error('platform started without a fault proxy');
    proxy.fail();
    try {
      await platform.client.apply(model('during-outage'), { fieldManager: 'e2e' });
      // Recover only once this very event has been refused: other events' retries prove nothing.
      const refused = await eventually(
        'the add event of during-outage answered 503',
        async () =>
          platform.broker?.failedAttempts.find(
            (f) => f.name === 'during-outage' && f.type === 'dev.knative.apiserver.resource.add',
          ),
        { timeoutMs: 30_000, intervalMs: 50 },
      );
      expect(refused.reason).toBe('HTTP 503');
    } finally {
      proxy.recover();
    }
    expect(proxy.resets).toBeGreaterThan(0);
    await eventually('status on during-outage', () => reconciledStatus(platform.client, 'during-outage'));
    const add = await eventually('the add event delivered after retries', async () =>
      platform.broker?.history.find(
        (h) =>
          h.name === 'during-outage' &&
          h.type === 'dev.knative.apiserver.resource.add' &&
          h.outcome === 'delivered',
      ),
    );
    expect(add.attempts).toBeGreaterThan(1);
  });

  it('handles a delete event without error', async () => {
    await eventually('status on fresh', () => reconciledStatus(platform.client, 'fresh'));
    await platform.client.delete({ apiVersion: AIM, kind: 'AIMModel', namespace: NS, name: 'fresh' });
    const del = await eventually('the delete event delivered', async () =>
      platform.broker?.history.find(
        (h) =>
          h.name === 'fresh' &&
          h.type === 'dev.knative.apiserver.resource.delete' &&
          h.trigger === 'model-inspect',
      ),
    );
    expect(del.outcome).toBe('delivered');
    expect(del.attempts).toBe(1);
    expect(platform.broker?.deadLetters ?? []).toEqual([]);
  });
});
