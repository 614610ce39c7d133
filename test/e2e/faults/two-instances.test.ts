import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FUNCTION_NAMES } from '../../../local/platform/functions.ts';
import type { LocalPlatform } from '../../../local/platform/local-platform.ts';
import { platformForTest } from '../support/platform.ts';
import { PLATFORM, Scenario } from './scenario.ts';

/**
 * Two processes of every function, as when Knative scales each Service out: each has its own
 * cache and work queue, and the broker spreads events over both, so consecutive events about one
 * object (and the resync ticks) land on different instances that reconcile it at the same time.
 * Correctness must come from the API server: server-side apply, optimistic concurrency and the
 * discovery Lease — not from a single process seeing everything.
 */
const NS = 'faults-instances';

describe('two instances of every function', () => {
  let platform: LocalPlatform;
  let scenario: Scenario;

  beforeAll(async () => {
    platform = await platformForTest('faults-instances', { ...PLATFORM, instancesPerFunction: 2 });
    scenario = new Scenario(platform, NS);
    await scenario.prepare();
  });

  afterAll(async () => {
    await scenario?.stop();
    await platform?.stop();
  });

  it('converges: every service Running with its latest spec, no duplicates, ≤ 10 discovery Jobs', async () => {
    expect(platform.functions).toHaveLength(FUNCTION_NAMES.length * 2);
    await scenario.create();
    await scenario.servicesRunning();
    await scenario.changeAndDelete();
    const ms = await scenario.converged();
    const { peak, lockHolders } = await scenario.assertClean();
    // Both template-discover processes took the one discovery Lease (identity: POD_NAME-<random>).
    const holders = [...lockHolders];
    expect(
      holders.some((h) => /^template-discover-[0-9a-f]{8}$/.test(h)),
      holders.join(', '),
    ).toBe(true);
    expect(
      holders.some((h) => /^template-discover-1-[0-9a-f]{8}$/.test(h)),
      holders.join(', '),
    ).toBe(true);
    process.stderr.write(
      `[faults] two instances: converged ${ms} ms after the last change; discovery peak ${peak}\n`,
    );
  }, 420_000);

  it('spread the events over both instances of every function', () => {
    const history = platform.broker?.history ?? [];
    for (const name of FUNCTION_NAMES) {
      for (const fn of platform.functions.filter((f) => f.name === name)) {
        const delivered = history.filter((h) => h.subscriber === fn.url && h.outcome === 'delivered');
        expect(delivered.length, `${name}#${fn.instance}`).toBeGreaterThan(0);
      }
    }
    expect(platform.broker?.deadLetters ?? []).toEqual([]);
  });
});
