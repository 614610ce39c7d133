import type { KubeClient } from '../../shared/kube/types.ts';
import type { ControlPlane } from '../control-plane/control-plane.ts';
import { type RunningAdapters, startAdapters } from '../eventing/adapter.ts';
import { LocalBroker } from '../eventing/broker.ts';
import { containerConcurrencyOf, FALLBACK_CONTAINER_CONCURRENCY } from '../eventing/container-concurrency.ts';
import { EventFaultInjector, type EventFaultOptions } from '../eventing/event-faults.ts';
import { loadEventingManifests } from '../eventing/manifests.ts';
import { startPingSources } from '../eventing/ping.ts';
import { waitForEventFlow } from '../eventing/sentinel.ts';
import type { RunningFunction } from './functions.ts';

/** How long an event for a function scaled to zero waits for it to come back before it is dropped. */
export const ACTIVATION_HOLD_MS = 60_000;

/**
 * Where each function's events go: every running instance of it, in turn, as a Knative Service's
 * activator spreads requests over its pods. While a function is scaled to zero its events wait
 * for it, as at Knative's activator, which holds a request while the revision scales up from
 * zero (up to ACTIVATION_HOLD_MS); `lose` instead drops them, the case of deliveries that failed
 * while it was down. A function that never ran here (not started by this platform) gets nothing.
 */
export class FunctionRoutes {
  private readonly urls = new Map<string, string[]>();
  private readonly next = new Map<string, number>();
  /** Functions scaled to zero whose events wait for them, and the deliveries waiting. */
  private readonly held = new Map<string, (() => void)[]>();

  set(name: string, instances: readonly RunningFunction[], whileDown: 'hold' | 'lose' = 'hold'): void {
    if (instances.length === 0) {
      this.urls.delete(name);
      if (whileDown === 'hold') this.held.set(name, this.held.get(name) ?? []);
      else this.release(name);
      return;
    }
    this.urls.set(
      name,
      instances.map((fn) => fn.url),
    );
    this.release(name);
  }

  resolve(name: string): string | undefined | Promise<string | undefined> {
    const url = this.pick(name);
    if (url !== undefined || !this.held.has(name)) return url;
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        resolve(this.pick(name));
      };
      const timer = setTimeout(() => {
        // Given up on: no longer among the deliveries waiting.
        const waiting = this.held.get(name) ?? [];
        const index = waiting.indexOf(wake);
        if (index >= 0) waiting.splice(index, 1);
        resolve(this.pick(name));
      }, ACTIVATION_HOLD_MS);
      timer.unref();
      this.held.get(name)?.push(wake);
    });
  }

  /** Lets every held delivery go (to the function if it is back, else nowhere). */
  releaseAll(): void {
    for (const name of [...this.held.keys()]) this.release(name);
  }

  private release(name: string): void {
    const waiting = this.held.get(name) ?? [];
    this.held.delete(name);
    for (const wake of waiting) wake();
  }

  private pick(name: string): string | undefined {
    const urls = this.urls.get(name);
    if (!urls) return undefined;
    const turn = this.next.get(name) ?? 0;
    this.next.set(name, turn + 1);
    return urls[turn % urls.length];
  }
}

export interface EventPath {
  broker: LocalBroker;
  faults?: EventFaultInjector;
  /** Stops the ApiServerSource adapter processes (the broker and the resync keep running). */
  stopSources(): Promise<void>;
  /** Starts them again and waits until their events flow. */
  startSources(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The event path of the local platform: the local broker routing by the Trigger manifests, the
 * PingSource resync, and one real ApiServerSource adapter per source manifest feeding the broker.
 */
export async function startEventPath(args: {
  controlPlane: ControlPlane;
  client: KubeClient;
  routes: FunctionRoutes;
  logDir: string;
  resyncIntervalMs?: number;
  adapterKubeconfig?: string;
  faults?: EventFaultOptions;
}): Promise<EventPath> {
  const manifests = loadEventingManifests();
  const faults = args.faults ? new EventFaultInjector(args.faults) : undefined;
  const broker = new LocalBroker({
    triggers: manifests.triggers,
    resolve: (destination) => (destination.ref ? args.routes.resolve(destination.ref.name) : destination.uri),
    maxInFlight: (destination) =>
      destination.ref ? containerConcurrencyOf(destination.ref.name) : FALLBACK_CONTAINER_CONCURRENCY,
    ...(faults ? { faults } : {}),
  });
  const brokerUrl = await broker.listen();
  const stopPing = startPingSources(manifests.pingSources, (e) => broker.publish(e), args.resyncIntervalMs);
  let adapters: RunningAdapters | undefined;
  const startSources = async () => {
    if (adapters) return;
    adapters = await startAdapters({
      binary: args.controlPlane.binaries.apiserver_receive_adapter,
      sources: manifests.apiServerSources,
      kubeconfigPath: args.adapterKubeconfig ?? args.controlPlane.kubeconfigPath,
      sinkUrl: brokerUrl,
      logDir: args.logDir,
    });
    await waitForEventFlow(args.client, broker, manifests.apiServerSources);
  };
  const stopSources = async () => {
    const running = adapters;
    adapters = undefined;
    await running?.stop();
  };
  const stop = async () => {
    await stopSources();
    stopPing();
    await broker.close();
  };
  try {
    await startSources();
  } catch (err) {
    await stop();
    throw err;
  }
  return { broker, ...(faults ? { faults } : {}), stopSources, startSources, stop };
}
