/**
 * `npm start`: the README's "run it" command.
 *
 * - With a kubeconfig that points at a cluster (KUBECONFIG or ~/.kube/config): runs the five
 *   functions locally against that cluster, fed by the real ApiServerSource adapter through the
 *   local broker (the same Trigger and PingSource files a cluster install uses).
 * - With none (or with --local): starts a local control plane, installs the CRDs and examples/,
 *   runs the simulator, the event path and the functions, and shows the AIM resources live.
 *
 * Flags: --local (ignore any kubeconfig), --no-ui (no live table, no examples; prints a ready
 * line for scripts), --no-examples, --warm (one instance of each function always up, as
 * overlays/warm installs them; by default they scale as their Knative Services ask, to zero when
 * idle), --kserve=simulated (the simulator plays KServe instead of KServe's own manager).
 */
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { collectRows, renderTable } from '../cli/status-table.ts';
import { findBinaries } from '../local/control-plane/assets.ts';
import { kubeconfigYaml } from '../local/control-plane/control-plane.ts';
import { startAdapters } from '../local/eventing/adapter.ts';
import { LocalBroker } from '../local/eventing/broker.ts';
import { loadEventingManifests } from '../local/eventing/manifests.ts';
import { startPingSources } from '../local/eventing/ping.ts';
import { kserveModeFromArgs } from '../local/kserve/kserve-mode.ts';
import { applyExamples } from '../local/platform/examples.ts';
import { startFunctions } from '../local/platform/functions.ts';
import { startLocalPlatform } from '../local/platform/local-platform.ts';
import { describeScaling } from '../local/platform/scaling-view.ts';
import { withSimulator } from '../local/platform/with-simulator.ts';
import { createKubeClient } from '../shared/kube/client.ts';
import type { KubeClient } from '../shared/kube/types.ts';

const ROOT = resolve(import.meta.dirname, '..');
const LOCAL_DIR = join(ROOT, '.aim-local');
/** Documented in the README: where `npm start` writes the local control plane's kubeconfig. */
export const LOCAL_KUBECONFIG = join(LOCAL_DIR, 'kubeconfig');

const args = new Set(process.argv.slice(2));
const interactive = !args.has('--no-ui') && process.stdout.isTTY === true;
const withExamples = interactive && !args.has('--no-examples');
const say = (msg: string) => process.stdout.write(`${msg}\n`);

function existingKubeconfig(): string | undefined {
  if (args.has('--local')) return undefined;
  const fromEnv = process.env.KUBECONFIG?.split(':').find((p) => p && existsSync(p));
  if (fromEnv) return fromEnv;
  const home = join(homedir(), '.kube', 'config');
  return existsSync(home) ? home : undefined;
}

function liveTable(client: KubeClient, header: () => string): () => void {
  let stopped = false;
  const tick = async () => {
    if (stopped) return;
    try {
      const table = renderTable(await collectRows(client));
      process.stdout.write(`\x1b[H\x1b[2J${header()}\n\n${table}\n`);
    } catch (err) {
      process.stdout.write(`\x1b[H\x1b[2J${header()}\n\n(status unavailable: ${(err as Error).message})\n`);
    }
    if (!stopped) setTimeout(tick, 1000);
  };
  void tick();
  return () => {
    stopped = true;
  };
}

function onShutdown(stop: () => Promise<void>): void {
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      say('\nstopping…');
      void stop().finally(() => process.exit(0));
    });
  }
}

async function runAgainstCluster(kubeconfigPath: string): Promise<void> {
  const { found, missing } = findBinaries();
  if (missing.includes('apiserver_receive_adapter')) {
    say('building the ApiServerSource adapter once (a few minutes)…');
  }
  const binary =
    found.apiserver_receive_adapter ??
    (await import('../local/control-plane/assets.ts')).ensureBinaries().apiserver_receive_adapter;
  const logDir = join(LOCAL_DIR, 'logs');
  mkdirSync(logDir, { recursive: true });
  const functions = await startFunctions({ kubeconfigPath, logDir });
  const manifests = loadEventingManifests();
  const byName = new Map(functions.map((fn) => [fn.name as string, fn.url]));
  const broker = new LocalBroker({
    triggers: manifests.triggers,
    resolve: (d) => (d.ref ? byName.get(d.ref.name) : d.uri),
  });
  const brokerUrl = await broker.listen();
  const stopPing = startPingSources(manifests.pingSources, (e) => broker.publish(e));
  const adapters = await startAdapters({
    binary,
    sources: manifests.apiServerSources,
    kubeconfigPath,
    sinkUrl: brokerUrl,
    logDir,
  });
  const client = createKubeClient({ kubeconfigPath });
  const stopTable = interactive
    ? liveTable(client, () => `AIM Engine functions against ${kubeconfigPath} — Ctrl-C stops`)
    : () => {};
  say(`READY functions=${functions.map((f) => `${f.name}@${f.url}`).join(',')} logs=${logDir}`);
  onShutdown(async () => {
    stopTable();
    stopPing();
    await adapters.stop();
    await broker.close();
    for (const fn of functions) await fn.process.stop();
  });
}

async function runLocal(): Promise<void> {
  if (findBinaries().missing.length > 0) {
    say('First run: building etcd, kube-apiserver, kube-controller-manager, the Knative adapter and');
    say(
      "KServe's manager from the Go module proxy. This takes about 10-30 minutes once; later runs start in seconds.",
    );
  }
  mkdirSync(LOCAL_DIR, { recursive: true });
  const platform = await startLocalPlatform({
    dir: join(LOCAL_DIR, 'cluster'),
    scaling: args.has('--warm') ? 'warm' : 'knative',
    kserve: kserveModeFromArgs([...args]),
    simulator: withSimulator,
    log: interactive ? () => {} : undefined,
  });
  // A stable, documented kubeconfig path; the CA file lives in the cluster dir.
  copyFileSync(platform.controlPlane.kubeconfigPath, LOCAL_KUBECONFIG);
  writeFileSync(
    LOCAL_KUBECONFIG,
    kubeconfigYaml({
      server: platform.controlPlane.server,
      caFile: join(platform.controlPlane.dir, 'pki', 'apiserver.crt'),
      token: platform.controlPlane.adminToken,
      user: 'admin',
    }),
    { mode: 0o600 },
  );
  if (withExamples) await applyExamples(platform.client);
  const header = [
    'AIM Engine — local control plane (Ctrl-C stops everything)',
    `kubectl: export KUBECONFIG=${LOCAL_KUBECONFIG}   logs: ${join(LOCAL_DIR, 'cluster', 'logs')}`,
  ].join('\n');
  const stopTable = interactive
    ? liveTable(platform.client, () => `${header}\n${describeScaling(platform.scalers)}`)
    : () => {};
  if (!interactive) say(`READY kubeconfig=${LOCAL_KUBECONFIG} server=${platform.controlPlane.server}`);
  onShutdown(async () => {
    stopTable();
    await platform.stop();
  });
}

const kubeconfig = existingKubeconfig();
try {
  if (kubeconfig) await runAgainstCluster(kubeconfig);
  else await runLocal();
} catch (err) {
  process.stderr.write(`npm start failed: ${(err as Error).stack ?? err}\n`);
  process.exit(1);
}
