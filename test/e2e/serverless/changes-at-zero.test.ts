import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalPlatform } from '../../../local/platform/local-platform.ts';
import type { KubeClient, KubeObject } from '../../../shared/kube/types.ts';
import { wakeMinute, wakePingSource } from '../../../shared/timed-work/wake-schedule.ts';
import { inlineModel, readyModel } from '../support/inline-model.ts';
import { platformForTest } from '../support/platform.ts';
import { eventually } from '../support/wait.ts';
import { allAtZero, atZero, resyncTicks, starts } from './at-zero.ts';

/**
 * The functions scale as their Knative Services ask (from zero on an event, to zero after their
 * window), here with a 3 s window so that the test need not wait a minute for each. A change made
 * while the function that handles it is down reaches it when the activator starts it; a change
 * whose event is lost while every function is down is repaired by the next resync tick, which
 * wakes them.
 */
const NS = 'serverless-changes';
const RESYNC_MS = 20_000;
const model = (name: string, canonicalName?: string) => inlineModel(NS, name, canonicalName);

/** The model once model-inspect has reconciled `generation` (Ready). */
async function reconciled(
  client: KubeClient,
  name: string,
  generation: number,
): Promise<KubeObject | undefined> {
  const ready = await readyModel(client, NS, name);
  return ready?.metadata.generation === generation ? ready : undefined;
}
const WAKE_KEY = {
  apiVersion: 'sources.knative.dev/v1',
  kind: 'PingSource',
  namespace: 'aim-system',
  name: 'aim-wake-model-inspect',
};

describe('functions at zero', () => {
  let platform: LocalPlatform;

  beforeAll(async () => {
    platform = await platformForTest('serverless-changes', {
      scaling: 'knative',
      scalingOverrides: { windowMs: 3_000 },
      resyncIntervalMs: RESYNC_MS,
      beforeFunctions: async (client) => {
        await client.apply(
          { apiVersion: 'v1', kind: 'Namespace', metadata: { name: NS } },
          { fieldManager: 'e2e' },
        );
      },
    });
  });

  afterAll(async () => {
    await platform?.stop();
  });

  it('start a function for its first event, and scale to zero again when there is nothing to do', async () => {
    await platform.client.apply(model('first'), { fieldManager: 'e2e' });
    await eventually('the first model reconciled', () => reconciled(platform.client, 'first', 1));
    expect(starts(platform, 'model-inspect')).toBeGreaterThanOrEqual(1);
    await allAtZero(platform);
  });

  it('apply a change made while the function that handles it is at zero, when the event starts it', async () => {
    const { client } = platform;
    await allAtZero(platform);
    const before = {
      starts: starts(platform, 'model-inspect'),
      history: platform.broker?.history.length ?? 0,
    };
    await client.apply(model('first', 'HuggingFaceTB/SmolLM2-360M'), { fieldManager: 'e2e' });
    const edited = await eventually('the edit, reconciled', () => reconciled(client, 'first', 2));
    expect(edited.status.observedGeneration).toBe(2);
    expect(starts(platform, 'model-inspect')).toBeGreaterThan(before.starts);
    // The edit's event was held for the function while it started, and then delivered to it. The
    // broker records a delivery when the answer arrives, which can be just after the status write.
    const outcomes = () =>
      (platform.broker?.history ?? [])
        .slice(before.history)
        .filter((d) => d.trigger === 'model-inspect' && d.kind === 'AIMModel' && d.name === 'first')
        .map((d) => d.outcome);
    await eventually("the edit's event answered", async () => outcomes().length > 0, { timeoutMs: 30_000 });
    expect(outcomes()).toContain('delivered');
  });

  it('wake one function with its own wake-up call, which it removes when it has nothing due', async () => {
    const { client } = platform;
    await allAtZero(platform);
    const before = { model: starts(platform, 'model-inspect') };
    // As model-inspect writes it when it has work far off, due in the next minute or so.
    const minute = wakeMinute(Date.now() + 90_000, Date.now());
    await client.apply(wakePingSource('model-inspect', 'aim-system', minute), { fieldManager: 'e2e' });
    // Removed only by model-inspect, after a wake-up call (a resync tick never removes it).
    await eventually(
      'the wake-up call answered and removed',
      async () => (await client.getOptional(WAKE_KEY)) === undefined,
      {
        timeoutMs: 150_000,
      },
    );
    expect(starts(platform, 'model-inspect')).toBeGreaterThan(before.model);
  }, 200_000);

  it('reconcile a change whose event was lost while every function was at zero, at the next resync', async () => {
    const { client } = platform;
    await allAtZero(platform);
    await platform.stopEventSources();
    try {
      expect(atZero(platform, 'model-inspect')).toBe(true);
      const ticks = resyncTicks(platform);
      await client.apply(model('unannounced'), { fieldManager: 'e2e' });
      await client.apply(model('first', 'HuggingFaceTB/SmolLM2-1.7B'), { fieldManager: 'e2e' });
      const created = await eventually(
        'the model created without an event, reconciled',
        () => reconciled(client, 'unannounced', 1),
        { timeoutMs: 3 * RESYNC_MS },
      );
      expect(created.status.status).toBe('Ready');
      await eventually('the edit made without an event, reconciled', () => reconciled(client, 'first', 3), {
        timeoutMs: 3 * RESYNC_MS,
      });
      // Only a tick could have told it: no event reached the broker for either.
      expect(resyncTicks(platform)).toBeGreaterThan(ticks);
    } finally {
      await platform.startEventSources();
    }
  });
});
