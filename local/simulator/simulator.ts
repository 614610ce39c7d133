import { join } from 'node:path';
import type { KubeClient, KubeObject } from '../../shared/kube/types.ts';
import { createSimulatorApi } from './api.ts';
import { GatewaySimulator } from './gateway.ts';
import { namespaceScope } from './ignored-namespaces.ts';
import { KedaSimulator } from './keda.ts';
import { KServeSimulator } from './kserve.ts';
import { FakeKubelet } from './kubelet.ts';
import { startKubeletServer } from './kubelet-server.ts';
import { defaultLogPath, errorText, fileLog, type SimulatorLog, ThrottledLog } from './log.ts';
import { listSimulatedNodes, schedulableNode, syncNodes } from './nodes.ts';
import { PVC_GVK, PvcProvisioner } from './pvc-provisioner.ts';
import type { SimulatorRules } from './rules.ts';
import { RulesSource } from './rules-configmap.ts';
import type { SchedulableNode } from './scheduling.ts';
import { KEDA_WATCHED_KINDS, watchedClient } from './watched-client.ts';

/** How long a pass waits after a watched change, so a burst of changes is one pass. */
const WAKE_DELAY_MS = 20;

export interface SimulatorOptions {
  client: KubeClient;
  /** The control plane's pki directory (apiserver.crt/.key become the fake kubelet's certificate). */
  certDir: string;
  /** Admin kubeconfig for the calls KubeClient lacks; default `<certDir>/../admin.kubeconfig`. */
  kubeconfigPath?: string;
  /** Default: JSON lines in `<certDir>/../logs/simulator.log` (else warnings on stderr). */
  log?: SimulatorLog;
  /** Default 400 ms. */
  pollIntervalMs?: number;
  /**
   * Plays KServe's controller (predictor pods and InferenceService status). Default true; false
   * when KServe's own manager runs and the kube-controller-manager makes its pods.
   */
  playsKServe?: boolean;
  now?: () => number;
}

export interface Simulator {
  /** Port of the fake kubelet's HTTPS server on 127.0.0.1. */
  readonly kubeletPort: number;
  /** Runs one pass now (tests that want to skip a poll interval). */
  tick(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts the cluster parts that do not run locally: Nodes, kube-scheduler and the kubelet (pod
 * lifecycle, container logs via the API server's pods/log), the artifact downloader's progress
 * reports, KServe, a Gateway API implementation and a storage provisioner. One loop of passes
 * over what its watches hold (watched-client.ts): after every change they see, and at the poll
 * interval for what time changes; it follows the rules ConfigMap; one object's failure is logged,
 * never fatal.
 */
export async function startSimulator(options: SimulatorOptions): Promise<Simulator> {
  const clusterDir = join(options.certDir, '..');
  const log = options.log ?? fileLog(defaultLogPath(join(clusterDir, 'logs')));
  const throttled = new ThrottledLog(log);
  const now = options.now ?? Date.now;
  const playsKServe = options.playsKServe ?? true;
  let wake = () => {};
  const watched = watchedClient(options.client, () => wake(), playsKServe ? [] : KEDA_WATCHED_KINDS);
  const { client } = watched;
  const scope = namespaceScope(
    watched.withApi(
      createSimulatorApi(client, options.kubeconfigPath ?? join(clusterDir, 'admin.kubeconfig')),
    ),
  );
  const { api } = scope;
  const rulesSource = new RulesSource(client, log);
  const kubelet = new FakeKubelet(api, throttled);
  const kserve = new KServeSimulator(api, throttled);
  const keda = new KedaSimulator(api, throttled);
  const gateway = new GatewaySimulator(api, throttled);
  const provisioner = new PvcProvisioner(api, throttled);
  const server = await startKubeletServer({
    certDir: options.certDir,
    logs: (namespace, pod, container) => kubelet.containerLog(namespace, pod, container, now()),
  });

  const section = async (name: string, run: () => Promise<void>) => {
    try {
      await run();
    } catch (err) {
      throttled.failure(`section/${name}`, err, { section: name }, `simulator ${name} pass failed`);
    }
  };

  const pass = async () => {
    let rules: SimulatorRules;
    try {
      rules = await rulesSource.current();
    } catch (err) {
      throttled.failure('rules', err, {}, 'cannot read the simulator rules');
      return;
    }
    if (!rules.enabled) return;
    scope.ignore(rules.ignoredNamespaces);
    const nowMs = now();
    let nodes: SchedulableNode[] = [];
    await section('nodes', async () => {
      nodes = rules.nodes.enabled
        ? await syncNodes(api, rules.nodes.items, server.port, nowMs, throttled)
        : (await listSimulatedNodes(api)).map(schedulableNode);
    });
    let pods: KubeObject[] = [];
    let claims: KubeObject[] = [];
    await section('list', async () => {
      pods = (await api.client.list({ apiVersion: 'v1', kind: 'Pod' })).items;
      // Every claim: in an ignored namespace too, a deleted claim must lose its pvc-protection
      // finalizer (kube-controller-manager's part, not one a test watches the functions for), or
      // the namespace could never be deleted. The provisioner binds none there.
      claims = (await client.list(PVC_GVK)).items;
    });
    let claimPhases = new Map(
      claims.map((c) => [`${c.metadata.namespace}/${c.metadata.name}`, c.status?.phase]),
    );
    if (rules.pvcs.enabled) {
      await section('pvcs', async () => {
        claimPhases = await provisioner.sync(rules, claims, pods, nowMs);
      });
    }
    if (rules.pods.enabled) {
      // KServe below sees the pods as the kubelet just left them, as the real one would a moment
      // later: with the LIST's copies an InferenceService was Ready one pass after its pods.
      await section('pods', async () => {
        pods = await kubelet.sync({ rules, nodes, pods, claimPhases, nowMs });
      });
    }
    if (playsKServe && rules.inferenceServices.enabled)
      await section('inferenceServices', () => kserve.sync(rules, pods, nowMs));
    // With real KServe its ScaledObjects need the HPA KEDA would make (KEDA does not run here).
    if (!playsKServe && rules.inferenceServices.enabled) await section('keda', () => keda.sync(nowMs));
    if (rules.httpRoutes.enabled) await section('httpRoutes', () => gateway.sync(rules, nowMs));
  };

  const pollIntervalMs = options.pollIntervalMs ?? 400;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  // Passes never overlap: a manual tick() and the loop share one chain.
  let running: Promise<void> = Promise.resolve();
  let lastPassMs = 0;
  const tick = () => {
    if (stopped) return running;
    running = running
      .then(async () => {
        const started = performance.now();
        await pass();
        lastPassMs = performance.now() - started;
      })
      .catch((err) => log.error({ err: errorText(err) }, 'simulator pass crashed'));
    return running;
  };
  const loop = async () => {
    await tick();
    if (!stopped) timer = setTimeout(loop, pollIntervalMs);
  };
  // A change seen by a watch runs a pass soon (after the one running), so each step of a pod's or
  // an InferenceService's life follows the last without waiting for the poll; the poll remains
  // for what only time changes (a rule's delay, download progress).
  // A pass covers every object, so woken passes are spaced by at least the last pass's length:
  // the simulator never takes more than about half a core from the platform it stands in for.
  let wakeTimer: NodeJS.Timeout | undefined;
  wake = () => {
    if (stopped || wakeTimer !== undefined) return;
    wakeTimer = setTimeout(
      () => {
        wakeTimer = undefined;
        void tick();
      },
      Math.max(WAKE_DELAY_MS, lastPassMs),
    );
  };
  await tick();
  timer = setTimeout(loop, pollIntervalMs);
  log.info({ kubeletPort: server.port }, 'simulator started');

  return {
    kubeletPort: server.port,
    tick,
    async stop() {
      if (stopped) return;
      stopped = true;
      if (timer) clearTimeout(timer);
      if (wakeTimer) clearTimeout(wakeTimer);
      await running;
      if (timer) clearTimeout(timer);
      await server.close();
      watched.stop();
      log.info({}, 'simulator stopped');
    },
  };
}
