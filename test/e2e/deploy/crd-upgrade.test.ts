import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ControlPlane } from '../../../local/control-plane/control-plane.ts';
import { projectCrds } from '../../../local/platform/install-crds.ts';
import type { LocalPlatform } from '../../../local/platform/local-platform.ts';
import { AIM_KIND_LIST } from '../../../shared/api/kinds.ts';
import type { KubeObject } from '../../../shared/kube/types.ts';
import { platformForTest, withSimulator } from '../support/platform.ts';
import { eventually } from '../support/wait.ts';
import { AIM, applyBase, converged, service, serviceOutcomes } from '../support/workload.ts';
import { functionWatchLog, kubectl, WatchProbe, writeStandIns } from './crd-takeover.ts';
import { REPO_ROOT } from './rendered-manifests.ts';

/**
 * Issue 37: users stop the Go operator and apply this product's CRDs over its own, with the
 * functions and their event sources running. The real kubectl, over CRDs another manager
 * installed (half created by Helm, half by client-side apply), must exit 0 in both forms (`-k`
 * and `-f`); no object may be lost or recreated; and the watches the API server ends when it
 * recreates a kind's storage must come back by themselves, so a change right after the apply is
 * reconciled by events (the resync is ten minutes away).
 */
const NS = 'crd-upgrade';
const CRD_DIR = join(REPO_ROOT, 'manifests', 'crds');
const CRD_KIND = { apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition' };
/** Client-side apply keeps the whole object in this annotation; the API server caps annotations. */
const ANNOTATIONS_LIMIT = 262_144;

interface Snapshot {
  uid: string;
  generation?: number;
  spec: unknown;
  status?: unknown;
}

describe('applying the CRDs over the Go operator’s', () => {
  let platform: LocalPlatform;
  const ours = projectCrds();
  const standIns = writeStandIns(ours);
  let controlPlane: ControlPlane;
  const run = (...args: string[]) => kubectl(controlPlane, args);

  beforeAll(async () => {
    platform = await platformForTest('crd-upgrade', {
      simulator: withSimulator,
      kserve: 'simulated',
      resyncIntervalMs: 600_000,
      // The platform installed ours; before anything uses them they make way for the stand-ins.
      beforeFunctions: async (_client, started) => {
        controlPlane = started;
        expect(run('delete', 'crd', '--wait', ...ours.map((crd) => crd.metadata.name)).status).toBe(0);
        ours.forEach((crd, i) => {
          const file = standIns.get(crd.metadata.name) as string;
          const install =
            i % 2 === 0 ? ['create', '--field-manager=helm', '-f', file] : ['apply', '-f', file];
          const result = run(...install);
          expect(result.status, result.stderr).toBe(0);
        });
        const names = ours.map((crd) => `crd/${crd.metadata.name}`);
        expect(run('wait', '--for=condition=Established', ...names).status).toBe(0);
      },
    });
  });

  afterAll(async () => {
    await platform?.stop();
  });

  async function servicesConverged(expected: Record<string, number>, timeoutMs = 180_000): Promise<void> {
    await eventually(
      `services converged: ${JSON.stringify(expected)}`,
      async () => {
        const outcomes = await serviceOutcomes(platform.client, NS, Object.keys(expected));
        const behind = outcomes.filter((o) => !converged(o, expected[o.name] as number));
        if (behind.length > 0) throw new Error(JSON.stringify(behind));
        return true;
      },
      { timeoutMs, intervalMs: 500 },
    );
  }

  async function snapshot(): Promise<Map<string, Snapshot>> {
    const objects = new Map<string, Snapshot>();
    for (const definition of AIM_KIND_LIST) {
      const { items } = await platform.client.list({ apiVersion: AIM, kind: definition.kind });
      for (const item of items) {
        const { namespace = '', name } = item.metadata;
        objects.set(`${definition.kind} ${namespace}/${name}`, {
          uid: item.metadata.uid as string,
          ...(item.metadata.generation !== undefined ? { generation: item.metadata.generation } : {}),
          spec: item.spec,
          ...(item.status !== undefined ? { status: item.status } : {}),
        });
      }
    }
    return objects;
  }

  it('takes over with zero restarts: objects intact, watches back, events flowing', async () => {
    await applyBase(platform.client, NS);
    for (const name of ['svc-a', 'svc-b'])
      await platform.client.apply(service(NS, name), { fieldManager: 'e2e' });
    await servicesConverged({ 'svc-a': 1, 'svc-b': 1 });
    const before = await snapshot();
    expect(before.size).toBeGreaterThan(5);

    const probe = new WatchProbe(platform, {
      apiVersion: AIM,
      kind: 'AIMRuntimeConfig',
      metadata: { name: 'probe', namespace: NS },
      spec: {},
    });
    await probe.start();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const applyStarted = Date.now();
    const applied = run('apply', '-k', CRD_DIR);
    const applyMs = Date.now() - applyStarted;
    expect(applied.status, applied.stderr).toBe(0);
    // Right after the apply: a new service and an edit, which only events can bring in time.
    await platform.client.apply(service(NS, 'svc-c'), { fieldManager: 'e2e' });
    await platform.client.apply(service(NS, 'svc-a', 2), { fieldManager: 'e2e' });
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const gaps = await probe.stop(applyStarted - 1_000);
    await servicesConverged({ 'svc-a': 2, 'svc-b': 1, 'svc-c': 1 }, 90_000);
    expect(platform.broker?.received.some((e) => e.kind === 'AIMService' && e.name === 'svc-c')).toBe(true);

    const watchLog = functionWatchLog(join(platform.controlPlane.dir, 'logs'), applyStarted);
    process.stderr.write(
      `[crd-upgrade] kubectl apply -k took ${applyMs} ms; longest gap between probe events (written ` +
        `every 100 ms): adapter ${gaps.adapterMs} ms, informer ${gaps.informerMs} ms; ${gaps.written} ` +
        `ticks written, ${gaps.adapterEvents} delivered by the adapter; informer: ` +
        `${gaps.informerLists} LISTs, ${gaps.informerWatches} watches, ${gaps.informerMissed} ticks missed, ` +
        `errors ${JSON.stringify(gaps.informerErrors)}; functions: relists ${JSON.stringify(watchLog.relists)}, ` +
        `failures ${JSON.stringify(watchLog.failures)}\n`,
    );
    // Resumed by itself, with at most one LIST again (a 410 after the kind's storage was
    // recreated) and no loop of watches; current at the end.
    expect(gaps.informerLists).toBeLessThanOrEqual(2);
    expect(gaps.informerWatches).toBeLessThanOrEqual(4);
    expect(gaps.informerLastTick).toBe(gaps.written);
    const relistsPerKind = new Map<string, number>();
    for (const relist of watchLog.relists) relistsPerKind.set(relist, (relistsPerKind.get(relist) ?? 0) + 1);
    expect(Math.max(0, ...relistsPerKind.values())).toBeLessThanOrEqual(1);

    // Every object still there, the same object (uid), its spec and status as they were.
    const after = await snapshot();
    for (const [key, was] of before) {
      const now = after.get(key);
      expect(now, key).toBeDefined();
      expect(now?.uid, key).toBe(was.uid);
      if (key.startsWith('AIMService ') && key.endsWith('/svc-a')) continue; // edited on purpose
      expect(now?.spec, key).toEqual(was.spec);
      if (was.status !== undefined) expect(now?.status, key).toBeDefined();
      expect((now?.status as { status?: string })?.status, key).toBe(
        (was.status as { status?: string })?.status,
      );
    }

    for (const crd of ours) {
      const live = await platform.client.get<KubeObject>({ ...CRD_KIND, name: crd.metadata.name });
      expect(live.spec.versions, crd.metadata.name).toEqual(crd.spec.versions);
      const lastApplied =
        live.metadata.annotations?.['kubectl.kubernetes.io/last-applied-configuration'] ?? '';
      expect(lastApplied.length).toBeGreaterThan(0);
      expect(lastApplied.length).toBeLessThan(ANNOTATIONS_LIMIT / 4);
    }
  });

  it('`apply -f manifests/crds/` works too: the kustomization is no file it reads', () => {
    const applied = run('apply', '-f', CRD_DIR);
    expect(applied.status, applied.stderr).toBe(0);
    expect(applied.stdout.trim().split('\n')).toHaveLength(ours.length);
    expect(applied.stdout).not.toContain('configured');
  });

  it('server-side apply conflicts with Helm’s ownership until --force-conflicts takes it over', async () => {
    // Later upgrades: kubectl migrates its own client-side ownership, so no conflict.
    const later = run('apply', '--server-side', '-k', CRD_DIR);
    expect(later.status, later.stderr).toBe(0);

    const crd = ours[0] as KubeObject;
    const helm = run('replace', '--field-manager=helm', '-f', standIns.get(crd.metadata.name) as string);
    expect(helm.status, helm.stderr).toBe(0);
    const refused = run('apply', '--server-side', '-k', CRD_DIR);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('conflict with "helm"');
    const forced = run('apply', '--server-side', '--force-conflicts', '-k', CRD_DIR);
    expect(forced.status, forced.stderr).toBe(0);
    const live = await platform.client.get<KubeObject>({ ...CRD_KIND, name: crd.metadata.name });
    expect(live.spec.versions).toEqual(crd.spec.versions);
    await servicesConverged({ 'svc-a': 2, 'svc-b': 1, 'svc-c': 1 }, 30_000);
  });
});
