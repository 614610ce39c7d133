import type { KubeClient } from '../../shared/kube/types.ts';
import type { ControlPlane } from '../control-plane/control-plane.ts';
import { type RunningAdapters, startAdapters } from '../eventing/adapter.ts';
import { LocalBroker } from '../eventing/broker.ts';
import { runClusterPingSources } from '../eventing/cluster-ping-sources.ts';
import { containerConcurrencyOf, FALLBACK_CONTAINER_CONCURRENCY } from '../eventing/container-concurrency.ts';
import { EventFaultInjector, type EventFaultOptions } from '../eventing/event-faults.ts';
import { loadEventingManifests } from '../eventing/manifests.ts';
import { startPingSources } from '../eventing/ping.ts';
import { waitForEventFlow } from '../eventing/sentinel.ts';
import type { Lease } from './function-scaler.ts';

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
 * PingSource resync (and the PingSources the functions keep in the API server), and one real
 * ApiServerSource adapter per source manifest feeding the broker.
 */
export async function startEventPath(args: {
  controlPlane: ControlPlane;
  client: KubeClient;
  /** A lease on an instance of the function (scaled from zero if need be); undefined when it does not run here. */
  functionTarget: (name: string) => Promise<Lease | undefined> | undefined;
  /** Runs once the broker listens (its URL is the functions' K_SINK) and before any event flows. */
  beforeSources?: (brokerUrl: string) => Promise<void>;
  logDir: string;
  resyncIntervalMs?: number;
  adapterKubeconfig?: string;
  faults?: EventFaultOptions;
}): Promise<EventPath> {
  const manifests = loadEventingManifests();
  const faults = args.faults ? new EventFaultInjector(args.faults) : undefined;
  const broker = new LocalBroker({
    triggers: manifests.triggers,
    resolve: (destination) => (destination.ref ? args.functionTarget(destination.ref.name) : destination.uri),
    maxInFlight: (destination) =>
      destination.ref ? containerConcurrencyOf(destination.ref.name) : FALLBACK_CONTAINER_CONCURRENCY,
    ...(faults ? { faults } : {}),
  });
  const brokerUrl = await broker.listen();
  try {
    await args.beforeSources?.(brokerUrl);
  } catch (err) {
    await broker.close();
    throw err;
  }
  const stopPing = startPingSources(manifests.pingSources, (e) => broker.publish(e), args.resyncIntervalMs);
  const clusterPings = runClusterPingSources({
    client: args.client,
    publish: (e) => broker.publish(e),
    skip: new Set(
      manifests.pingSources.map((p) => `${p.metadata.namespace ?? 'default'}/${p.metadata.name}`),
    ),
  });
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
    clusterPings.stop();
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
