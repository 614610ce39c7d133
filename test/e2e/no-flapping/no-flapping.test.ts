import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalPlatform } from '../../../local/platform/local-platform.ts';
import type { KubeClient, KubeObject } from '../../../shared/kube/types.ts';
import { platformForTest, withSimulator } from '../support/platform.ts';
import { eventually } from '../support/wait.ts';
import {
  AIM,
  apply,
  applyBase,
  converged,
  model,
  roomyGpuNodes,
  service,
  serviceOutcomes,
  template,
} from '../support/workload.ts';
import { StatusRecorder } from './status-recorder.ts';

/**
 * Issue 14, no flapping: ten services Running, then a stream of unrelated objects — other models
 * (one discovering its own templates), templates, runtime configs (namespaced and cluster),
 * services in another namespace, and new sibling services sharing the ten's template and cache —
 * is created and reconciled. A watch on the ten services records
 * every status they go through: none may leave Running (nor Ready=True) even for one write.
 */
const STEADY = 'steady';
const BUSY = 'busy';
const N = 10;
const steadyNames = Array.from({ length: N }, (_, i) => `steady-${i}`);
const SIBLINGS = Array.from({ length: 5 }, (_, i) => `sibling-${i}`);

async function allConverged(client: KubeClient, ns: string, names: string[]): Promise<void> {
  await eventually(
    `${names.length} services in ${ns} Running`,
    async () => {
      const pending = (await serviceOutcomes(client, ns, names)).filter((o) => !converged(o, 1));
      if (pending.length > 0) throw new Error(JSON.stringify(pending));
      return true;
    },
    { timeoutMs: 240_000, intervalMs: 1_000 },
  );
}

function unrelatedObjects(): KubeObject[] {
  const discovering = model(STEADY, '-discovering');
  discovering.spec.discovery = { createServiceTemplates: true };
  discovering.spec.imageMetadata.model.recommendedDeployments = [
    { gpuModel: 'MI300X', gpuCount: 1, precision: 'fp8', metric: 'latency' },
    { gpuModel: 'MI325X', gpuCount: 1, precision: 'fp8', metric: 'throughput' },
  ];
  const runtimeConfig = (kind: string, name: string, namespace?: string): KubeObject => ({
    apiVersion: AIM,
    kind,
    metadata: { name, ...(namespace ? { namespace } : {}) },
    spec: { env: [{ name: 'UNRELATED', value: name }] },
  });
  return [
    model(STEADY, '-other'),
    template(STEADY, '-other'),
    discovering,
    runtimeConfig('AIMRuntimeConfig', 'unrelated', STEADY),
    runtimeConfig('AIMRuntimeConfig', 'default', BUSY),
    runtimeConfig('AIMClusterRuntimeConfig', 'unrelated'),
    ...Array.from({ length: 5 }, (_, i) => service(BUSY, `busy-${i}`)),
    // New siblings on the same model, template and Shared cache as the ten.
    ...SIBLINGS.map((name) => service(STEADY, name)),
  ];
}

describe('no flapping: Running services stay Running while unrelated objects arrive', () => {
  let platform: LocalPlatform;
  const recorder = new StatusRecorder();

  beforeAll(async () => {
    platform = await platformForTest('no-flapping', { resyncIntervalMs: 5_000, simulator: withSimulator });
    const { client } = platform;
    await roomyGpuNodes(client);
    await applyBase(client, STEADY);
    for (const name of steadyNames) await apply(client, service(STEADY, name));
    await allConverged(client, STEADY, steadyNames);
  }, 600_000);

  afterAll(async () => {
    recorder.stop();
    await platform?.stop();
  });

  it('records no transition out of Running for any of the ten services', async () => {
    const { client } = platform;
    await recorder.start(client, STEADY);
    await applyBase(client, BUSY);
    for (const object of unrelatedObjects()) await apply(client, object);
    await allConverged(
      client,
      BUSY,
      Array.from({ length: 5 }, (_, i) => `busy-${i}`),
    );
    await allConverged(client, STEADY, SIBLINGS);
    // A few resync ticks after the churn: a periodic sweep must not flip anything either.
    await new Promise((r) => setTimeout(r, 15_000));
    // Prove the watch is live: a label change on one service must be recorded.
    const before = recorder.events;
    await client.mergePatch(
      { apiVersion: AIM, kind: 'AIMService', namespace: STEADY, name: steadyNames[0]! },
      { metadata: { labels: { probe: 'watch-alive' } } },
      { fieldManager: 'e2e-probe' },
    );
    await eventually('the probe label seen by the watch', async () => recorder.events > before, {
      timeoutMs: 30_000,
    });
    expect(recorder.failure).toBeUndefined();
    const transitions = [...recorder.seen.values()].reduce((n, list) => n + list.length, 0);
    process.stderr.write(`[no-flapping] ${recorder.events} watch events, ${transitions} observations\n`);
    const steady = new Set(steadyNames);
    expect([...recorder.seen.keys()].filter((name) => steady.has(name)).sort()).toEqual(
      [...steadyNames].sort(),
    );
    const flapped = Object.entries(recorder.leftRunning()).filter(([name]) => steady.has(name));
    expect(Object.fromEntries(flapped)).toEqual({});
  }, 420_000);
});
