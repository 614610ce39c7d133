import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalPlatform } from '../../../local/platform/local-platform.ts';
import type { KubeClient } from '../../../shared/kube/types.ts';
import { platformForTest, withSimulator } from '../support/platform.ts';
import { eventually } from '../support/wait.ts';
import {
  AIM,
  applyBase,
  converged,
  ISVC,
  roomyGpuNodes,
  service,
  serviceOutcomes,
} from '../support/workload.ts';
import { applyThroughOutage, closeWindow, openWindow, type WindowReport } from './fault-window.ts';

/**
 * Issue 14, faults: the kube-apiserver paused (SIGSTOP) and resumed, and restarted on the same
 * etcd and port, while a realistic workload is being reconciled. Services exist and run before
 * the fault, are created just before it (in flight) and during it, and every service's spec
 * changes right after it. Everything must converge: all Running with the latest spec rendered
 * (no lost update), one InferenceService per service and one cache chain per template (no
 * duplicate children), and no function process dies — they answer 5xx while the API is away and
 * the broker retries.
 */
const PAUSE_MS = 20_000;
const DOWN_MS = 10_000;
const CONVERGE_MS = 240_000;
const TEST_MS = 420_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function servicesConverged(client: KubeClient, ns: string, names: string[], rev: number) {
  return eventually(
    `${names.length} services in ${ns} Running with SPEC_REV=${rev}`,
    async () => {
      const outcomes = await serviceOutcomes(client, ns, names);
      const pending = outcomes.filter((o) => !converged(o, rev));
      // Thrown, so a timeout says which services were not there yet and why.
      if (pending.length > 0) throw new Error(JSON.stringify(pending));
      return outcomes;
    },
    { timeoutMs: CONVERGE_MS, intervalMs: 1_000 },
  );
}

/** One template cache and one artifact per template; one InferenceService per service. */
async function childCounts(client: KubeClient, ns: string) {
  const count = async (apiVersion: string, kind: string) =>
    (await client.list({ apiVersion, kind }, { namespace: ns })).items.filter(
      (o) => !o.metadata.deletionTimestamp,
    ).length;
  return {
    templateCaches: await count(AIM, 'AIMTemplateCache'),
    artifacts: await count(AIM, 'AIMArtifact'),
    pvcs: await count('v1', 'PersistentVolumeClaim'),
    isvcs: await count(ISVC.apiVersion, ISVC.kind),
  };
}

function functionLogLines(platform: LocalPlatform, pattern: RegExp): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const fn of platform.functions) {
    const text = readFileSync(fn.process.logFile, 'utf8');
    counts[fn.name] = text.split('\n').filter((line) => pattern.test(line)).length;
  }
  return counts;
}

describe('API server faults under a realistic workload', () => {
  let platform: LocalPlatform;

  beforeAll(async () => {
    platform = await platformForTest('api-server-faults', {
      resyncIntervalMs: 5_000,
      simulator: withSimulator,
    });
    await roomyGpuNodes(platform.client);
  });

  afterAll(async () => {
    await platform?.stop();
  });

  /** Two services Running, two created just before the fault; `fault` runs with a hook for "during". */
  async function underFault(
    ns: string,
    fault: (createDuring: () => Promise<void>) => Promise<void>,
  ): Promise<{ report: WindowReport; names: string[] }> {
    const { client } = platform;
    await applyBase(client, ns);
    const running = ['before-0', 'before-1'];
    for (const name of running) await applyThroughOutage(client, service(ns, name));
    await servicesConverged(client, ns, running, 1);
    const inFlight = ['inflight-0', 'inflight-1'];
    for (const name of inFlight) await applyThroughOutage(client, service(ns, name));
    const during = ['during-0', 'during-1'];
    const window = openWindow(platform);
    await fault(async () => {
      await Promise.all(during.map((name) => applyThroughOutage(client, service(ns, name))));
    });
    const names = [...running, ...inFlight, ...during];
    // The spec change right after the fault: every service's latest spec must reach its ISVC.
    for (const name of names) await applyThroughOutage(client, service(ns, name, 2));
    const outcomes = await servicesConverged(client, ns, names, 2);
    expect(outcomes.map((o) => o.isvcs)).toEqual(names.map(() => 1));
    expect(await childCounts(client, ns)).toEqual({
      templateCaches: 1,
      artifacts: 1,
      pvcs: 1,
      isvcs: names.length,
    });
    return { report: closeWindow(platform, window), names };
  }

  it(
    'pauses the API server for 20 s and resumes it: all converge, no function dies',
    async () => {
      const { report } = await underFault('fault-pause', async (createDuring) => {
        const pausedAt = Date.now();
        platform.controlPlane.apiServer.pause();
        // These writes hang on the frozen server and land once it runs again.
        const creating = createDuring();
        try {
          await sleep(PAUSE_MS);
        } finally {
          platform.controlPlane.apiServer.resume();
        }
        await creating;
        process.stderr.write(`[api-server-faults] paused for ${Date.now() - pausedAt} ms\n`);
      });
      process.stderr.write(`[api-server-faults] pause: ${JSON.stringify(report)}\n`);
      expect(report.crashed).toEqual([]);
      // Every function stayed reachable: the broker never failed to connect to one.
      expect(report.failures['transport error'] ?? 0).toBe(0);
    },
    TEST_MS,
  );

  it(
    'restarts the API server (10 s down): watches reconnect or relist, all converge',
    async () => {
      const { report } = await underFault('fault-restart', async (createDuring) => {
        const restarting = platform.controlPlane.apiServer.restart({ downMs: DOWN_MS });
        await sleep(1_000);
        // Refused while the server is down; retried until it is back.
        await Promise.all([restarting, createDuring()]);
      });
      const watchFailures = functionLogLines(platform, /watch of kind failed/);
      const relists = functionLogLines(platform, /watch expired; listing the kind again/);
      process.stderr.write(
        `[api-server-faults] restart: ${JSON.stringify({ ...report, watchFailures, relists })}\n`,
      );
      expect(report.crashed).toEqual([]);
      expect(report.failures['transport error'] ?? 0).toBe(0);
      // Work in flight met the outage: the functions answered 5xx and the broker retried.
      const serverErrors = Object.entries(report.failures)
        .filter(([reason]) => /^HTTP 5\d\d$/.test(reason))
        .reduce((sum, [, n]) => sum + n, 0);
      expect(serverErrors).toBeGreaterThan(0);
      // The functions' caches noticed the broken watches, and the new server's watch cache, which
      // starts at etcd's current revision, answered some resumed watches 410 Gone: those relisted.
      const total = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);
      expect(total(watchFailures)).toBeGreaterThan(0);
      expect(total(relists)).toBeGreaterThan(0);
    },
    TEST_MS,
  );

  it('keeps the services of both faults Running once the dust settles (a later resync undoes nothing)', async () => {
    await sleep(10_000);
    for (const ns of ['fault-pause', 'fault-restart']) {
      const services = await platform.client.list({ apiVersion: AIM, kind: 'AIMService' }, { namespace: ns });
      expect(services.items).toHaveLength(6);
      expect(services.items.map((s) => s.status?.status)).toEqual(services.items.map(() => 'Running'));
    }
  });
});
