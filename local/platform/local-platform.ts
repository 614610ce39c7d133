import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createKubeClient } from '../../shared/kube/client.ts';
import type { KubeClient } from '../../shared/kube/types.ts';
import { type ControlPlane, kubeconfigYaml, startControlPlane } from '../control-plane/control-plane.ts';
import type { LocalBroker } from '../eventing/broker.ts';
import type { EventFaultInjector, EventFaultOptions } from '../eventing/event-faults.ts';
import { type EventPath, FunctionRoutes, startEventPath } from './event-path.ts';
import { FaultProxy } from './fault-proxy.ts';
import { type FunctionName, type RunningFunction, startFunctions } from './functions.ts';
import { installCrds } from './install-crds.ts';

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
  /** Processes per function (default 1): each its own cache and work queue, events spread over them. */
  instancesPerFunction?: number;
  /** Drop, duplicate and delay a seeded fraction of the broker's deliveries (fault tests). */
  eventFaults?: EventFaultOptions;
  /** Starts the cluster simulator (fake nodes and kubelet, KServe/gateway stand-ins). */
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
  simulator?: (platform: {
    client: KubeClient;
    controlPlane: ControlPlane;
  }) => Promise<{ stop(): Promise<void> }>;
  log?: (msg: string) => void;
}

export interface LocalPlatform {
  controlPlane: ControlPlane;
  client: KubeClient;
  functions: RunningFunction[];
  broker?: LocalBroker;
  /** The broker's fault injector, when `eventFaults` was given: what it dropped, duplicated, delayed. */
  eventFaults?: EventFaultInjector;
  faultProxy?: FaultProxy;
  /** Stops the ApiServerSource adapters (as if their pods died); the resync keeps ticking. */
  stopEventSources(): Promise<void>;
  /** Starts the adapters again and waits until their events reach the broker. */
  startEventSources(): Promise<void>;
  /**
   * Stops one function as Knative does when it scales to zero. Its events wait for it to come
   * back, as at Knative's activator (`scaleUp` is what brings it back here); `events: 'lost'`
   * drops them instead, as when deliveries fail while it is down.
   */
  scaleToZero(name: FunctionName, options?: { events?: 'held' | 'lost' }): Promise<void>;
  /** Starts a stopped function again (a cold start: new processes, empty caches) and routes to it. */
  scaleUp(name: FunctionName): Promise<RunningFunction>;
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
    const controlPlane = await startControlPlane({
      dir: options.dir,
      beforeControllerManager: ({ kubeconfigPath }) => installCrds(createKubeClient({ kubeconfigPath })),
    });
    stops.push(() => controlPlane.stop());
    log(`control plane ready at ${controlPlane.server} in ${Date.now() - started} ms`);
    const client = createKubeClient({ kubeconfigPath: controlPlane.kubeconfigPath });
    await ensureNamespace(client, SYSTEM_NAMESPACE);

    if (options.simulator) {
      const simulator = await options.simulator({ client, controlPlane });
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
    const startOptions = {
      kubeconfigPath: functionKubeconfig,
      ...(options.functionKubeconfigs ? { kubeconfigs: options.functionKubeconfigs } : {}),
      logDir,
      env: options.functionEnv,
      ...(options.functionEnvFor ? { envFor: options.functionEnvFor } : {}),
      instances: options.instancesPerFunction ?? 1,
      ...(options.functionEntry ? { entry: options.functionEntry } : {}),
    };
    const functions =
      options.functions && options.functions.length === 0
        ? []
        : await startFunctions({ ...startOptions, names: options.functions });
    stops.push(async () => {
      for (const fn of functions) await fn.process.stop();
    });

    const routes = new FunctionRoutes();
    const route = (name: FunctionName, whileDown: 'hold' | 'lose' = 'hold') =>
      routes.set(
        name,
        functions.filter((fn) => fn.name === name),
        whileDown,
      );
    for (const fn of functions) route(fn.name);
    let eventPath: EventPath | undefined;
    if (functions.length > 0 && options.eventing !== false) {
      eventPath = await startEventPath({
        controlPlane,
        client,
        routes,
        logDir,
        ...(options.resyncIntervalMs !== undefined ? { resyncIntervalMs: options.resyncIntervalMs } : {}),
        ...(options.adapterKubeconfig ? { adapterKubeconfig: options.adapterKubeconfig } : {}),
        ...(options.eventFaults ? { faults: options.eventFaults } : {}),
      });
      const running = eventPath;
      stops.push(() => running.stop());
      // Deliveries held for a function scaled to zero let go first (to nowhere).
      stops.push(async () => routes.releaseAll());
    }
    log(`local platform up in ${Date.now() - started} ms`);
    const scaleToZero = async (name: FunctionName, scaleOptions: { events?: 'held' | 'lost' } = {}) => {
      const stopping = functions.filter((fn) => fn.name === name);
      for (const fn of stopping) functions.splice(functions.indexOf(fn), 1);
      route(name, scaleOptions.events === 'lost' ? 'lose' : 'hold');
      for (const fn of stopping) await fn.process.stop();
    };
    const scaleUp = async (name: FunctionName) => {
      await scaleToZero(name);
      const instances = await startFunctions({ ...startOptions, names: [name] });
      functions.push(...instances);
      route(name);
      return instances[0]!;
    };
    const noEventing = async () => {
      throw new Error('the platform runs without its event path');
    };
    return {
      controlPlane,
      client,
      functions,
      ...(eventPath ? { broker: eventPath.broker } : {}),
      ...(eventPath?.faults ? { eventFaults: eventPath.faults } : {}),
      faultProxy,
      stopEventSources: eventPath?.stopSources ?? noEventing,
      startEventSources: eventPath?.startSources ?? noEventing,
      scaleToZero,
      scaleUp,
      stop: stopAll,
    };
  } catch (err) {
    await stopAll();
    throw err;
  }
}
