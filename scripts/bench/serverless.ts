/**
 * The serverless figures of `npm run bench:platform`, after the warm ones: the functions are
 * handed to their autoscalers (each Knative Service's own annotations, manifests/functions/) and
 * the platform's resync is the manifests' (eventing/pingsource.yaml), and then, with N services
 * Running:
 *
 * - a window at rest: per function its seconds up, starts and memory × time (its instances' RSS
 *   integrated over the seconds they are up, sampled each second), against one always-on process
 *   of the Go operator's size; the API server's requests meanwhile (all clients);
 * - single changes, each made with all five functions at zero: `spec.replicas` → the
 *   InferenceService's generation moves;
 * - a dropped event: a change made with the event sources stopped and all five at zero, and the
 *   time until it is reconciled (the resync's interval bounds it);
 * - a download's progress cadence: one slow download (~70 s) started with all five at zero, its
 *   artifact's status sampled each second (the longest gap between two changes, when it turned
 *   Ready after the downloader finished), and cache-manage's instances meanwhile.
 */
import type { LocalPlatform } from '../../local/platform/local-platform.ts';
import { PING_EVENT_TYPE } from '../../shared/events/event-types.ts';
import { apiserverScraper, difference, sorted, total } from './apiserver-metrics.ts';
import { changeReplicas } from './change-replicas.ts';
import { percentile } from './percentile.ts';
import { processStats } from './process-stats.ts';
import type { Tracker } from './tracker.ts';
import * as workload from './workload.ts';

const SLOW_SOURCE = 'hf://bench/slow-download';
const SLOW_STEP_SECONDS = 10;

/** The simulator's downloader for the cadence measurement: a step every 10 s, 70 s in all. */
export const SLOW_DOWNLOAD_RULE = {
  name: 'bench-slow-download',
  match: { labels: { 'aim.eai.amd.com/component': 'download' }, args: SLOW_SOURCE },
  progress: { steps: [10, 25, 40, 55, 70, 85, 100], intervalSeconds: SLOW_STEP_SECONDS },
};

/** The Go operator's one process at rest (docs/performance.md, issue 12): what "always on" costs. */
export const ALWAYS_ON_MIB = 105;
const SAMPLE_MS = 1_000;

export interface ServerlessOptions {
  restSeconds: number;
  samples: number;
  droppedEvent: boolean;
  fieldManager: string;
  log: (msg: string) => void;
}

async function allAtZero(platform: LocalPlatform, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if ([...platform.scalers.values()].every((scaler) => scaler.atZero)) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`functions still up after ${timeoutMs} ms`);
}

/** Per function: seconds up, starts and MiB·s over `seconds`, sampled every second. */
async function restWindow(platform: LocalPlatform, seconds: number) {
  const before = new Map([...platform.scalers].map(([name, s]) => [name, s.stats()]));
  const mibSeconds = new Map<string, number>();
  const peakMiB = new Map<string, number>();
  const end = Date.now() + seconds * 1000;
  let last = Date.now();
  while (Date.now() < end) {
    await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
    const now = Date.now();
    const dt = (now - last) / 1000;
    last = now;
    for (const [name, scaler] of platform.scalers) {
      let rss = 0;
      for (const fn of scaler.instances) rss += processStats(fn.process.child.pid ?? -1)?.rssMiB ?? 0;
      mibSeconds.set(name, (mibSeconds.get(name) ?? 0) + rss * dt);
      peakMiB.set(name, Math.max(peakMiB.get(name) ?? 0, rss));
    }
  }
  const perFunction: Record<
    string,
    { upSeconds: number; upPercent: number; starts: number; mibSeconds: number; peakMiB: number }
  > = {};
  for (const [name, scaler] of platform.scalers) {
    const after = scaler.stats();
    const upSeconds = (after.upMs - (before.get(name)?.upMs ?? 0)) / 1000;
    perFunction[name] = {
      upSeconds: Math.round(upSeconds * 10) / 10,
      upPercent: Math.round((1000 * upSeconds) / seconds) / 10,
      starts: after.starts - (before.get(name)?.starts ?? 0),
      mibSeconds: Math.round(mibSeconds.get(name) ?? 0),
      peakMiB: Math.round(peakMiB.get(name) ?? 0),
    };
  }
  const totalMiBSeconds = Object.values(perFunction).reduce((sum, f) => sum + f.mibSeconds, 0);
  const alwaysOn = ALWAYS_ON_MIB * seconds;
  return {
    perFunction,
    mibSeconds: totalMiBSeconds,
    alwaysOnMiBSeconds: alwaysOn,
    percentOfAlwaysOn: Math.round((1000 * totalMiBSeconds) / alwaysOn) / 10,
  };
}

export async function measureServerless(
  platform: LocalPlatform,
  tracker: Tracker,
  n: number,
  options: ServerlessOptions,
) {
  const { client } = platform;
  const { log } = options;
  const scrape = apiserverScraper(platform.controlPlane.kubeconfigPath);
  await Promise.all([...platform.scalers.values()].map((scaler) => scaler.auto()));
  const window = Math.max(...[...platform.scalers.values()].map((s) => s.policy.windowMs));
  const toZeroMs = await allAtZero(platform, 10 * window + 120_000);
  log(`all five at zero ${toZeroMs} ms after Knative scaling took over`);

  log(`at rest for ${options.restSeconds} s`);
  const apiBefore = await scrape();
  const resyncTicks = () => platform.broker?.received.filter((e) => e.type === PING_EVENT_TYPE).length ?? 0;
  const ticksBefore = resyncTicks();
  const rest = await restWindow(platform, options.restSeconds);
  const apiRest = difference(await scrape(), apiBefore);
  log(`at rest: ${JSON.stringify(rest)}`);
  const ticks = resyncTicks() - ticksBefore;

  const samples = Math.min(options.samples, n);
  const fromZero: number[] = [];
  for (let sample = 0; sample < samples; sample++) {
    await allAtZero(platform, 10 * window + 120_000);
    const index = Math.floor(((sample + 0.5) * n) / samples);
    fromZero.push(await changeReplicas(client, tracker, index, 4, options.fieldManager, 60_000));
    log(`change from zero ${sample + 1}/${samples}: ${fromZero.at(-1)} ms`);
  }

  let droppedEventMs: number | undefined;
  if (options.droppedEvent) {
    await allAtZero(platform, 10 * window + 120_000);
    await platform.stopEventSources();
    try {
      log('a change with no event (the sources stopped), waiting for the resync');
      droppedEventMs = await changeReplicas(client, tracker, 0, 5, options.fieldManager, 15 * 60_000);
      log(`the change with no event reconciled after ${droppedEventMs} ms`);
    } finally {
      await platform.startEventSources();
    }
  }
  await allAtZero(platform, 10 * window + 120_000);
  // Last, and on its own: a failure here must not cost the figures above.
  const download = await downloadCadence(platform).catch((err: unknown) => ({ error: String(err) }));
  log(`slow download: ${JSON.stringify(download)}`);
  return {
    restSeconds: options.restSeconds,
    toZeroAfterWarmMs: toZeroMs,
    rest: {
      ...rest,
      resyncTicks: ticks,
      apiserverRequests: total(apiRest),
      apiserverByVerb: sorted(apiRest),
    },
    changeFromZeroMs: {
      samples: fromZero,
      p50: percentile(fromZero, 50),
      p99: percentile(fromZero, 99),
    },
    droppedEventReconciledMs: droppedEventMs,
    download,
  };
}

/** One slow download from zero: how often its artifact's status moved, and cache-manage meanwhile. */
async function downloadCadence(platform: LocalPlatform) {
  const { client } = platform;
  const key = {
    apiVersion: 'aim.eai.amd.com/v1alpha1',
    kind: 'AIMArtifact',
    namespace: workload.BENCH_NAMESPACE,
    name: 'bench-slow-download',
  };
  const cacheManage = platform.scalers.get('cache-manage');
  const startsBefore = cacheManage?.stats().starts ?? 0;
  const started = Date.now();
  await client.apply(
    {
      apiVersion: key.apiVersion,
      kind: key.kind,
      metadata: { name: key.name, namespace: key.namespace },
      spec: { sourceUri: SLOW_SOURCE, size: '100Mi' },
    },
    { fieldManager: 'aim-bench', force: true },
  );
  const changes: number[] = [];
  let lastVersion: string | undefined;
  let cacheManageDownSamples = 0;
  let readyMs: number | undefined;
  while (Date.now() - started < 300_000) {
    const object = await client.getOptional(key);
    if (object && object.metadata.resourceVersion !== lastVersion) {
      lastVersion = object.metadata.resourceVersion;
      changes.push(Date.now() - started);
    }
    if ((cacheManage?.stats().ready ?? 0) === 0) cacheManageDownSamples += 1;
    if (object?.status?.status === 'Ready') {
      readyMs = Date.now() - started;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
  }
  const gaps = changes.slice(1).map((at, i) => at - (changes[i] as number));
  return {
    stepSeconds: SLOW_STEP_SECONDS,
    readyMs,
    statusChanges: changes.length,
    longestGapMs: gaps.length > 0 ? Math.max(...gaps) : undefined,
    cacheManageStarts: (cacheManage?.stats().starts ?? 0) - startsBefore,
    cacheManageDownSeconds: cacheManageDownSamples * (SAMPLE_MS / 1000),
  };
}
