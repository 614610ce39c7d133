/**
 * `npm run bench:platform -- --n 100`: the product's performance on the real local platform
 * (kube-apiserver + etcd, the ApiServerSource adapters, the broker, the five functions, the
 * simulator playing KServe), the way `npm start` runs it. Prints the figures and writes them as
 * JSON (docs/performance.md says what each one means).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { freeLoopbackPorts } from '../local/control-plane/ports.ts';
import { parseKServeMode } from '../local/kserve/kserve-mode.ts';
import { FUNCTION_NAMES } from '../local/platform/functions.ts';
import { startLocalPlatform } from '../local/platform/local-platform.ts';
import { withSimulator } from '../local/platform/with-simulator.ts';
import { deliveryFigures } from './bench/burst/delivery-figures.ts';
import { benchFunctionEntry } from './bench/function-entry.ts';
import { machineInfo } from './bench/machine.ts';
import { runWorkload } from './bench/run.ts';

const { values } = parseArgs({
  options: {
    /** `simulated`: the simulator plays KServe (the figures before KServe's own manager ran). */
    kserve: { type: 'string', default: 'real' },
    n: { type: 'string', default: '100' },
    out: { type: 'string' },
    'quiet-seconds': { type: 'string', default: '60' },
    samples: { type: 'string', default: '10' },
    'cold-starts': { type: 'string', default: '3' },
    'from-source': { type: 'boolean' },
    timeline: { type: 'boolean' },
    // The serverless phase (after the warm figures): its window at rest, and what it measures.
    'rest-seconds': { type: 'string', default: '600' },
    'warm-only': { type: 'boolean' },
    'no-dropped-event': { type: 'boolean' },
  },
});
const n = Number(values.n);
const root = resolve(import.meta.dirname, '..');
const dir = join(root, '.aim-local', `bench-${n}`);
const out = values.out ?? join(root, '.aim-local', `bench-${n}.json`);

const ports = await freeLoopbackPorts(FUNCTION_NAMES.length);
const metricsPorts = new Map<string, number>(FUNCTION_NAMES.map((name, index) => [name, ports[index]!]));

const log = (msg: string) => process.stderr.write(`[bench] ${msg}\n`);
// Before anything of the platform runs: the machine's own speed and load today.
const machine = machineInfo();
const started = Date.now();
const functionEntry = await benchFunctionEntry(root, values['from-source'], log);
const platform = await startLocalPlatform({
  dir,
  log,
  ...(functionEntry ? { functionEntry } : {}),
  // The warm figures first (one process of each function, as overlays/warm); the serverless ones
  // hand the functions to their autoscalers afterwards. The resync is the manifests' own.
  scaling: 'warm',
  // Later instances (the serverless phase starts new ones) serve no metrics: the port is taken.
  functionEnvFor: (name, instance): Record<string, string> =>
    instance === 0 ? { AIM_METRICS_PORT: String(metricsPorts.get(name)) } : {},
  kserve: parseKServeMode(values.kserve),
  simulator: withSimulator,
});
log(`platform up in ${Date.now() - started} ms`);
try {
  const result = await runWorkload(platform, {
    n,
    metricsPorts,
    quietSeconds: Number(values['quiet-seconds']),
    samples: Number(values.samples),
    coldStarts: Number(values['cold-starts']),
    timeline: values.timeline ?? false,
    log,
    ...(values['warm-only']
      ? {}
      : {
          serverless: {
            restSeconds: Number(values['rest-seconds']),
            samples: Number(values.samples),
            droppedEvent: !values['no-dropped-event'],
          },
        }),
  });
  const report = {
    machine,
    n,
    functionsFrom: functionEntry === undefined ? 'sources' : 'compiled',
    ...result,
    // Where events waited for each function (the whole benchmark, not only the creation phase).
    deliveries: deliveryFigures(platform.broker?.history ?? []),
  };
  mkdirSync(join(root, '.aim-local'), { recursive: true });
  writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  log(`written to ${out}`);
} finally {
  await platform.stop();
}
