/** The measurements of `npm run bench:platform`, in the order they run. */
import type { LocalPlatform } from '../../local/platform/local-platform.ts';
import { DEFAULT_RULES } from '../../local/simulator/rules.ts';
import { writeSimulatorRules } from '../../local/simulator/rules-configmap.ts';
import type { KubeClient, KubeObject } from '../../shared/kube/types.ts';
import {
  apiserverScraper,
  difference,
  isWrite,
  type RequestCounts,
  sorted,
  total,
} from './apiserver-metrics.ts';
import { changeReplicas } from './change-replicas.ts';
import { measureColdStarts } from './cold-start.ts';
import { eventsWritten, scrapeFunctions } from './function-metrics.ts';
import { cpuSharesBetween, machineCpu } from './machine.ts';
import { percentile } from './percentile.ts';
import { cpuBetween, functionPids, platformCpu } from './platform-cpu.ts';
import { type ProcessStats, processStats } from './process-stats.ts';
import { measureServerless, type ServerlessOptions, SLOW_DOWNLOAD_RULE } from './serverless.ts';
import { settle } from './settle.ts';
import { Timeline } from './timeline.ts';
import { Tracker } from './tracker.ts';
import * as workload from './workload.ts';

export interface RunOptions {
  n: number;
  metricsPorts: ReadonlyMap<string, number>;
  quietSeconds: number;
  samples: number;
  /** Cold starts of service-resolve measured (cold-start.ts). */
  coldStarts: number;
  /** Also watch the shared path (template, cache, artifact, claim, Job): five more watches. */
  timeline?: boolean;
  log: (msg: string) => void;
  /** Then the serverless figures, the functions under Knative's scaling (serverless.ts). */
  serverless?: Omit<ServerlessOptions, 'fieldManager' | 'log'>;
}

const FIELD_MANAGER = 'aim-bench';
const CREATE_CONCURRENCY = 20;
/** How long the broker must see no event before a single-change sample (settle.ts). */
const SETTLE_QUIET_MS = 1_000;

async function apply(client: KubeClient, object: KubeObject): Promise<void> {
  await client.apply(object, { fieldManager: FIELD_MANAGER, force: true });
}

function functionTotals(before: Map<string, RequestCounts>, after: Map<string, RequestCounts>) {
  const perFunction: Record<string, { total: number; writes: number; byVerb: Record<string, number> }> = {};
  let all = 0;
  let writes = 0;
  for (const [name, counts] of after) {
    const delta = difference(counts, before.get(name) ?? new Map());
    perFunction[name] = { total: total(delta), writes: total(delta, isWrite), byVerb: sorted(delta) };
    all += total(delta);
    writes += total(delta, isWrite);
  }
  return { all, writes, perFunction };
}

export async function runWorkload(platform: LocalPlatform, options: RunOptions) {
  const { client } = platform;
  const { n, log } = options;
  const scrapeApiserver = apiserverScraper(platform.controlPlane.kubeconfigPath);
  const functionCpu = () =>
    new Map([...functionPids(platform)].map(([name, pid]) => [name, processStats(pid)?.cpuSeconds ?? 0]));
  const cpuBefore = functionCpu();

  // Room for every predictor: one simulated MI300X node with a GPU per predictor (and some spare).
  // The single changes raise `samples` services to 2 and then 3 replicas, and each cold start adds
  // a service: with only N + 16 GPUs the default 10 samples left the last back-to-back changes and
  // the cold start's service unscheduled (a timeout at N=100).
  const predictors = n + 2 * Math.min(options.samples, n) + options.coldStarts;
  await writeSimulatorRules(client, {
    nodes: {
      items: [
        {
          name: 'sim-mi300x-bench',
          labels: { 'amd.com/gpu.device-id': '74a1', 'amd.com/gpu.vram': '192G' },
          capacity: {
            'amd.com/gpu': String(predictors + 16),
            pods: String(2 * predictors + 64),
            cpu: String(16 * (predictors + 16)),
            memory: `${256 * (predictors + 16)}Gi`,
          },
        },
      ],
    },
    // The serverless phase follows one slow download (serverless.ts); the rest as by default.
    pods: { ...DEFAULT_RULES.pods, rules: [SLOW_DOWNLOAD_RULE, ...(DEFAULT_RULES.pods?.rules ?? [])] },
  });
  await apply(client, workload.namespace());
  const timeline = new Timeline();
  if (options.timeline) await timeline.watchSharedPath(client);
  const tracker = await Tracker.start(client, timeline);

  // ---- N services created at once ----
  const apiBefore = await scrapeApiserver();
  const fnBefore = await scrapeFunctions(options.metricsPorts);
  const platformCpuBefore = platformCpu();
  const machineCpuBefore = machineCpu();
  const t0 = Date.now();
  timeline.start(t0);
  await apply(client, workload.model());
  await apply(client, workload.template());
  let next = 0;
  await Promise.all(
    Array.from({ length: CREATE_CONCURRENCY }, async () => {
      while (next < n) {
        const index = next++;
        await client.create(workload.service(index), { fieldManager: FIELD_MANAGER });
        tracker.created(workload.serviceName(index), Date.now());
      }
    }),
  );
  log(`${n} services created in ${Date.now() - t0} ms`);
  await tracker.until(
    () => tracker.runningCount() >= n,
    Math.max(Number(process.env.BENCH_TIMEOUT_MS ?? 300_000), n * 2_000),
    `${n} services Running`,
  );
  const allRunningMs = Date.now() - t0;
  log(`all ${n} Running after ${allRunningMs} ms`);
  timeline.stop();
  const runTimeline = timeline.summary();
  const createToRunning = [...tracker.services.values()]
    .filter((t) => t.createdAt !== undefined && t.runningAt !== undefined)
    .map((t) => t.runningAt! - t.createdAt!);
  // The run's Kubernetes Events are written off the reconciles' path and may still be queued:
  // they belong to the run, and "at rest" starts once they are written.
  const eventsDrainedMs = await eventsWritten(options.metricsPorts);
  log(`the functions' Kubernetes Events written ${eventsDrainedMs} ms after all Running`);
  const platformCpuDuringRun = cpuBetween(platformCpuBefore, platformCpu());
  const machineCpuDuringRun = cpuSharesBetween(machineCpuBefore, machineCpu());
  const apiRun = difference(await scrapeApiserver(), apiBefore);
  const fnRun = functionTotals(fnBefore, await scrapeFunctions(options.metricsPorts));

  // ---- quiet window ----
  log(`quiet window of ${options.quietSeconds} s`);
  const apiQuietBefore = await scrapeApiserver();
  const fnQuietBefore = await scrapeFunctions(options.metricsPorts);
  const cpuQuietBefore = functionCpu();
  const platformCpuQuietBefore = platformCpu();
  await new Promise((resolve) => setTimeout(resolve, options.quietSeconds * 1000));
  const cpuQuiet = cpuBetween(cpuQuietBefore, functionCpu());
  const platformCpuQuiet = cpuBetween(platformCpuQuietBefore, platformCpu());
  const apiQuiet = difference(await scrapeApiserver(), apiQuietBefore);
  const fnQuiet = functionTotals(fnQuietBefore, await scrapeFunctions(options.metricsPorts));
  const perServicePerMinute = (count: number) => count / n / (options.quietSeconds / 60);

  // Counted before the single changes: a replicas change takes a service out of Running on purpose.
  const leftRunningWhileSettling = [...tracker.services.values()].filter((t) => t.leftRunning > 0).length;

  // ---- single changes: each on a platform at rest, then the same back to back ----
  const changeOnce = (sample: number, replicas: number) =>
    changeReplicas(
      client,
      tracker,
      Math.floor((sample * n) / options.samples),
      replicas,
      FIELD_MANAGER,
      60_000,
    );
  const samples = Math.min(options.samples, n);
  const changeLatencies: number[] = [];
  for (let sample = 0; sample < samples; sample++) {
    await settle(platform.broker, SETTLE_QUIET_MS, 30_000);
    changeLatencies.push(await changeOnce(sample, 2));
  }
  const backToBack: number[] = [];
  for (let sample = 0; sample < samples; sample++) backToBack.push(await changeOnce(sample, 3));

  // ---- per-process CPU and memory ----
  const processes: Record<string, ProcessStats & { cpuSecondsDuringRun: number }> = {};
  for (const [name, pid] of functionPids(platform)) {
    const stats = processStats(pid);
    if (stats)
      processes[name] = { ...stats, cpuSecondsDuringRun: stats.cpuSeconds - (cpuBefore.get(name) ?? 0) };
  }

  // ---- cold starts: a change made while service-resolve is scaled to zero (the platform at rest) ----
  const coldStart = await measureColdStarts({
    platform,
    client,
    tracker,
    firstIndex: n,
    samples: options.coldStarts,
    fieldManager: FIELD_MANAGER,
    settleQuietMs: SETTLE_QUIET_MS,
  });
  const serverless = options.serverless
    ? await measureServerless(platform, tracker, n, {
        ...options.serverless,
        fieldManager: FIELD_MANAGER,
        log,
      })
    : undefined;
  tracker.stop();

  // What the functions told users through Kubernetes Events (a write each), by kind and reason.
  const eventsByReason: Record<string, number> = {};
  for (const event of (
    await client.list({ apiVersion: 'v1', kind: 'Event' }, { namespace: workload.BENCH_NAMESPACE })
  ).items) {
    const involved = (event.involvedObject as { kind?: string } | undefined)?.kind ?? '?';
    const key = `${involved} ${String(event.reason)}`;
    eventsByReason[key] = (eventsByReason[key] ?? 0) + Number(event.count ?? 1);
  }
  return {
    allRunningMs,
    eventsDrainedMs,
    createToRunningMs: { p50: percentile(createToRunning, 50), p99: percentile(createToRunning, 99) },
    run: {
      apiserverRequests: total(apiRun),
      apiserverRequestsPerService: total(apiRun) / n,
      functionRequests: fnRun.all,
      functionRequestsPerService: fnRun.all / n,
      functionWrites: fnRun.writes,
      apiserverByVerb: sorted(apiRun),
      perFunction: fnRun.perFunction,
    },
    quiet: {
      seconds: options.quietSeconds,
      apiserverRequests: total(apiQuiet),
      apiserverPerServicePerMinute: perServicePerMinute(total(apiQuiet)),
      functionRequests: fnQuiet.all,
      functionPerServicePerMinute: perServicePerMinute(fnQuiet.all),
      functionWrites: fnQuiet.writes,
      apiserverByVerb: sorted(apiQuiet),
      perFunction: fnQuiet.perFunction,
      // A function at rest should not spend CPU either: timers that wake it are a cost per pod.
      functionCpuSeconds: cpuQuiet,
      platformCpuSeconds: platformCpuQuiet,
    },
    singleChangeMs: { samples: changeLatencies, p50: percentile(changeLatencies, 50) },
    singleChangeBackToBackMs: { samples: backToBack, p50: percentile(backToBack, 50) },
    servicesThatLeftRunning: leftRunningWhileSettling,
    timeline: runTimeline,
    eventsByReason: Object.fromEntries(Object.entries(eventsByReason).sort((a, b) => b[1] - a[1])),
    processes,
    platformCpuDuringRun,
    machineCpuDuringRun,
    coldStart,
    serverless,
  };
}
