import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalPlatform } from '../../../local/platform/local-platform.ts';
import { DEFAULT_NODES, DEFAULT_RULES } from '../../../local/simulator/rules.ts';
import { writeSimulatorRules } from '../../../local/simulator/rules-configmap.ts';
import type { KubeClient, KubeObject } from '../../../shared/kube/types.ts';
import { jsonEqual } from '../../../shared/reconcile/json-equal.ts';
import { sharedFolder, skippedLine } from '../../support/shared-folder.ts';
import { platformForTest, withSimulator } from '../support/platform.ts';
import { eventually } from '../support/wait.ts';
import { restoreIntoEtcd } from './etcd-restore.ts';
import {
  type Baseline,
  baselineOf,
  GVK,
  routesOf,
  type Snapshot,
  snapshot,
  type Watched,
  watchTakeover,
} from './takeover-watch.ts';
import {
  isPredictorPod,
  TAKEOVER_NAMESPACE as NS,
  readUpstreamState,
  UPSTREAM_VERSION,
} from './upstream-state.ts';

/*
 * A cluster the Go operator v0.2.1 ran (../shared/upstream-state/v0.2.1: every object as it left
 * them, uids, owners, finalizers, managedFields and status) is restored into the etcd of a fresh
 * API server before kube-controller-manager starts (etcd-restore.ts says why not through the
 * API), with KServe's own controller making the predictors' Deployments and pods from the
 * recorded InferenceServices, as on the cluster a user migrates. Then the functions start, as
 * after `kubectl apply -k manifests/` with the Go operator stopped, and every poll of the
 * settling window checks that nothing the Go operator had running restarts, moves or is made again.
 */
const VARIABLE = 'AIM_UPSTREAM_STATE_DIR';
const folder = sharedFolder(VARIABLE, 'upstream-state');
if (!folder.available)
  process.stderr.write(skippedLine('takeover', folder, VARIABLE, 'recorded state of the Go operator'));
const state = folder.available ? readUpstreamState(join(folder.dir, UPSTREAM_VERSION)) : undefined;

/** The recording's four nodes (its README), two of each GPU model. */
const NODES = DEFAULT_NODES.flatMap((node) => [node, { ...node, name: node.name.replace(/-0$/, '-1') }]);

const AIM = 'aim.eai.amd.com/v1alpha1';
const READ_BY_GO_OPERATOR = [
  'AIMService',
  'AIMModel',
  'AIMClusterModel',
  'AIMServiceTemplate',
  'AIMClusterServiceTemplate',
  'AIMTemplateCache',
  'AIMArtifact',
];
const STATUS_READ_BY_GO_OPERATOR = ['status.resolvedNodeAffinity', 'status.modelSources', 'status.profile'];

function valueAt(object: KubeObject, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], object);
}

let platform: LocalPlatform;
let baseline: Baseline;
let watching: Promise<Watched>;
let seen: Watched['seen'];
let last: Snapshot;
let finalServices: Map<string, string>;

/** A finished Job past its ttlSecondsAfterFinished: kube-controller-manager's TTL controller deletes it. */
function expired(job: KubeObject, now: number): boolean {
  const ttl = job.spec?.ttlSecondsAfterFinished;
  const finished = Date.parse(job.status?.completionTime ?? '');
  return typeof ttl === 'number' && Number.isFinite(finished) && finished + ttl * 1000 < now;
}

/**
 * The cluster as the functions find it: KServe's predictors ready, and the recorded download Jobs
 * that finished long ago gone, as the TTL controller would have removed them on the real cluster
 * long before a migration.
 */
async function settledCluster(client: KubeClient): Promise<Snapshot> {
  return await eventually(
    "KServe's predictors ready and expired Jobs collected",
    async () => {
      const jobs = (await client.list(GVK.job, { namespace: NS })).items;
      if (jobs.some((job) => expired(job, Date.now()))) return undefined;
      const snap = await snapshot(client, NS);
      const ready = snap.isvcs.every((isvc) =>
        (isvc.status?.conditions ?? []).some(
          (c: { type: string; status: string }) => c.type === 'Ready' && c.status === 'True',
        ),
      );
      return ready && snap.pods.every((pod) => pod.status?.phase === 'Running') ? snap : undefined;
    },
    { timeoutMs: 240_000, intervalMs: 1_000 },
  );
}

describe.skipIf(!state)(`takeover of a cluster the Go operator ${UPSTREAM_VERSION} ran`, () => {
  beforeAll(async () => {
    const upstream = state!;
    platform = await platformForTest('takeover', {
      simulator: withSimulator,
      beforeControllerManager: async (client, { etcdUrl }) => {
        const rules = { ...DEFAULT_RULES, nodes: { enabled: true, items: NODES } };
        await writeSimulatorRules(client, rules, { timeoutMs: 0 });
        const { metadata } = upstream.namespace;
        await client.create({
          apiVersion: 'v1',
          kind: 'Namespace',
          metadata: { name: metadata.name, labels: metadata.labels ?? {} },
        });
        await restoreIntoEtcd(
          etcdUrl,
          upstream.objects.filter((object) => !isPredictorPod(object)),
        );
      },
      beforeFunctions: async (client) => {
        baseline = baselineOf(await settledCluster(client));
        // Watched from before the functions start: a service that leaves Running during their
        // start-up counts too.
        watching = watchTakeover(client, baseline);
      },
    });
    const watched = await watching;
    seen = watched.seen;
    last = watched.last;
    const report = [...seen].map(([breach, { atMs, polls }]) => `+${atMs} ms (${polls} polls) ${breach}`);
    process.stderr.write(
      `[takeover] settled ${watched.settledAfterMs ?? 'never'} ms after the watch began; ${seen.size} breaches\n${report.join('\n')}\n`,
    );
    finalServices = new Map(last.services.map((s) => [s.metadata.name, String(s.status?.status)]));
  }, 900_000);

  afterAll(async () => {
    await platform?.stop();
  });

  it('loads the recording as the Go operator left it: five InferenceServices Running on their pods', () => {
    expect([...baseline.generations.keys()].sort()).toHaveLength(5);
    expect(baseline.running.size).toBe(5);
    expect([...baseline.pods.values()].every((uids) => uids.length > 0)).toBe(true);
  });

  it('restarts nothing: no service leaves Running, no InferenceService is rewritten, no pod replaced, nothing downloaded or cached again', () => {
    expect([...seen.keys()]).toEqual([]);
  });

  it('brings the services the Go operator left stuck to Running', () => {
    for (const name of ['chat-shared', 'chat-shared-b', 'chat-replicas', 'qwen-routed', 'qwen-autoscale'])
      expect(`${name} ${finalServices.get(name)}`).toBe(`${name} Running`);
  });

  it('ends with exactly one HTTPRoute per routed service', () => {
    for (const [uid, name] of baseline.routed)
      expect(`${name}: ${routesOf(last, uid).map((route) => route.metadata.name)}`).toMatch(/^[^:]+: [^,]+$/);
  });

  it('leaves what the Go operator renders from as it was, so going back restarts nothing either', async () => {
    // The Go operator renders an InferenceService from the service, its template's spec and
    // status (node affinity, model sources, profile) and its cache's artifacts: none may differ.
    const recorded = state!.objects;
    const differences: string[] = [];
    for (const kind of READ_BY_GO_OPERATOR) {
      const current = (
        await platform.client.list(
          { apiVersion: AIM, kind },
          kind.startsWith('AIMCluster') ? {} : { namespace: NS },
        )
      ).items;
      for (const before of recorded.filter((object) => object.kind === kind)) {
        const now = current.find((object) => object.metadata.name === before.metadata.name);
        if (now === undefined) differences.push(`${kind} ${before.metadata.name} gone`);
        else
          for (const path of ['spec', ...STATUS_READ_BY_GO_OPERATOR])
            if (!jsonEqual(valueAt(before, path), valueAt(now, path)))
              differences.push(
                `${kind} ${before.metadata.name} ${path}: ${JSON.stringify(valueAt(before, path))} → ${JSON.stringify(valueAt(now, path))}`,
              );
      }
    }
    expect(differences).toEqual([]);
  });

  it('goes on after the takeover: routing switched off removes the route and status.routing', async () => {
    // chat-dedicated's routing comes from the namespace's runtime config; the service turns it off.
    // Its status.routing was the Go operator's (`routing: {}`, owned whole by its status Update):
    // removing it by server-side apply alone leaves null, which the schema refuses (status-write.ts).
    const key = { ...GVK.service, namespace: NS, name: 'chat-dedicated' };
    await platform.client.mergePatch(key, { spec: { routing: { enabled: false } } });
    const off = await eventually(
      'chat-dedicated without a route or status.routing',
      async () => {
        const service = await platform.client.get(key);
        const routes = routesOf(await snapshot(platform.client, NS), service.metadata.uid!);
        return routes.length === 0 && service.status?.routing === undefined ? service : undefined;
      },
      { timeoutMs: 60_000 },
    );
    expect(off.status?.status).toBe('Running');
  });

  it('leaves nothing that blocks deleting the namespace', async () => {
    await platform.client.delete({ apiVersion: 'v1', kind: 'Namespace', name: NS });
    await eventually(
      `namespace ${NS} gone`,
      async () =>
        (await platform.client.getOptional({ apiVersion: 'v1', kind: 'Namespace', name: NS })) === undefined,
      { timeoutMs: 180_000, intervalMs: 1_000 },
    );
    expect(await platform.client.list(GVK.service, { namespace: NS })).toMatchObject({ items: [] });
  });
});
