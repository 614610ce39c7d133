/**
 * `npm run bench -- service-resolve`: Kubernetes API requests per AIMService reconcile of
 * service-resolve as the number of services grows (target: constant), on the in-memory
 * FakeKubeClient (every client call counts as one request, as it would against an API server).
 *
 * For each population size it reports the requests of the first sweep (resolving, finalizer,
 * status), of a steady-state sweep (nothing changed), of one service reconciled alone (what an
 * event costs), and of mapping one template event to the services it concerns. Sweeps share
 * reads across their services (the sweep's read cache, `ctx.reads`), so their cost per service
 * falls as they grow. Services mix the three common shapes: auto-selection by model name, by
 * image, and an explicit template.
 */
import type { ApiServerEvent } from '../../shared/events/apiserver-event.ts';
import type { KubeObject } from '../../shared/kube/types.ts';
import { type ReconcileContext, reconcileAll, reconcileObject } from '../../shared/reconcile/pipeline.ts';
import { serviceDependents } from '../../shared/service-resolution/dependents.ts';
import { serviceResolveReconciler } from '../../shared/service-resolution/service-reconciler.ts';
import { FakeKubeClient } from '../../test/support/fake-kube.ts';

const API = 'aim.eai.amd.com/v1alpha1';
const NS = 'bench';
const IMAGE = 'ghcr.io/silogen/aim-dummy:0.1.10';
const SIZES = [1, 10, 100, 1000];

function template(name: string, modelName: string, gpu: string): KubeObject {
  return {
    apiVersion: API,
    kind: 'AIMServiceTemplate',
    metadata: { name, namespace: NS },
    spec: { modelName },
    status: {
      status: 'Ready',
      profile: { metadata: { type: 'optimized', gpu, metric: 'latency', precision: 'fp8', gpuCount: 1 } },
    },
  };
}

function fixtures(): KubeObject[] {
  return [
    {
      apiVersion: API,
      kind: 'AIMModel',
      metadata: { name: 'llama', namespace: NS },
      spec: { image: 'x/llama:1' },
      status: { status: 'Ready' },
    },
    {
      apiVersion: API,
      kind: 'AIMModel',
      metadata: { name: 'dummy', namespace: NS },
      spec: { image: IMAGE },
      status: { status: 'Ready' },
    },
    template('llama-mi300x', 'llama', 'MI300X'),
    template('llama-mi325x', 'llama', 'MI325X'),
    template('dummy-mi300x', 'dummy', 'MI300X'),
    { apiVersion: 'v1', kind: 'Node', metadata: { name: 'n0', labels: { 'amd.com/gpu.device-id': '74a1' } } },
    { apiVersion: 'v1', kind: 'Node', metadata: { name: 'n1', labels: { 'amd.com/gpu.device-id': '74a5' } } },
  ];
}

function service(i: number): KubeObject {
  const shapes = [
    { model: { name: 'llama' } },
    { model: { image: IMAGE } },
    { model: { name: 'llama' }, template: { name: 'llama-mi300x' } },
  ];
  return {
    apiVersion: API,
    kind: 'AIMService',
    metadata: { name: `svc-${i}`, namespace: NS },
    spec: shapes[i % 3],
  };
}

function context(client: FakeKubeClient): ReconcileContext {
  const quiet = () => {};
  return {
    client,
    log: { debug: quiet, info: quiet, warn: quiet, error: quiet },
    now: () => new Date(),
    fieldManager: 'aim-service-resolve',
    operatorNamespace: 'aim-system',
  };
}

function templateEvent(object: KubeObject): ApiServerEvent {
  return {
    action: 'update',
    mode: 'resource',
    ref: { apiVersion: API, kind: object.kind, namespace: NS, name: object.metadata.name },
    object,
    eventId: 'bench',
    type: 'dev.knative.apiserver.resource.update',
    source: 'bench',
  };
}

interface Row {
  services: number;
  firstSweep: number;
  steadySweep: number;
  single: number;
  fresh: number;
  event: number;
  eventTargets: number;
}

async function measure(count: number): Promise<Row> {
  const client = new FakeKubeClient().seed(
    ...fixtures(),
    ...Array.from({ length: count }, (_, i) => service(i)),
  );
  const ctx = context(client);
  const first = await reconcileAll(ctx, serviceResolveReconciler);
  const steady = await reconcileAll(ctx, serviceResolveReconciler);
  const failed = first.failed + steady.failed;
  if (failed > 0) throw new Error(`${failed} reconciles failed`);
  // Per service: the sweep's requests minus its one LIST, divided by the services.
  const perService = (sweep: typeof first) => (sweep.apiRequests - 1) / count;
  const single = await reconcileObject(ctx, serviceResolveReconciler, {
    apiVersion: API,
    kind: 'AIMService',
    namespace: NS,
    name: 'svc-0',
  });
  // A service created now and reconciled on its add event: resolving from scratch (auto-selection).
  client.seed({ ...service(0), metadata: { name: 'newcomer', namespace: NS } });
  const fresh = await reconcileObject(ctx, serviceResolveReconciler, {
    apiVersion: API,
    kind: 'AIMService',
    namespace: NS,
    name: 'newcomer',
  });
  const before = client.requestCount;
  const targets = await serviceDependents(client, templateEvent(template('llama-mi325x', 'llama', 'MI325X')));
  return {
    services: count,
    firstSweep: perService(first),
    steadySweep: perService(steady),
    single: single.apiRequests,
    fresh: fresh.apiRequests,
    event: client.requestCount - before,
    eventTargets: targets.length,
  };
}

const rows: Row[] = [];
for (const size of SIZES) rows.push(await measure(size));

const header = [
  'services',
  'first sweep req/svc',
  'steady sweep req/svc',
  'one reconcile (steady)',
  'one reconcile (new service)',
  'template event req',
  'services re-queued',
];
console.log('service-resolve: Kubernetes API requests per AIMService reconcile (FakeKubeClient, in memory)');
console.log('services mix auto-selection by name, by image, and an explicit template\n');
console.log(header.join(' | '));
for (const row of rows) {
  console.log(
    [
      row.services,
      row.firstSweep.toFixed(2),
      row.steadySweep.toFixed(2),
      row.single,
      row.fresh,
      row.event,
      row.eventTargets,
    ].join(' | '),
  );
}
// Event-driven reconciles must cost the same whatever the population; sweeps may only get cheaper
// per service (they share one answer per read across the sweep).
const neverGrows = (values: number[]) => values.every((value) => value <= values[0]! + 1e-9);
const constant = (values: number[]) => new Set(values).size === 1;
const verdict = (ok: boolean) => (ok ? 'yes' : 'NO');
console.log(
  `\none reconcile constant: ${verdict(constant(rows.map((row) => row.single)) && constant(rows.map((row) => row.fresh)))}; ` +
    `template event constant: ${verdict(constant(rows.map((row) => row.event)))}; ` +
    `sweep cost per service never grows: first ${verdict(neverGrows(rows.map((row) => row.firstSweep)))}, ` +
    `steady ${verdict(neverGrows(rows.map((row) => row.steadySweep)))}`,
);
