/**
 * What a takeover must not do, watched poll by poll: a service that was Running leaving Running,
 * an InferenceService rewritten (its generation moving), a predictor pod replaced, a cache, an
 * artifact, a claim or a download Job created or deleted, a routed service without a route.
 */
import type { KubeClient, KubeObject } from '../../../shared/kube/types.ts';
import { TAKEOVER_NAMESPACE } from './upstream-state.ts';

const AIM = 'aim.eai.amd.com/v1alpha1';
export const GVK = {
  service: { apiVersion: AIM, kind: 'AIMService' },
  cache: { apiVersion: AIM, kind: 'AIMTemplateCache' },
  artifact: { apiVersion: AIM, kind: 'AIMArtifact' },
  isvc: { apiVersion: 'serving.kserve.io/v1beta1', kind: 'InferenceService' },
  route: { apiVersion: 'gateway.networking.k8s.io/v1', kind: 'HTTPRoute' },
  pod: { apiVersion: 'v1', kind: 'Pod' },
  pvc: { apiVersion: 'v1', kind: 'PersistentVolumeClaim' },
  job: { apiVersion: 'batch/v1', kind: 'Job' },
} as const;

/** The kinds whose objects a takeover must neither create nor delete. */
const KEPT_KINDS = ['cache', 'artifact', 'pvc', 'job'] as const;
const ISVC_LABEL = 'serving.kserve.io/inferenceservice';

export interface Baseline {
  /** Services the Go operator left Running. */
  running: Set<string>;
  /** InferenceService name → generation. */
  generations: Map<string, number>;
  /** InferenceService name → its predictor pods' uids, sorted. */
  pods: Map<string, string>;
  /** Kind → `name uid` of every object. */
  kept: Map<string, Set<string>>;
  /** Routed service (by its uid) → its name. */
  routed: Map<string, string>;
}

export interface Snapshot {
  services: KubeObject[];
  isvcs: KubeObject[];
  pods: KubeObject[];
  routes: KubeObject[];
  kept: Map<string, Set<string>>;
}

export async function snapshot(client: KubeClient, namespace: string): Promise<Snapshot> {
  const list = async (gvk: (typeof GVK)[keyof typeof GVK], labelSelector?: string) =>
    (await client.list(gvk, { namespace, ...(labelSelector ? { labelSelector } : {}) })).items;
  const [services, isvcs, pods, routes, ...keptLists] = await Promise.all([
    list(GVK.service),
    list(GVK.isvc),
    list(GVK.pod, ISVC_LABEL),
    list(GVK.route),
    ...KEPT_KINDS.map((kind) => list(GVK[kind])),
  ]);
  const kept = new Map(
    KEPT_KINDS.map((kind, index) => [
      kind,
      new Set(keptLists[index]!.map((object) => `${object.metadata.name} ${object.metadata.uid}`)),
    ]),
  );
  return { services, isvcs, pods, routes, kept };
}

function podsByIsvc(pods: readonly KubeObject[]): Map<string, string> {
  const uids = new Map<string, string[]>();
  for (const pod of pods) {
    if (pod.metadata.deletionTimestamp) continue;
    const isvc = pod.metadata.labels?.[ISVC_LABEL] ?? '';
    uids.set(isvc, [...(uids.get(isvc) ?? []), pod.metadata.uid ?? '']);
  }
  return new Map([...uids].map(([isvc, list]) => [isvc, list.sort().join(',')]));
}

export function routesOf(snap: Snapshot, serviceUid: string): KubeObject[] {
  return snap.routes.filter((route) =>
    (route.metadata.ownerReferences ?? []).some((owner) => owner.uid === serviceUid),
  );
}

export function baselineOf(snap: Snapshot): Baseline {
  const routed = new Map<string, string>();
  for (const service of snap.services)
    if (routesOf(snap, service.metadata.uid!).length > 0)
      routed.set(service.metadata.uid!, service.metadata.name);
  return {
    running: new Set(snap.services.filter((s) => s.status?.status === 'Running').map((s) => s.metadata.name)),
    generations: new Map(snap.isvcs.map((isvc) => [isvc.metadata.name, isvc.metadata.generation ?? 0])),
    pods: podsByIsvc(snap.pods),
    kept: snap.kept,
    routed,
  };
}

/** What this snapshot shows against the baseline, one line per breach. */
export function breaches(baseline: Baseline, snap: Snapshot): string[] {
  const found: string[] = [];
  for (const service of snap.services) {
    const { name } = service.metadata;
    if (baseline.running.has(name) && service.status?.status !== 'Running')
      found.push(`service ${name} left Running: ${service.status?.status}`);
  }
  for (const isvc of snap.isvcs) {
    const before = baseline.generations.get(isvc.metadata.name);
    if (before !== undefined && isvc.metadata.generation !== before)
      found.push(`InferenceService ${isvc.metadata.name} generation ${before} → ${isvc.metadata.generation}`);
  }
  const pods = podsByIsvc(snap.pods);
  for (const [isvc, uids] of baseline.pods)
    if (pods.get(isvc) !== uids) found.push(`InferenceService ${isvc} pods ${uids} → ${pods.get(isvc)}`);
  for (const [kind, before] of baseline.kept) {
    const now = snap.kept.get(kind)!;
    for (const item of now) if (!before.has(item)) found.push(`${kind} created: ${item}`);
    for (const item of before) if (!now.has(item)) found.push(`${kind} deleted: ${item}`);
  }
  for (const [uid, name] of baseline.routed)
    if (routesOf(snap, uid).length === 0) found.push(`routed service ${name} has no HTTPRoute`);
  return found;
}

/** Services the recording has Failed for want of a registry (custom-phi: its base image's labels). */
const UNREACHABLE = new Set(['custom-phi']);
/** After everything settled, how long the watch goes on: what a later reconcile or resync does counts. */
export const SETTLE_MS = 60_000;
const WINDOW_MS = 300_000;
const POLL_MS = 250;

export interface Watched {
  /** Each breach: the first poll that showed it (ms after the watch began) and how many did. */
  seen: Map<string, { atMs: number; polls: number }>;
  last: Snapshot;
  settledAfterMs?: number;
}

/**
 * Settled: every service Running (but the one that cannot be), and every routed service with
 * exactly one route, the functions' (`-route`): proof the functions have acted on everything.
 */
function settled(baseline: Baseline, snap: Snapshot): boolean {
  const running = snap.services.every(
    (s) => s.status?.status === 'Running' || UNREACHABLE.has(s.metadata.name),
  );
  // A service blocked (Failed) before isvc-render first applied anything keeps the Go operator's
  // route: nothing is applied for a blocked service, and no route of the functions replaced it.
  const routed = [...baseline.routed].every(([uid, name]) => {
    const routes = routesOf(snap, uid);
    return routes.length === 1 && (routes[0]!.metadata.name.endsWith('-route') || UNREACHABLE.has(name));
  });
  return running && routed;
}

/** Polls until settled for SETTLE_MS (or WINDOW_MS passed), recording every breach of the baseline. */
export async function watchTakeover(client: KubeClient, baseline: Baseline): Promise<Watched> {
  const began = Date.now();
  const seen: Watched['seen'] = new Map();
  let last: Snapshot;
  let settledAt: number | undefined;
  do {
    last = await snapshot(client, TAKEOVER_NAMESPACE);
    for (const breach of breaches(baseline, last)) {
      const entry = seen.get(breach);
      if (entry) entry.polls++;
      else seen.set(breach, { atMs: Date.now() - began, polls: 1 });
    }
    if (settled(baseline, last)) settledAt ??= Date.now();
    else settledAt = undefined;
    if (settledAt !== undefined && Date.now() - settledAt > SETTLE_MS) break;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  } while (Date.now() - began < WINDOW_MS);
  return { seen, last, ...(settledAt !== undefined ? { settledAfterMs: settledAt - began } : {}) };
}
