/**
 * `npm run bench -- template-discover [--templates 1000] [--namespaces 20] [--nodes 50]`
 *
 * The AIMServiceTemplate reconciler in-process against the in-memory Kubernetes client
 * (FakeKubeClient, which counts API requests). The bench plays the Job controller and the kubelet:
 * between sweeps it completes every active discovery Job with aim-dummy's dry-run log.
 *
 * Templates are spread over the namespaces (one AIMModel each); 40 % carry in-line model sources,
 * the rest need discovery. Nodes carry MI300X / MI325X / MI355X device ids; templates ask for one of
 * those, or for a GPU no node has (NotAvailable). Reported: API requests per resync sweep (cold,
 * discovery rounds, steady state) and per event-driven reconcile, p50/p95 reconcile time, peak RSS.
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { AIM_API_VERSION } from '../../shared/api/group.ts';
import type { KubeObject } from '../../shared/kube/types.ts';
import { reconcileAll, reconcileObject } from '../../shared/reconcile/pipeline.ts';
import type { ReconcileContext } from '../../shared/reconcile/reconciler.ts';
import { createDiscoveryLimiter } from '../../shared/templates/discovery-limiter.ts';
import { templateReconcilers } from '../../shared/templates/reconciler.ts';
import { FakeKubeClient } from '../../test/support/fake-kube.ts';

const { values } = parseArgs({
  options: {
    templates: { type: 'string', default: '1000' },
    namespaces: { type: 'string', default: '20' },
    nodes: { type: 'string', default: '50' },
  },
});
const TEMPLATES = Number(values.templates);
const NAMESPACES = Number(values.namespaces);
const NODES = Number(values.nodes);

const DEVICE_IDS = ['74a1', '74a5', '75a3'];
const GPU_MODELS = ['MI300X', 'MI325X', 'MI355X', 'MI210'];

const DRY_RUN_LOG = `INFO aim-runtime: dry run\n${JSON.stringify([
  {
    filename: 'vllm-mi300x-fp8-tp1-latency.yaml',
    profile: {
      model: 'HuggingFaceTB/SmolLM2-135M',
      metadata: {
        engine: 'vllm',
        gpu: 'MI300X',
        precision: 'fp8',
        gpu_count: 1,
        metric: 'latency',
        type: 'optimized',
      },
      engine_args: { 'max-model-len': 2048 },
      env_vars: { VLLM_USE_TRITON_FLASH_ATTN: '0' },
    },
    models: [{ name: 'HuggingFaceTB/SmolLM2-135M', source: 'hf://HuggingFaceTB/SmolLM2-135M', size_gb: 0.5 }],
  },
])}\n`;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

function seedCluster(kube: FakeKubeClient): string[][] {
  for (let i = 0; i < NODES; i++) {
    kube.seed({
      apiVersion: 'v1',
      kind: 'Node',
      metadata: {
        name: `node-${i}`,
        labels: { 'amd.com/gpu.device-id': DEVICE_IDS[i % DEVICE_IDS.length]!, 'kubernetes.io/os': 'linux' },
      },
      status: { capacity: { 'amd.com/gpu': '8' } },
    });
  }
  kube.seed({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'aim-system' } });
  const names: string[][] = [];
  for (let n = 0; n < NAMESPACES; n++) {
    const namespace = `ns-${n}`;
    kube.seed({
      apiVersion: AIM_API_VERSION,
      kind: 'AIMModel',
      metadata: { name: 'llama', namespace },
      spec: { image: 'ghcr.io/amd/aim-dummy:0.1.0' },
      status: { status: 'Ready' },
    });
  }
  for (let i = 0; i < TEMPLATES; i++) {
    const namespace = `ns-${i % NAMESPACES}`;
    const name = `t-${i}`;
    const inline = i % 5 < 2;
    const spec: Record<string, unknown> = {
      modelName: 'llama',
      metric: i % 2 === 0 ? 'latency' : 'throughput',
      hardware: { gpu: { requests: 1 + (i % 4), model: GPU_MODELS[i % GPU_MODELS.length] } },
    };
    if (inline)
      spec.modelSources = [{ modelId: `org/model-${i}`, sourceUri: `hf://org/model-${i}`, size: '16Gi' }];
    kube.seed({
      apiVersion: AIM_API_VERSION,
      kind: 'AIMServiceTemplate',
      metadata: { name, namespace, generation: 1 },
      spec,
    });
    names.push([namespace, name]);
  }
  return names;
}

const JOB = { apiVersion: 'batch/v1', kind: 'Job' } as const;

function isActive(job: KubeObject): boolean {
  return !(job.status?.conditions ?? []).some((c: { status: string }) => c.status === 'True');
}

/** The Job controller and kubelet: every active discovery Job succeeds with the dry-run log. */
async function completeActiveJobs(kube: FakeKubeClient): Promise<number> {
  const active = kube.objects(JOB).filter(isActive);
  for (const job of active) {
    const namespace = job.metadata.namespace ?? '';
    const pod = `${job.metadata.name}-pod`;
    kube.seed({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: pod, namespace, labels: { 'job-name': job.metadata.name } },
      status: { phase: 'Succeeded' },
    });
    kube.setPodLog(namespace, pod, 'discovery', DRY_RUN_LOG);
    await kube.applyStatus(
      {
        ...JOB,
        metadata: { name: job.metadata.name, namespace },
        status: { conditions: [{ type: 'Complete', status: 'True' }] },
      },
      { fieldManager: 'job-controller' },
    );
  }
  return active.length;
}

function statusCounts(kube: FakeKubeClient): string {
  const counts = new Map<string, number>();
  for (const template of kube.objects({ apiVersion: AIM_API_VERSION, kind: 'AIMServiceTemplate' })) {
    const status = template.status?.status ?? '-';
    counts.set(status, (counts.get(status) ?? 0) + 1);
  }
  return [...counts]
    .sort()
    .map(([status, count]) => `${status} ${count}`)
    .join(', ');
}

function writesOf(kube: FakeKubeClient): number {
  return kube.calls.filter((call) =>
    ['apply', 'applyStatus', 'create', 'replace', 'mergePatch', 'delete'].includes(call.method),
  ).length;
}

const kube = new FakeKubeClient();
const names = seedCluster(kube);
const [reconciler] = templateReconcilers(
  createDiscoveryLimiter({ holderIdentity: 'bench', pollIntervalMs: 5, acquireTimeoutMs: 10_000 }),
);
/** Sweeps are a resync interval apart; the clock moves by that much between them. */
const clock = {
  time: Date.now(),
  advance(seconds: number) {
    this.time += seconds * 1000;
  },
};
const ctx: ReconcileContext = {
  client: kube,
  log: { debug() {}, info() {}, warn() {}, error() {} },
  now: () => new Date(clock.time),
  fieldManager: 'aim-template-discover',
  operatorNamespace: 'aim-system',
};

const lines: string[] = [];
const report = (line: string) => lines.push(line);

// Resync sweeps: cold, then discovery rounds until nothing is left to discover, then steady state.
interface SweepFigures {
  requests: number;
  gets: number;
  lists: number;
  writes: number;
  seconds: number;
}
const discoverySweeps: SweepFigures[] = [];
let round = 0;
for (;;) {
  kube.resetCalls();
  const started = performance.now();
  const sweep = await reconcileAll(ctx, reconciler!);
  const figures: SweepFigures = {
    requests: sweep.apiRequests,
    gets: kube.callsOf('get').length + kube.callsOf('getOptional').length,
    lists: kube.callsOf('list').length,
    writes: writesOf(kube),
    seconds: (performance.now() - started) / 1000,
  };
  if (round === 0) {
    const listsByKind = new Map<string, number>();
    for (const call of kube.callsOf('list')) {
      const kind = call.gvk?.kind ?? '?';
      listsByKind.set(kind, (listsByKind.get(kind) ?? 0) + 1);
    }
    report(
      `cold sweep (all 1st reconciles): ${figures.requests} API requests (${(figures.requests / TEMPLATES).toFixed(2)} / template): ` +
        `GET ${figures.gets}, LIST ${figures.lists} [${[...listsByKind].map(([k, v]) => `${k} ${v}`).join(', ')}], ` +
        `writes ${figures.writes}; ${figures.seconds.toFixed(2)} s; ${statusCounts(kube)}`,
    );
  } else {
    discoverySweeps.push(figures);
  }
  // Between sweeps: Jobs finish, and a resync interval passes (longer than the memory of "full").
  const completed = await completeActiveJobs(kube);
  clock.advance(60);
  round++;
  if (completed === 0 || round > TEMPLATES) break;
}
const avg = (pick: (f: SweepFigures) => number) =>
  (discoverySweeps.reduce((sum, f) => sum + pick(f), 0) / Math.max(1, discoverySweeps.length)).toFixed(1);
report(
  `discovery sweeps (10 Jobs finish between sweeps): ${discoverySweeps.length} sweeps until every template was discovered; ` +
    `per sweep avg ${avg((f) => f.requests)} API requests (GET ${avg((f) => f.gets)}, LIST ${avg((f) => f.lists)}, ` +
    `writes ${avg((f) => f.writes)}), max ${Math.max(...discoverySweeps.map((f) => f.requests))}; ${statusCounts(kube)}`,
);
kube.resetCalls();
const steady = await reconcileAll(ctx, reconciler!);
report(
  `steady-state sweep: ${steady.apiRequests} API requests (LIST ${kube.callsOf('list').length}, ` +
    `GET ${kube.callsOf('get').length + kube.callsOf('getOptional').length}, writes ${writesOf(kube)})`,
);

// Event-driven reconciles (one event → one template), steady state.
const durations: number[] = [];
let requests = 0;
kube.resetCalls();
for (const [namespace, name] of names) {
  const started = performance.now();
  const outcome = await reconcileObject(ctx, reconciler!, {
    apiVersion: AIM_API_VERSION,
    kind: 'AIMServiceTemplate',
    namespace,
    name: name!,
  });
  durations.push(performance.now() - started);
  requests += outcome.apiRequests;
}
durations.sort((a, b) => a - b);
report(
  `event-driven reconcile (steady state): ${(requests / names.length).toFixed(2)} API requests / reconcile, ` +
    `writes ${writesOf(kube)}, p50 ${percentile(durations, 50).toFixed(2)} ms, p95 ${percentile(durations, 95).toFixed(2)} ms`,
);

// Event-driven reconciles of fresh discovery templates: job creation under the lock.
const fresh: string[] = [];
for (let i = 0; i < 10; i++) {
  const name = `fresh-${i}`;
  kube.seed({
    apiVersion: AIM_API_VERSION,
    kind: 'AIMServiceTemplate',
    metadata: { name, namespace: 'ns-0', generation: 1 },
    spec: { modelName: 'llama', precision: 'fp16' },
  });
  fresh.push(name);
}
const freshDurations: number[] = [];
let freshRequests = 0;
kube.resetCalls();
for (const name of fresh) {
  const started = performance.now();
  const outcome = await reconcileObject(ctx, reconciler!, {
    apiVersion: AIM_API_VERSION,
    kind: 'AIMServiceTemplate',
    namespace: 'ns-0',
    name,
  });
  freshDurations.push(performance.now() - started);
  freshRequests += outcome.apiRequests;
}
freshDurations.sort((a, b) => a - b);
report(
  `event-driven reconcile (new template, creates its Job under the Lease): ${(freshRequests / fresh.length).toFixed(2)} API requests / reconcile, ` +
    `p50 ${percentile(freshDurations, 50).toFixed(2)} ms, p95 ${percentile(freshDurations, 95).toFixed(2)} ms`,
);

process.stdout.write(
  `template-discover benchmark — ${TEMPLATES} AIMServiceTemplates over ${NAMESPACES} namespaces, ${NODES} Nodes\n` +
    'setup: reconciler in-process, FakeKubeClient (API requests counted), Jobs completed by the bench between sweeps\n\n' +
    `${lines.join('\n')}\n` +
    `peak RSS (bench process incl. the in-memory cluster): ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB\n`,
);
