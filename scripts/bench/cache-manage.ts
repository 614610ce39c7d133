/**
 * `npm run bench -- cache-manage`: Kubernetes API requests of cache-manage for 200 services that
 * share 20 templates (10 services per template, Shared caching), on the in-memory FakeKubeClient
 * (every client call counts as one request, as it would against an API server).
 *
 * It drives the whole flow — services create their caches, caches their artifacts, artifacts their
 * PVCs and download Jobs (the test marks PVCs Bound and Jobs Complete, as a cluster would) — and
 * then reports, in steady state: requests per resync sweep of each kind and the LISTs each sweep
 * issued per kind, requests of one object reconciled alone (an event), and of mapping events.
 * Targets: one cache per template (no per-service duplicates) and a sweep that lists once per kind.
 */
import { artifactReconciler } from '../../shared/caching/artifact-reconciler.ts';
import { cacheManageRequests } from '../../shared/caching/event-mapping.ts';
import { serviceCacheReconciler } from '../../shared/caching/service-cache-reconciler.ts';
import { templateCacheReconciler } from '../../shared/caching/template-cache-reconciler.ts';
import type { ApiServerEvent } from '../../shared/events/apiserver-event.ts';
import type { GroupVersionKind, KubeObject } from '../../shared/kube/types.ts';
import {
  type AnyKindReconciler,
  type ReconcileContext,
  reconcileAll,
  reconcileObject,
} from '../../shared/reconcile/pipeline.ts';
import { FakeKubeClient } from '../../test/support/fake-kube.ts';

const API = 'aim.eai.amd.com/v1alpha1';
const NS = 'bench';
const SERVICES = 200;
const TEMPLATES = 20;

const kinds = {
  service: { apiVersion: API, kind: 'AIMService' },
  cache: { apiVersion: API, kind: 'AIMTemplateCache' },
  artifact: { apiVersion: API, kind: 'AIMArtifact' },
  pvc: { apiVersion: 'v1', kind: 'PersistentVolumeClaim' },
  job: { apiVersion: 'batch/v1', kind: 'Job' },
} satisfies Record<string, GroupVersionKind>;

function template(i: number): KubeObject {
  return {
    apiVersion: API,
    kind: 'AIMServiceTemplate',
    metadata: { name: `tpl-${i}`, namespace: NS },
    spec: { modelName: `model-${i}` },
    status: {
      status: 'Ready',
      modelSources: [{ modelId: `org/model-${i}`, sourceUri: `hf://org/model-${i}`, size: '10Gi' }],
      conditions: [{ type: 'Ready', status: 'True', reason: 'AllComponentsReady', message: '' }],
    },
  };
}

function service(i: number): KubeObject {
  const tpl = `tpl-${i % TEMPLATES}`;
  return {
    apiVersion: API,
    kind: 'AIMService',
    metadata: { name: `svc-${i}`, namespace: NS },
    spec: { model: { name: `model-${i % TEMPLATES}` }, caching: { mode: i % 2 === 0 ? 'Shared' : 'Auto' } },
    status: { resolvedTemplate: { name: tpl, namespace: NS, scope: 'Namespace' } },
  };
}

function context(client: FakeKubeClient): ReconcileContext {
  const quiet = () => {};
  return {
    client,
    log: { debug: quiet, info: quiet, warn: quiet, error: quiet },
    now: () => new Date(),
    fieldManager: 'aim-cache-manage',
    operatorNamespace: 'aim-system',
  };
}

/** What the cluster would do: bind every claim and complete every Job. */
async function settleWorkloads(kube: FakeKubeClient): Promise<void> {
  for (const pvc of kube.objects(kinds.pvc)) {
    if (pvc.status?.phase !== 'Bound')
      await kube.applyStatus({ ...pvc, status: { phase: 'Bound' } }, { fieldManager: 'pv-controller' });
  }
  for (const job of kube.objects(kinds.job)) {
    if (!job.status?.conditions) {
      await kube.applyStatus(
        { ...job, status: { succeeded: 1, conditions: [{ type: 'Complete', status: 'True' }] } },
        { fieldManager: 'job-controller' },
      );
    }
  }
}

interface SweepFigures {
  requests: number;
  writes: number;
  lists: Record<string, number>;
}

async function sweep(kube: FakeKubeClient, reconciler: AnyKindReconciler): Promise<SweepFigures> {
  kube.resetCalls();
  const result = await reconcileAll(context(kube), reconciler);
  if (result.failed > 0) throw new Error(`${result.failed} ${reconciler.gvk.kind} reconciles failed`);
  const lists: Record<string, number> = {};
  for (const call of kube.callsOf('list')) {
    const kind = call.gvk?.kind ?? '?';
    lists[kind] = (lists[kind] ?? 0) + 1;
  }
  const writes = kube.calls.filter(
    (call) => !['get', 'getOptional', 'list', 'podLog'].includes(call.method),
  ).length;
  return { requests: result.apiRequests, writes, lists };
}

async function single(kube: FakeKubeClient, reconciler: AnyKindReconciler, name: string): Promise<number> {
  const outcome = await reconcileObject(context(kube), reconciler, {
    ...reconciler.gvk,
    namespace: NS,
    name,
  });
  return outcome.apiRequests;
}

function event(object: KubeObject): ApiServerEvent {
  return {
    action: 'update',
    mode: 'resource',
    ref: { apiVersion: object.apiVersion, kind: object.kind, namespace: NS, name: object.metadata.name },
    object,
    eventId: 'bench',
    type: 'dev.knative.apiserver.resource.update',
    source: 'bench',
  };
}

async function main(): Promise<void> {
  const kube = new FakeKubeClient();
  kube.seed({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: NS } });
  for (let i = 0; i < TEMPLATES; i++) kube.seed(template(i));
  for (let i = 0; i < SERVICES; i++) kube.seed(service(i));
  const reconcilers = {
    service: serviceCacheReconciler(),
    cache: templateCacheReconciler(),
    artifact: artifactReconciler(),
  };

  const setup: string[] = [];
  const record = (what: string, figures: SweepFigures) =>
    setup.push(
      `  ${what.padEnd(34)} ${String(figures.requests).padStart(5)} requests, ${String(figures.writes).padStart(4)} writes`,
    );
  // Services create caches; caches create artifacts; artifacts their RoleBinding, PVCs, then Jobs.
  record('services: first sweep', await sweep(kube, reconcilers.service));
  record('caches: first sweep', await sweep(kube, reconcilers.cache));
  record('artifacts: first sweep', await sweep(kube, reconcilers.artifact));
  await settleWorkloads(kube);
  record('artifacts: second sweep', await sweep(kube, reconcilers.artifact));
  await settleWorkloads(kube);
  record('artifacts: third sweep', await sweep(kube, reconcilers.artifact));
  record('caches: second sweep', await sweep(kube, reconcilers.cache));
  record('services: second sweep', await sweep(kube, reconcilers.service));

  const caches = kube.objects(kinds.cache);
  const artifacts = kube.objects(kinds.artifact);
  const readyServices = kube
    .objects(kinds.service)
    .filter((svc) =>
      (svc.status?.conditions ?? []).some(
        (c: { type: string; status: string }) => c.type === 'CacheReady' && c.status === 'True',
      ),
    ).length;
  const distinctCacheRefs = new Set(
    kube.objects(kinds.service).map((svc) => svc.status?.cache?.templateCacheRef?.name),
  ).size;

  const steady: [string, SweepFigures][] = [];
  for (const [name, reconciler] of Object.entries(reconcilers)) {
    steady.push([name, await sweep(kube, reconciler)]);
  }
  // For comparison: the same sweep with the service fetch reading live instead of through the
  // sweep's read cache (the pipeline's runtime-config lookup still goes through it).
  const shared = reconcilers.service;
  const unshared = await sweep(kube, {
    ...shared,
    fetch: (ctx, service, input) => shared.fetch({ ...ctx, reads: undefined }, service, input),
  });

  kube.resetCalls();
  const one = {
    service: await single(kube, reconcilers.service, 'svc-7'),
    cache: await single(kube, reconcilers.cache, caches[0]?.metadata.name ?? ''),
    artifact: await single(kube, reconcilers.artifact, artifacts[0]?.metadata.name ?? ''),
  };
  const owned = Object.values(reconcilers).map((reconciler) => reconciler.gvk);
  const mapping = async (object: KubeObject | undefined) => {
    if (object === undefined) return '-';
    kube.resetCalls();
    const requests = await cacheManageRequests(kube, owned, event(object));
    return `${requests.length} reconcile requests from ${kube.requestCount} API requests`;
  };

  const out = (line = '') => process.stdout.write(`${line}\n`);
  out(`cache-manage benchmark — FakeKubeClient (in-memory; every client call counts as one API request)`);
  out(
    `${SERVICES} services (Shared/Auto) over ${TEMPLATES} templates with one 10Gi model source each, one namespace`,
  );
  out();
  out('Setup (services → caches → artifacts → PVCs → download Jobs → Ready):');
  for (const line of setup) out(line);
  out();
  out(
    `Result: ${caches.length} template caches, ${artifacts.length} artifacts, ${kube.objects(kinds.pvc).length} PVCs, ${kube.objects(kinds.job).length} download Jobs`,
  );
  out(
    `        ${readyServices}/${SERVICES} services CacheReady=True, using ${distinctCacheRefs} distinct caches`,
  );
  out();
  out('Steady-state resync sweeps (nothing changed):');
  for (const [name, figures] of steady) {
    const objects = name === 'service' ? SERVICES : name === 'cache' ? caches.length : artifacts.length;
    const lists = Object.entries(figures.lists)
      .map(([kind, count]) => `${kind}×${count}`)
      .join(', ');
    out(
      `  ${name.padEnd(9)} ${String(objects).padStart(4)} objects: ${String(figures.requests).padStart(4)} requests (${(figures.requests / objects).toFixed(2)}/object), ${figures.writes} writes, LISTs: ${lists}`,
    );
  }
  out(
    `  service sweep with its fetch reading live (no sweep read cache), for comparison: ${unshared.requests} requests`,
  );
  out();
  out('One object reconciled alone (an event), steady state:');
  out(`  service ${one.service} requests, cache ${one.cache} requests, artifact ${one.artifact} requests`);
  out();
  out('Event mapping:');
  out(
    `  template event:  ${await mapping(kube.objects({ apiVersion: API, kind: 'AIMServiceTemplate' })[0])}`,
  );
  out(`  cache event:     ${await mapping(caches[0])}`);
  out(`  artifact event:  ${await mapping(artifacts[0])}`);
  out(`  PVC event:       ${await mapping(kube.objects(kinds.pvc)[0])}`);
}

await main();
