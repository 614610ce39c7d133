import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalPlatform } from '../../local/platform/local-platform.ts';
import { processStats } from '../../scripts/bench/process-stats.ts';
import type { KubeClient, KubeObject } from '../../shared/kube/types.ts';
import { platformForTest, withSimulator } from '../e2e/support/platform.ts';
import { eventually } from '../e2e/support/wait.ts';
import { AIM, apply, model, namespaceObject, roomyGpuNodes, template } from '../e2e/support/workload.ts';
import { isClean, type Leftovers, label, leftovers } from './leftovers.ts';

/**
 * Issue 14, soak: for AIM_SOAK_MINUTES (default 10) minutes, cycles of models (one discovering
 * its own template from recommended deployments, one with a static caching template) and
 * services on them (a Shared cache each) are created and deleted — every other cycle as soon as
 * they exist, mid-reconcile, the others once the services are Running. At the end, with
 * everything deleted, nothing may be left but the Shared caches and artifacts the spec keeps for
 * reuse (printed): no other AIM object or child (InferenceService, cache, artifact, PVC, Job, Pod,
 * HTTPRoute), no finalizer, nothing stuck Terminating. Those kept are then deleted too, and then
 * nothing at all may remain. No function's resident memory may have grown without bound (RSS
 * printed at start and end, per function).
 */
const MINUTES = Number(process.env.AIM_SOAK_MINUTES ?? 10);
const NAMESPACES = ['soak-a', 'soak-b'];
const SERVICES_PER_CYCLE = 3;
const RUNNING_MS = 180_000;
const CLEAN_MS = 300_000;
/** Allowed RSS at the end: double the warmed-up start, or start + 200 MiB if that is more. */
const rssBound = (startMiB: number) => Math.max(startMiB * 2, startMiB + 200);

function discoveringModel(ns: string, suffix: string): KubeObject {
  const m = model(ns, suffix);
  m.spec.discovery = { createServiceTemplates: true };
  m.spec.imageMetadata.model.recommendedDeployments = [
    { gpuModel: 'MI300X', gpuCount: 1, precision: 'fp8', metric: 'latency' },
  ];
  return m;
}

/** One cycle's objects: two models, a static template, services on both models. */
function cycleObjects(ns: string, cycle: number): { models: KubeObject[]; services: KubeObject[] } {
  const staticSuffix = `-s${cycle}`;
  const autoSuffix = `-a${cycle}`;
  const services = Array.from({ length: SERVICES_PER_CYCLE }, (_, i): KubeObject => {
    const auto = i % 2 === 1;
    return {
      apiVersion: AIM,
      kind: 'AIMService',
      metadata: { name: `svc-${cycle}-${i}`, namespace: ns },
      spec: auto
        ? {
            model: { name: `chat-model${autoSuffix}` },
            template: { allowUnoptimized: true },
            caching: { mode: 'Shared' },
          }
        : {
            model: { name: `chat-model${staticSuffix}` },
            template: { name: `chat-mi300x-fp16-latency${staticSuffix}` },
            caching: { mode: 'Shared' },
          },
    };
  });
  return {
    models: [model(ns, staticSuffix), template(ns, staticSuffix), discoveringModel(ns, autoSuffix)],
    services,
  };
}

async function deleteAll(client: KubeClient, objects: KubeObject[]): Promise<void> {
  for (const o of objects) {
    await client
      .delete({
        apiVersion: o.apiVersion,
        kind: o.kind,
        namespace: o.metadata.namespace,
        name: o.metadata.name,
      })
      .catch(() => {});
  }
}

async function allRunning(client: KubeClient, services: KubeObject[]): Promise<void> {
  await eventually(
    `${services.length} services Running`,
    async () => {
      for (const s of services) {
        const got = await client.getOptional({
          ...s,
          name: s.metadata.name,
          namespace: s.metadata.namespace,
        });
        if (got?.status?.status !== 'Running') throw new Error(`${s.metadata.name}: ${got?.status?.status}`);
      }
      return true;
    },
    { timeoutMs: RUNNING_MS, intervalMs: 1_000 },
  );
}

function rssByFunction(platform: LocalPlatform): Record<string, number> {
  const rss: Record<string, number> = {};
  for (const fn of platform.functions) {
    const stats = fn.process.child.pid === undefined ? undefined : processStats(fn.process.child.pid);
    rss[fn.name] = Math.round(stats?.rssMiB ?? Number.NaN);
  }
  return rss;
}

const say = (msg: string) => process.stderr.write(`[soak] ${msg}\n`);

/** Waits until nothing leaked (and, `strict`, nothing is preserved either); fails with what is left. */
async function nothingLeft(client: KubeClient, strict: boolean): Promise<Leftovers> {
  return eventually(
    strict ? 'nothing left at all' : 'nothing left but what the spec preserves',
    async () => {
      const found = await leftovers(client, NAMESPACES);
      if (!isClean(found, strict)) {
        throw new Error(JSON.stringify({ ...found, preserved: found.preserved.map(label) }));
      }
      return found;
    },
    { timeoutMs: CLEAN_MS, intervalMs: 2_000 },
  );
}

describe(`create/delete soak (${MINUTES} min)`, () => {
  let platform: LocalPlatform;

  beforeAll(async () => {
    platform = await platformForTest('soak', { resyncIntervalMs: 10_000, simulator: withSimulator });
    await roomyGpuNodes(platform.client);
    for (const ns of NAMESPACES) await apply(platform.client, namespaceObject(ns));
  });

  afterAll(async () => {
    await platform?.stop();
  });

  it(
    'ends with no leaked children, finalizers or Terminating objects, and bounded RSS',
    async () => {
      const { client } = platform;
      // Warm-up cycle: the start figure is taken with caches filled and code paths compiled.
      const warm = cycleObjects('soak-a', 0);
      for (const o of [...warm.models, ...warm.services]) await apply(client, o);
      await allRunning(client, warm.services);
      await deleteAll(client, [...warm.services, ...warm.models]);
      const rssStart = rssByFunction(platform);
      say(`RSS at start (MiB): ${JSON.stringify(rssStart)}`);

      const deadline = Date.now() + MINUTES * 60_000;
      let cycle = 1;
      let servicesCreated = SERVICES_PER_CYCLE;
      let runningCycles = 0;
      while (Date.now() < deadline) {
        const ns = NAMESPACES[cycle % NAMESPACES.length]!;
        const { models, services } = cycleObjects(ns, cycle);
        for (const o of [...models, ...services]) await apply(client, o);
        servicesCreated += services.length;
        if (cycle % 2 === 0) {
          await allRunning(client, services);
          runningCycles++;
        }
        // Models first on odd cycles: dependents lose what they were resolving mid-flight.
        await deleteAll(client, cycle % 2 === 0 ? [...services, ...models] : [...models, ...services]);
        cycle++;
      }
      say(
        `${cycle - 1} cycles, ${servicesCreated} services created and deleted (${runningCycles} cycles Running first)`,
      );

      const settled = Date.now();
      const found = await nothingLeft(client, false);
      const kept = found.preserved.map(label);
      say(
        `no leak ${Date.now() - settled} ms after the last delete; preserved by design: ${JSON.stringify(kept)}`,
      );
      // As a user would: delete the kept Shared caches and artifacts; their finalizers must let go.
      await deleteAll(
        client,
        found.preserved.filter((o) => o.kind === 'AIMTemplateCache' || o.kind === 'AIMArtifact'),
      );
      const last = await nothingLeft(client, true);
      say(`clean ${Date.now() - settled} ms after the last delete`);
      const rssEnd = rssByFunction(platform);
      say(`RSS at end (MiB): ${JSON.stringify(rssEnd)}`);
      expect(last).toEqual({ remaining: [], terminating: [], finalizers: [], preserved: [] });
      for (const fn of platform.functions) {
        expect(fn.process.child.exitCode, `${fn.name} exited`).toBeNull();
        expect(rssEnd[fn.name], `${fn.name} RSS (MiB)`).toBeLessThanOrEqual(rssBound(rssStart[fn.name]!));
      }
      expect(platform.broker?.deadLetters ?? []).toEqual([]);
    },
    (MINUTES + 20) * 60_000,
  );
});
