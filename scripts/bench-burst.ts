/**
 * `npm run bench:burst -- --n 1000`: issue 14's burst on the real local platform (as `npm start`
 * runs it, with the simulator): n generated objects of all ten kinds (the fuzz e2e test's
 * generators, test/e2e/fuzz/arbitraries.ts) posted at once in three namespaces, against a local
 * registry that serves the images they name. Prints time from each POST's answer to a status of
 * the object's own, p50/p99/max per kind, and how many had none after 10 s; writes it as JSON with
 * each function's reconciles, their time and its API requests (where the time went).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { freeLoopbackPorts } from '../local/control-plane/ports.ts';
import { parseKServeMode } from '../local/kserve/kserve-mode.ts';
import { FUNCTION_NAMES } from '../local/platform/functions.ts';
import { startLocalPlatform } from '../local/platform/local-platform.ts';
import { withSimulator } from '../local/platform/with-simulator.ts';
import { loadKubeConfig } from '../shared/kube/client.ts';
import { createTransport } from '../shared/kube/transport.ts';
import { burstObjects } from '../test/e2e/fuzz/arbitraries.ts';
import { startFuzzRegistry } from '../test/e2e/fuzz/fuzz-registry.ts';
import { deliveryFigures } from './bench/burst/delivery-figures.ts';
import { functionWork } from './bench/burst/reconcile-metrics.ts';
import { runBurst } from './bench/burst/run-burst.ts';
import { formatSummary } from './bench/burst/summary.ts';
import { benchFunctionEntry } from './bench/function-entry.ts';
import { cpuSharesBetween, machineCpu, machineInfo } from './bench/machine.ts';
import { cpuBetween, functionPids, platformCpu } from './bench/platform-cpu.ts';
import { processStats } from './bench/process-stats.ts';

const { values } = parseArgs({
  options: {
    /** `simulated`: the simulator plays KServe (the figures before KServe's own manager ran). */
    kserve: { type: 'string', default: 'real' },
    n: { type: 'string', default: '1000' },
    seed: { type: 'string', default: '14' },
    'deadline-seconds': { type: 'string', default: '120' },
    concurrency: { type: 'string', default: '64' },
    out: { type: 'string' },
    'from-source': { type: 'boolean' },
  },
});
const n = Number(values.n);
const seed = Number(values.seed);
const root = resolve(import.meta.dirname, '..');
const dir = join(root, '.aim-local', `burst-${n}`);
const out = values.out ?? join(root, '.aim-local', `burst-${n}.json`);
const log = (msg: string) => process.stderr.write(`[burst] ${msg}\n`);
// Before anything of the platform runs: the machine's own speed and load today.
const machine = machineInfo();

const ports = await freeLoopbackPorts(FUNCTION_NAMES.length);
const metricsPorts = new Map<string, number>(FUNCTION_NAMES.map((name, index) => [name, ports[index]!]));
const registry = await startFuzzRegistry();
const started = Date.now();
const functionEntry = await benchFunctionEntry(root, values['from-source'], log);
const platform = await startLocalPlatform({
  dir,
  log,
  // One process of each function throughout, as its figures always were (each serves metrics on
  // its own port); bench:platform's serverless phase measures them scaled.
  scaling: 'warm',
  ...(functionEntry ? { functionEntry } : {}),
  functionEnvFor: (name) => ({ ...registry.env, AIM_METRICS_PORT: String(metricsPorts.get(name)) }),
  kserve: parseKServeMode(values.kserve),
  simulator: withSimulator,
});
log(`platform up in ${Date.now() - started} ms; posting ${n} objects (seed ${seed})`);
try {
  const cpuBefore = machineCpu();
  // The functions are not restarted during the burst: one map of their pids serves throughout.
  const pids = functionPids(platform);
  const processCpuBefore = platformCpu(pids);
  const result = await runBurst(platform.client, burstObjects(seed, n), {
    deadlineMs: Number(values['deadline-seconds']) * 1000,
    concurrency: Number(values.concurrency),
  });
  const machineCpuDuringBurst = cpuSharesBetween(cpuBefore, machineCpu());
  // Where the CPU went: the burst is CPU-bound, so what one process saves another can use.
  const cpuSecondsDuringBurst = cpuBetween(processCpuBefore, platformCpu(pids));
  // Unlike bench:platform's workload, the burst's models are inspected in a registry.
  const peakRssMiB = Object.fromEntries(
    [...pids].map(([name, pid]) => [name, Math.round(processStats(pid)?.peakRssMiB ?? 0)]),
  );
  const report = {
    machine,
    machineCpuDuringBurst,
    cpuSecondsDuringBurst,
    peakRssMiB,
    n,
    seed,
    postMs: result.postMs,
    ...result.summary,
    functions: await functionWork(metricsPorts),
    deliveries: deliveryFigures(platform.broker?.history ?? []),
  };
  mkdirSync(join(root, '.aim-local'), { recursive: true });
  writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
  // The API server's own view (request latencies, priority-and-fairness waits) for a closer look.
  const metricsOut = `${out.replace(/\.json$/, '')}.apiserver-metrics.txt`;
  writeFileSync(
    metricsOut,
    await createTransport(loadKubeConfig({ kubeconfigPath: platform.controlPlane.kubeconfigPath })).request({
      method: 'GET',
      path: '/metrics',
      accept: 'text/plain',
    }),
  );
  process.stdout.write(`posted ${n} objects in ${result.postMs} ms\n${formatSummary(result.summary)}\n`);
  log(`written to ${out}`);
} finally {
  await platform.stop();
  await registry.stop();
}
