import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InstanceRecord } from '../../../local/platform/function-scaler.ts';
import type { LocalPlatform } from '../../../local/platform/local-platform.ts';
import { Scenario } from '../faults/scenario.ts';
import { platformForTest, withSimulator } from '../support/platform.ts';
import { allAtZero } from './at-zero.ts';

/**
 * A burst of objects while every function is at zero: the activator holds the burst's events,
 * the autoscaler (here aiming at one request per instance, so that it scales out at once) starts
 * several instances of a function together, each with an empty cache, and the events are spread
 * over them. Correctness comes from the API server — server-side apply, optimistic concurrency,
 * the discovery Lease — so the fault tests' checks hold: every service Running with its latest
 * spec, no duplicate children, nothing left of deleted objects, at most 10 discovery Jobs.
 */
const NS = 'serverless-burst';

/** The most instances of one function that were up at the same moment. */
function peakInstances(records: readonly InstanceRecord[]): number {
  const edges = records.flatMap((r) => [
    { at: r.spawnedAt, delta: 1 },
    { at: r.stoppedAt ?? Number.POSITIVE_INFINITY, delta: -1 },
  ]);
  edges.sort((a, b) => a.at - b.at || a.delta - b.delta);
  let up = 0;
  let peak = 0;
  for (const edge of edges) {
    up += edge.delta;
    peak = Math.max(peak, up);
  }
  return peak;
}

describe('a burst while every function is at zero', () => {
  let platform: LocalPlatform;
  let scenario: Scenario;

  beforeAll(async () => {
    platform = await platformForTest('serverless-burst', {
      simulator: withSimulator,
      scaling: 'knative',
      scalingOverrides: { target: 1, windowMs: 5_000 },
      resyncIntervalMs: 20_000,
    });
    scenario = new Scenario(platform, NS);
    await scenario.prepare();
  });

  afterAll(async () => {
    await scenario?.stop();
    await platform?.stop();
  });

  it('scales out from zero and converges with no conflicting writes and no duplicates', async () => {
    // The namespace and the simulator's rules woke some; the burst starts once all are down again.
    await allAtZero(platform);
    await scenario.create();
    await scenario.servicesRunning();
    await scenario.changeAndDelete();
    await scenario.converged();
    await scenario.assertClean();
    const peaks = Object.fromEntries(
      [...platform.scalers].map(([name, scaler]) => [name, peakInstances(scaler.records)]),
    );
    // Several instances of a function started together and shared the burst.
    expect(Math.max(...Object.values(peaks)), JSON.stringify(peaks)).toBeGreaterThanOrEqual(2);
    const history = platform.broker?.history ?? [];
    const subscribers = new Set(
      history
        .filter((h) => h.trigger === 'service-resolve' && h.outcome === 'delivered')
        .map((h) => h.subscriber),
    );
    expect(subscribers.size).toBeGreaterThanOrEqual(1);
    expect(platform.broker?.deadLetters ?? []).toEqual([]);
    process.stderr.write(`[serverless] burst from zero: peak instances ${JSON.stringify(peaks)}\n`);
  }, 420_000);
});
