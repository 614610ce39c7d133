import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FunctionName, RunningFunction } from '../../../local/platform/functions.ts';
import type { LocalPlatform } from '../../../local/platform/local-platform.ts';
import { bundleFunctions } from '../../../scripts/build/bundle.ts';
import { StatusRecorder } from '../no-flapping/status-recorder.ts';
import { platformForTest, withSimulator } from '../support/platform.ts';
import { eventually } from '../support/wait.ts';
import { AIM, apply, applyBase, ISVC, roomyGpuNodes, service } from '../support/workload.ts';
import * as evidence from './rollout-evidence.ts';

/**
 * docs/upgrading.md, shown: while 50 AIMServices are being created, each function in turn is
 * replaced by the new build — the bundle the image runs (`npm run build`) — as a new Knative
 * Revision: its instance starts, takes deliveries once ready, and the old instance gets SIGTERM.
 * The functions AIMService events go to hold deliveries when their SIGTERM comes: their old
 * instance is paused (SIGSTOP) until the broker has one in flight on it, so the test does not
 * depend on a reconcile's duration for that. Whatever the old one does not answer, the broker
 * retries on the instance that serves then.
 *
 * Nothing may be lost: every service Running with one InferenceService, none going back once
 * Running, nothing made twice, no delivery dead-lettered, every failed attempt's event delivered
 * later; and the new build really served: its processes run the bundle and ran their initial
 * resync; the functions that act on AIMServices answered service deliveries, and the two that
 * write for every service wrote for one.
 */
const NS = 'upgrade';
const SERVICES = Array.from({ length: 50 }, (_, i) => `svc-${String(i).padStart(2, '0')}`);
/** The order of the rollout: one Knative Service after another. */
const ROLLOUT: readonly FunctionName[] = [
  'model-inspect',
  'template-discover',
  'service-resolve',
  'cache-manage',
  'isvc-render',
];
/** The functions that AIMService events go to (eventing/triggers.yaml): busy while services come. */
const SERVICE_EVENTS = new Set<FunctionName>(['service-resolve', 'cache-manage', 'isvc-render']);
/**
 * Of those, the ones that write for every new service (its template, its InferenceService).
 * cache-manage writes only the template's cache, made once for all 50 before its rollout.
 */
const SERVICE_WRITERS = new Set<FunctionName>(['service-resolve', 'isvc-render']);

/** SERVICES in ROLLOUT.length + 1 batches: one before the first rollout, one during each. */
const batches = Array.from({ length: ROLLOUT.length + 1 }, (_, b) =>
  SERVICES.filter((_, i) => i % (ROLLOUT.length + 1) === b),
);

describe('rolling upgrade: each function replaced by the new build while 50 services are created', () => {
  let platform: LocalPlatform;
  let bundleEntry: string;
  const recorder = new StatusRecorder();
  const replaced = new Map<FunctionName, { old: RunningFunction; fresh: RunningFunction; held: number }>();

  beforeAll(async () => {
    bundleEntry = await bundleFunctions(join(mkdtempSync(join(tmpdir(), 'aim-upgrade-build-')), 'bundle'));
    // No periodic resync during the test (an hour): what converges, the events, their redelivery
    // and each new instance's initial resync did.
    platform = await platformForTest('upgrade', { simulator: withSimulator, resyncIntervalMs: 3_600_000 });
    await roomyGpuNodes(platform.client);
    await applyBase(platform.client, NS);
    await recorder.start(platform.client, NS);
  }, 300_000);

  afterAll(async () => {
    recorder.stop();
    await platform?.stop();
  });

  const createBatch = async (names: readonly string[]) => {
    for (const name of names) await apply(platform.client, service(NS, name));
  };

  /**
   * Replaces `name`'s instance with the new build, with deliveries in flight on the old one if it
   * gets any, while `names` are created: all but the last during the replacement, the last once the
   * new instance serves, so that it has at least one service event of its own to answer (the others
   * may all have reached the old one before it stopped).
   */
  const rollOut = async (name: FunctionName, names: readonly string[]) => {
    const batch = createBatch(names.slice(0, -1));
    const scaler = platform.scalers.get(name);
    const old = scaler?.instances[0];
    if (!scaler || !old || scaler.instances.length !== 1) throw new Error(`${name}: expected one instance`);
    let held = 0;
    if (SERVICE_EVENTS.has(name)) {
      old.process.pause();
      held = await eventually(
        `a delivery in flight on the paused ${name}`,
        async () => scaler.stats().inFlight || undefined,
        { timeoutMs: 60_000 },
      );
    }
    const [fresh] = await platform.rollOut(name, { entry: bundleEntry });
    if (!fresh) throw new Error(`${name}: no new instance`);
    replaced.set(name, { old, fresh, held });
    await batch;
    await createBatch(names.slice(-1));
  };

  it('loses nothing: all 50 Running once, one InferenceService each, every delivery answered', async () => {
    const { client } = platform;
    await createBatch(batches[0] ?? []);
    for (const [index, name] of ROLLOUT.entries()) await rollOut(name, batches[index + 1] ?? []);

    await eventually(
      'all 50 services Running with one InferenceService each',
      async () => {
        const pending = await evidence.notConverged(client, NS, SERVICES);
        if (pending.length > 0)
          throw new Error(`${pending.length} pending: ${JSON.stringify(pending.slice(0, 3))}`);
        return true;
      },
      { timeoutMs: 300_000, intervalMs: 1_000 },
    );
    await platform.broker?.drain();

    expect(recorder.failure).toBeUndefined();
    expect(evidence.backwardsAfterRunning(recorder.seen)).toEqual({});
    const isvcs = (await client.list(ISVC, { namespace: NS })).items;
    const owners = isvcs.map((i) => i.metadata.ownerReferences?.[0]?.name ?? `(no owner) ${i.metadata.name}`);
    expect(evidence.repeated(owners)).toEqual([]);
    expect(owners.sort()).toEqual([...SERVICES].sort());
    // The 50 share one template, so one cache and one artifact for its weights.
    const templateCaches = await client.list(
      { apiVersion: AIM, kind: 'AIMTemplateCache' },
      { namespace: NS },
    );
    expect(templateCaches.items.map((c) => c.metadata.name)).toHaveLength(1);
    const artifacts = await client.list({ apiVersion: AIM, kind: 'AIMArtifact' }, { namespace: NS });
    expect(artifacts.items.map((a) => a.metadata.name)).toHaveLength(1);

    const broker = platform.broker;
    if (!broker) throw new Error('no broker');
    expect(broker.deadLetters).toEqual([]);
    const redelivered = evidence.redeliveries(broker, new Set(ROLLOUT));
    expect(redelivered.lost).toEqual([]);
    process.stderr.write(
      `[upgrade] held at SIGTERM: ${[...replaced].map(([n, r]) => `${n} ${r.held}`).join(', ')}; ` +
        `${redelivered.failed} failed attempts, ${redelivered.delivered} of their events delivered later\n`,
    );
  }, 600_000);

  it('really replaced every function: the old processes exited, the new build answered and wrote', async () => {
    const broker = platform.broker;
    if (!broker) throw new Error('no broker');
    expect([...replaced.keys()]).toEqual([...ROLLOUT]);
    for (const [name, { old, fresh, held }] of replaced) {
      expect(old.process.child.exitCode ?? old.process.child.signalCode, name).not.toBeNull();
      expect(fresh.process.child.spawnargs, name).toContain(bundleEntry);
      expect(platform.scalers.get(name)?.instances, name).toEqual([fresh]);
      // A new Revision's first act: its initial resync, over every object it owns.
      expect(
        evidence.logRecords(fresh).some((record) => record.msg === 'initial resync done'),
        name,
      ).toBe(true);
      if (SERVICE_EVENTS.has(name)) {
        expect(held, name).toBeGreaterThan(0);
        expect(evidence.answeredBy(broker, fresh, 'AIMService'), name).toBeGreaterThan(0);
      }
      if (SERVICE_WRITERS.has(name)) {
        const written = evidence.reconcilesWritten(fresh);
        expect(
          written.some((what) => what.startsWith('AIMService/')),
          `${name} wrote: ${written.slice(0, 5)}`,
        ).toBe(true);
      }
    }
  });
});
