/**
 * Issue 14: at least 1,000 generated objects of all ten kinds posted at once, in three namespaces,
 * on the real local platform. Each one is either rejected by the API server with a message that
 * names a field, or gets `status.observedGeneration` equal to its generation, a top-level status
 * and a Ready condition with a reason, within a generous deadline. The measured time to status
 * (p50/p99/max per kind, and how many took longer than 10 s) is printed.
 *
 * The burst is replayable: `AIM_FUZZ_SEED=<seed>` (printed on every run) regenerates it exactly;
 * `AIM_FUZZ_COUNT` changes its size.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalPlatform } from '../../../local/platform/local-platform.ts';
import { isClearRejection, type Rejection } from '../../../scripts/bench/burst/post.ts';
import { runBurst } from '../../../scripts/bench/burst/run-burst.ts';
import { objectId, type Tracked } from '../../../scripts/bench/burst/status-watch.ts';
import { formatSummary } from '../../../scripts/bench/burst/summary.ts';
import type { KubeObject } from '../../../shared/kube/types.ts';
import { platformForTest } from '../support/platform.ts';
import { burstObjects } from './arbitraries.ts';
import { type FuzzRegistry, startFuzzRegistry } from './fuzz-registry.ts';

const SEED = Number(process.env.AIM_FUZZ_SEED ?? 14);
const COUNT = Number(process.env.AIM_FUZZ_COUNT ?? 1000);
const DEADLINE_MS = 120_000;

/** The object as posted, long strings shortened so a failure report stays readable. */
function shown(object: KubeObject): string {
  return JSON.stringify(object, (_key, value: unknown) =>
    typeof value === 'string' && value.length > 120 ? `${value.slice(0, 60)}…(${value.length} chars)` : value,
  );
}

function describeUnsettled(tracked: Tracked): string {
  const status = tracked.latest?.status ?? 'none';
  return `${objectId(tracked.object)}\n  posted: ${shown(tracked.object)}\n  status: ${JSON.stringify(status).slice(0, 600)}`;
}

function describeRejection(rejection: Rejection): string {
  return `${objectId(rejection.object)} → ${rejection.statusCode}: ${rejection.message}\n  posted: ${shown(rejection.object)}`;
}

describe('fuzz burst: every accepted object gets a status, every rejected one a clear message', () => {
  let registry: FuzzRegistry;
  let platform: LocalPlatform;

  beforeAll(async () => {
    registry = await startFuzzRegistry();
    platform = await platformForTest('fuzz', { functionEnv: registry.env });
  });

  afterAll(async () => {
    await platform?.stop();
    await registry?.stop();
  });

  it(`${COUNT} generated objects posted at once`, { timeout: DEADLINE_MS + 120_000 }, async () => {
    process.stdout.write(`fuzz burst: seed ${SEED} (replay with AIM_FUZZ_SEED=${SEED}), ${COUNT} objects\n`);
    const objects = burstObjects(SEED, COUNT);
    const result = await runBurst(platform.client, objects, { deadlineMs: DEADLINE_MS });
    process.stdout.write(`posted in ${result.postMs} ms\n${formatSummary(result.summary)}\n`);

    const unclear = result.rejected.filter((rejection) => !isClearRejection(rejection));
    const unsettled = result.tracked.filter((tracked) => tracked.settledAt === undefined);
    if (unclear.length > 0 || unsettled.length > 0) {
      process.stdout.write(
        [
          `fuzz burst failed with seed ${SEED} (replay with AIM_FUZZ_SEED=${SEED})`,
          ...unclear.map((r) => `unclear rejection: ${describeRejection(r)}`),
          ...unsettled.map((t) => `no status within ${DEADLINE_MS / 1000} s: ${describeUnsettled(t)}`),
        ].join('\n'),
      );
      process.stdout.write('\n');
    }
    // The burst exercises both sides: some objects the API rejects, most it accepts.
    expect(result.rejected.length).toBeGreaterThan(0);
    expect(result.tracked.length).toBeGreaterThan(COUNT / 2);
    expect(unclear.map(describeRejection)).toEqual([]);
    expect(unsettled.map(describeUnsettled)).toEqual([]);
  });
});
