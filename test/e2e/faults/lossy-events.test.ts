import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalPlatform } from '../../../local/platform/local-platform.ts';
import type { KubeObject } from '../../../shared/kube/types.ts';
import { platformForTest } from '../support/platform.ts';
import { eventually } from '../support/wait.ts';
import { EDITED, PLATFORM, Scenario } from './scenario.ts';
import { AIM } from './workload.ts';

/**
 * 20 % of the CloudEvents each function would get are dropped, 20 % duplicated and 20 % held back
 * up to 3 s so later ones overtake them — every kind of event, resync ticks included. Events are
 * hints: whatever is lost, the resync finds. One service's events are all lost, always, so only
 * the resync can ever bring it to Running. Replay a failure with AIM_FAULT_SEED=<seed>.
 */
const NS = 'faults-lossy';
const SEED = Number(process.env.AIM_FAULT_SEED ?? 20_261_125);
/** Every event about this service is dropped, for every function. */
const LOST = 'svc-lost';

describe('20 % of CloudEvents dropped, 20 % duplicated, 20 % reordered', () => {
  let platform: LocalPlatform;
  let scenario: Scenario;

  beforeAll(async () => {
    process.stderr.write(`[faults] event fault seed ${SEED} (replay with AIM_FAULT_SEED=${SEED})\n`);
    platform = await platformForTest('faults-lossy', {
      ...PLATFORM,
      eventFaults: {
        seed: SEED,
        drop: 0.2,
        duplicate: 0.2,
        delay: 0.2,
        maxDelayMs: 3_000,
        lose: (e) => e.kind === 'AIMService' && e.name === LOST,
      },
    });
    scenario = new Scenario(platform, NS);
    await scenario.prepare();
  });

  afterAll(async () => {
    await scenario?.stop();
    await platform?.stop();
  });

  it('converges: every service Running with its latest spec, no duplicates, ≤ 10 discovery Jobs', async () => {
    await scenario.create();
    await scenario.applyService(LOST, 'Shared', 1);
    await scenario.servicesRunning();
    await scenario.changeAndDelete();
    const ms = await scenario.converged();
    const { peak, service } = await scenario.assertClean();
    expect(service.status.observedGeneration).toBe(service.metadata.generation);
    const faults = platform.eventFaults;
    if (!faults) throw new Error('the platform runs without event faults');
    process.stderr.write(
      `[faults] lossy events: converged ${ms} ms after the last change; discovery peak ${peak}; ` +
        `events ${JSON.stringify(faults.counts)}\n`,
    );
    // The faults really happened, to the workload's own objects.
    for (const action of ['drop', 'duplicate', 'delay'] as const) {
      expect(faults.faults.some((f) => f.action === action && f.name === EDITED)).toBe(true);
    }
  }, 420_000);

  it('found the service whose every event was lost (by the resync alone)', async () => {
    const lost = await eventually('the lost service', () =>
      platform.client.getOptional<KubeObject>({
        apiVersion: AIM,
        kind: 'AIMService',
        namespace: NS,
        name: LOST,
      }),
    );
    expect(lost.status?.status).toBe('Running');
    const delivered =
      platform.broker?.history.filter((h) => h.kind === 'AIMService' && h.name === LOST) ?? [];
    expect(delivered).toEqual([]);
    const dropped =
      platform.eventFaults?.faults.filter((f) => f.name === LOST && f.kind === 'AIMService') ?? [];
    expect(dropped.length).toBeGreaterThan(0);
    expect(dropped.every((f) => f.action === 'drop')).toBe(true);
  });
});
