import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalPlatform } from '../../../local/platform/local-platform.ts';
import { platformForTest } from '../support/platform.ts';
import { EDITED, PLATFORM, Scenario } from './scenario.ts';

/**
 * The ApiServerSource adapters stop for a minute (their pods died, or the cluster's eventing is
 * being upgraded) while templates are created, a Running service is edited, another is deleted
 * and a new one is created. No event of any of it ever reaches a function — a restarted adapter
 * does not replay what happened while it was gone — so the PingSource resync alone must find it
 * all. Once the adapters are back, events drive the next change again.
 */
const NS = 'faults-adapters';
const OUTAGE_MS = 60_000;
const NEW = 'svc-during-outage';
/**
 * Without events every step of the chain (resolve → cache → render → Running) waits for a tick:
 * a faster tick than the other fault tests' keeps the run well inside the minute.
 */
const RESYNC_MS = 3_000;

describe('event adapters stopped for a minute', () => {
  let platform: LocalPlatform;
  let scenario: Scenario;

  beforeAll(async () => {
    platform = await platformForTest('faults-adapters', { ...PLATFORM, resyncIntervalMs: RESYNC_MS });
    scenario = new Scenario(platform, NS);
    await scenario.prepare();
  });

  afterAll(async () => {
    await scenario?.stop();
    await platform?.stop();
  });

  const apiServerEvents = () =>
    platform.broker?.received.filter((e) => e.type.startsWith('dev.knative.apiserver.')).length ?? 0;

  it('finds every change made meanwhile by the resync, and is event-driven again after the restart', async () => {
    await scenario.createServices();
    await scenario.servicesRunning();

    await platform.stopEventSources();
    const stoppedAt = Date.now();
    const eventsBefore = apiServerEvents();
    await scenario.createDiscovery();
    await scenario.changeAndDelete();
    await scenario.applyService(NEW, 'Shared', 1);
    // Converged before the adapters come back: by the resync alone.
    const ms = await scenario.converged(OUTAGE_MS - (Date.now() - stoppedAt));
    expect(apiServerEvents()).toBe(eventsBefore);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, OUTAGE_MS - (Date.now() - stoppedAt))));
    expect(apiServerEvents()).toBe(eventsBefore);
    const outageMs = Date.now() - stoppedAt;

    await platform.startEventSources();
    expect(apiServerEvents()).toBeGreaterThan(eventsBefore);
    const editEvents = () =>
      platform.broker?.received.filter((e) => e.kind === 'AIMService' && e.name === EDITED).length ?? 0;
    const editEventsBefore = editEvents();
    await scenario.applyService(EDITED, 'Shared', 5);
    const afterRestartMs = await scenario.converged();
    // The edit came as an event again, not only through the resync.
    expect(editEvents()).toBeGreaterThan(editEventsBefore);
    const { peak } = await scenario.assertClean();
    process.stderr.write(
      `[faults] adapters stopped ${outageMs} ms: converged by the resync (every ${RESYNC_MS} ms) ` +
        `${ms} ms after the last change; after the restart an edit converged in ${afterRestartMs} ms; ` +
        `discovery peak ${peak}\n`,
    );
  }, 420_000);
});
