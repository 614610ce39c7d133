import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createKubeClient } from '../../shared/kube/client.ts';
import type { KubeClient } from '../../shared/kube/types.ts';
import { type ControlPlane, kubeconfigYaml, startControlPlane } from '../control-plane/control-plane.ts';
import type { LocalBroker } from '../eventing/broker.ts';
import type { EventFaultInjector, EventFaultOptions } from '../eventing/event-faults.ts';
import { type KServe, startKServe } from '../kserve/kserve-manager.ts';
import type { KServeMode } from '../kserve/kserve-mode.ts';
import { type EventPath, startEventPath } from './event-path.ts';
import { FaultProxy } from './fault-proxy.ts';
import { FunctionScaler } from './function-scaler.ts';
import { FUNCTION_NAMES, type FunctionName, type RunningFunction, startFunctions } from './functions.ts';
import { installCrds, thirdPartyCrdsFor } from './install-crds.ts';
import { type ScalingPolicy, scalingPolicyOf } from './scaling-policy.ts';

export interface LocalPlatformOptions {
  /** Working directory (data, logs, kubeconfig); wiped at start. */
  dir: string;
  /** Which functions to run (default all five; [] runs none). */
  functions?: readonly FunctionName[];
  /** Run the event path (adapters + local broker + ping). Default true when functions run. */
  eventing?: boolean;
  /** Resync tick; PingSource's cron floor is a minute, tests want faster. */
  resyncIntervalMs?: number;
  /** Extra environment for the function processes. */
  functionEnv?: Record<string, string>;
  /** Extra environment for one function process (e.g. its own metrics port). */
  functionEnvFor?: (name: FunctionName, instance: number) => Record<string, string>;
  /** The script each function process runs (default the sources; see startFunctions). */
  functionEntry?: string;
  /**
   * `knative` (default): each function scales as its Knative Service asks (manifests/functions/:
   * from zero on its first event, to zero after its window without one). `warm`:
   * `instancesPerFunction` of each always up, as overlays/warm installs them.
   */
  scaling?: 'knative' | 'warm';
  /** Replaces parts of every function's scaling policy (tests shorten the window). */
  scalingOverrides?: Partial<ScalingPolicy>;
  /** Warm mode: processes per function (default 1): each its own cache and work queue, events spread over them. */
  instancesPerFunction?: number;
  /** Drop, duplicate and delay a seeded fraction of the broker's deliveries (fault tests). */
  eventFaults?: EventFaultOptions;
  /**
   * `real` (default): KServe's own controller manager and webhooks, built from its module, turn
   * InferenceServices into Deployments. `simulated`: the simulator plays KServe (a faster loop,
   * and the platform for a cluster without KServe).
   */
  kserve?: KServeMode;
  /**
   * Runs after the CRDs are installed and before kube-controller-manager starts: objects loaded
   * here (Jobs with their pods, owners and dependents) are seen by its controllers as they were,
   * never as a fresh Job to start or an orphan to collect. `etcdUrl` lets a test restore objects
   * as a backup would, with their uids.
   */
  beforeControllerManager?: (client: KubeClient, access: { etcdUrl: string }) => Promise<void>;
  /** Runs after the CRDs are installed and before any function starts (pre-existing objects). */
  beforeFunctions?: (client: KubeClient, controlPlane: ControlPlane) => Promise<void>;
  /** Route the functions' API traffic through a FaultProxy the test can break. */
  faultProxy?: boolean;
  /**
   * Per-function kubeconfigs instead of the admin one (files may be written by `beforeFunctions`,
   * e.g. with each function's ServiceAccount token).
   */
  functionKubeconfigs?: Partial<Record<FunctionName, string>>;
  /** Kubeconfig the ApiServerSource adapters watch with (default: the admin one). */
  adapterKubeconfig?: string;
  /** Starts the cluster simulator (fake nodes and kubelet, gateway and, when asked, KServe stand-ins). */
  simulator?: (platform: {
    client: KubeClient;
    controlPlane: ControlPlane;
    kserve: KServeMode;
  }) => Promise<{ stop(): Promise<void> }>;
  log?: (msg: string) => void;
}

export interface LocalPlatform {
  controlPlane: ControlPlane;
  client: KubeClient;
  /** KServe's manager, when `kserve: 'real'`. */
  kserve?: KServe;
  /** The function instances up now (changes as they scale). */
  functions: RunningFunction[];
  /** Each function's autoscaler: its instances, starts and time up. */
  scalers: ReadonlyMap<FunctionName, FunctionScaler>;
  broker?: LocalBroker;
  /** The broker's fault injector, when `eventFaults` was given: what it dropped, duplicated, delayed. */
  eventFaults?: EventFaultInjector;
  faultProxy?: FaultProxy;
  /** Stops the ApiServerSource adapters (as if their pods died); the resync keeps ticking. */
  stopEventSources(): Promise<void>;
  /** Starts the adapters again and waits until their events reach the broker. */
  startEventSources(): Promise<void>;
  /**
   * Stops one function and keeps it at zero, whatever its events (its autoscaler is overridden
   * until `scaleUp`). Its events wait for it to come back, as at Knative's activator; `events:
   * 'lost'` drops them instead, as when deliveries fail while it is down.
   */
  scaleToZero(name: FunctionName, options?: { events?: 'held' | 'lost' }): Promise<void>;
  /**
   * Starts a stopped function again (a cold start: new processes, empty caches) and routes to it;
   * in `knative` scaling its autoscaler decides again from then on.
   */
  scaleUp(name: FunctionName): Promise<RunningFunction>;
  /**
   * A new Revision of one function (scaler's `rollOut`): its instances from now on run `entry`
   * (e.g. the bundled build) and replace the running ones, which stop with events in flight.
   */
  rollOut(name: FunctionName, revision: { entry: string }): Promise<RunningFunction[]>;
  stop(): Promise<void>;
}

export const SYSTEM_NAMESPACE = 'aim-system';

async function ensureNamespace(client: KubeClient, name: string): Promise<void> {
  await client.apply(
    { apiVersion: 'v1', kind: 'Namespace', metadata: { name } },
    { fieldManager: 'aim-local-platform', force: true },
  );
}

/**
 * The whole local product: a real control plane with the CRDs, the five functions each on its own
 * loopback port, and the real ApiServerSource adapter feeding a local broker that routes by the
 * Trigger and PingSource manifests in eventing/ — the same files a cluster install uses.
 */
export async function startLocalPlatform(options: LocalPlatformOptions): Promise<LocalPlatform> {
  const log = options.log ?? ((msg: string) => process.stderr.write(`[local-platform] ${msg}\n`));
  const stops: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) {
      try {
        await stop();
      } catch (err) {
        log(`stop failed: ${(err as Error).message}`);
      }
    }
  };
  try {
    const started = Date.now();
    const kserveMode = options.kserve ?? 'real';
    const controlPlane = await startControlPlane({
      dir: options.dir,
      beforeControllerManager: async ({ kubeconfigPath, etcdUrl }) => {
        const admin = createKubeClient({ kubeconfigPath });
        await installCrds(admin, thirdPartyCrdsFor(kserveMode));
        await options.beforeControllerManager?.(admin, { etcdUrl });
      },
    });
    stops.push(() => controlPlane.stop());
    log(`control plane ready at ${controlPlane.server} in ${Date.now() - started} ms`);
    const client = createKubeClient({ kubeconfigPath: controlPlane.kubeconfigPath });
    await ensureNamespace(client, SYSTEM_NAMESPACE);
    let kserve: KServe | undefined;
    if (kserveMode === 'real') {
      const kserveStarted = Date.now();
      const running = await startKServe({ controlPlane, client });
      kserve = running;
      stops.push(() => running.stop());
      log(`KServe manager ready in ${Date.now() - kserveStarted} ms`);
    }

    if (options.simulator) {
      const simulator = await options.simulator({ client, controlPlane, kserve: kserveMode });
      stops.push(() => simulator.stop());
    }

    await options.beforeFunctions?.(client, controlPlane);
    const logDir = join(options.dir, 'logs');
    let faultProxy: FaultProxy | undefined;
    let functionKubeconfig = controlPlane.kubeconfigPath;
    if (options.faultProxy) {
      const proxy = new FaultProxy({ host: '127.0.0.1', port: Number(new URL(controlPlane.server).port) });
      const port = await proxy.listen();
      faultProxy = proxy;
      stops.push(() => proxy.close());
      functionKubeconfig = join(options.dir, 'functions.kubeconfig');
      writeFileSync(
        functionKubeconfig,
        kubeconfigYaml({
          server: `https://127.0.0.1:${port}`,
          caFile: join(controlPlane.dir, 'pki', 'apiserver.crt'),
          token: controlPlane.adminToken,
          user: 'admin',
        }),
        { mode: 0o600 },
      );
    }
    const scaling = options.scaling ?? 'knative';
    const warmInstances = Math.max(1, options.instancesPerFunction ?? 1);
    let sink: string | undefined;
    const startOptions = {
      kubeconfigPath: functionKubeconfig,
      ...(options.functionKubeconfigs ? { kubeconfigs: options.functionKubeconfigs } : {}),
      logDir,
      ...(options.functionEnvFor ? { envFor: options.functionEnvFor } : {}),
      ...(options.functionEntry ? { entry: options.functionEntry } : {}),
      logPerFunction: scaling === 'knative',
    };
    const functions: RunningFunction[] = [];
    const scalers = new Map<FunctionName, FunctionScaler>();
    const listFunctions = () => {
      functions.splice(0, functions.length, ...[...scalers.values()].flatMap((scaler) => scaler.instances));
    };
    const startOf = (name: FunctionName, entry?: string) => (count: number, firstInstance: number) =>
      startFunctions({
        ...startOptions,
        ...(entry ? { entry } : {}),
        // K_SINK: where a function sends events (its keep-alive), as a SinkBinding injects it.
        env: { ...options.functionEnv, ...(sink ? { K_SINK: sink } : {}) },
        names: [name],
        instances: count,
        firstInstance,
      });
    for (const name of options.functions ?? FUNCTION_NAMES) {
      const policy = { ...scalingPolicyOf(name), ...options.scalingOverrides };
      scalers.set(
        name,
        new FunctionScaler({ name, policy, start: startOf(name), onChange: listFunctions, log }),
      );
    }
    stops.push(async () => {
      await Promise.allSettled([...scalers.values()].map((scaler) => scaler.stop()));
    });
    const startWarm = async () => {
      if (scaling !== 'warm') return;
      await Promise.all([...scalers.values()].map((scaler) => scaler.pin(warmInstances)));
      const failed = [...scalers.values()].filter((scaler) => scaler.instances.length < warmInstances);
      if (failed.length > 0)
        throw new Error(`functions did not start: ${failed.map((f) => f.name).join(', ')}`);
    };

    let eventPath: EventPath | undefined;
    if (scalers.size > 0 && options.eventing !== false) {
      eventPath = await startEventPath({
        controlPlane,
        client,
        functionTarget: (name) => scalers.get(name as FunctionName)?.acquire(),
        beforeSources: async (brokerUrl) => {
          sink = brokerUrl;
          await startWarm();
        },
        logDir,
        ...(options.resyncIntervalMs !== undefined ? { resyncIntervalMs: options.resyncIntervalMs } : {}),
        ...(options.adapterKubeconfig ? { adapterKubeconfig: options.adapterKubeconfig } : {}),
        ...(options.eventFaults ? { faults: options.eventFaults } : {}),
      });
      const running = eventPath;
      stops.push(() => running.stop());
    } else await startWarm();
    log(`local platform up in ${Date.now() - started} ms (functions: ${scaling})`);
    const scalerOf = (name: FunctionName) => {
      const scaler = scalers.get(name);
      if (!scaler) throw new Error(`${name} does not run on this platform`);
      return scaler;
    };
    const scaleToZero = async (name: FunctionName, scaleOptions: { events?: 'held' | 'lost' } = {}) => {
      await scalerOf(name).pin(0, scaleOptions.events === 'lost' ? 'lose' : 'hold');
    };
    const scaleUp = async (name: FunctionName) => {
      const scaler = scalerOf(name);
      await scaler.pin(0);
      await scaler.pin(scaling === 'warm' ? warmInstances : 1);
      const instance = scaler.instances[0];
      if (!instance) throw new Error(`${name} did not start`);
      if (scaling === 'knative') void scaler.auto();
      return instance;
    };
    const noEventing = async () => {
      throw new Error('the platform runs without its event path');
    };
    return {
      controlPlane,
      client,
      ...(kserve ? { kserve } : {}),
      functions,
      scalers,
      ...(eventPath ? { broker: eventPath.broker } : {}),
      ...(eventPath?.faults ? { eventFaults: eventPath.faults } : {}),
      faultProxy,
      stopEventSources: eventPath?.stopSources ?? noEventing,
      startEventSources: eventPath?.startSources ?? noEventing,
      scaleToZero,
      scaleUp,
      rollOut: (name, revision) => scalerOf(name).rollOut(startOf(name, revision.entry)),
      stop: stopAll,
    };
  } catch (err) {
    await stopAll();
    throw err;
  }
}
