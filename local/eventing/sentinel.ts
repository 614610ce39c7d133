import type { KubeClient, KubeObject } from '../../shared/kube/types.ts';
import type { LocalBroker } from './broker.ts';
import type { ApiServerSource } from './manifests.ts';

/** Objects that prove a source's watch is live, by a kind each source watches. */
const SENTINELS: Record<string, (name: string) => KubeObject> = {
  AIMClusterRuntimeConfig: (name) => ({
    apiVersion: 'aim.eai.amd.com/v1alpha1',
    kind: 'AIMClusterRuntimeConfig',
    metadata: { name },
    spec: {},
  }),
  Node: (name) => ({
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name },
    // Never schedulable: it exists for a moment only to produce an event.
    spec: { unschedulable: true, taints: [{ key: 'aim.eai.amd.com/sentinel', effect: 'NoSchedule' }] },
  }),
};

/**
 * The adapter sends nothing for objects that exist when its watch starts, so an object created
 * between its start and its first LIST would never produce an add event. Before declaring the
 * event path ready, create a throw-away object each source watches and wait until its add event
 * reaches the broker, then delete it. Each wait uses a name of its own, so the add events of an
 * earlier wait (before the adapters were restarted) cannot pass for this one's.
 */
export async function waitForEventFlow(
  client: KubeClient,
  broker: LocalBroker,
  sources: readonly ApiServerSource[],
  timeoutMs = 60_000,
): Promise<void> {
  const sentinelName = `aim-local-sentinel-${Date.now().toString(36)}`;
  for (const source of sources) {
    const kind = source.spec.resources.map((r) => r.kind).find((k) => k in SENTINELS);
    if (!kind) throw new Error(`no sentinel kind for ApiServerSource ${source.metadata.name}`);
    const sentinel = SENTINELS[kind]!(sentinelName);
    const deadline = Date.now() + timeoutMs;
    // Re-create until seen: the first create may land before the watch is established.
    for (let attempt = 0; ; attempt++) {
      await client.apply(sentinel, { fieldManager: 'aim-local-platform', force: true });
      const seenBy = Date.now() + 2_000;
      while (Date.now() < seenBy) {
        if (
          broker.received.some((e) => e.kind === kind && e.name === sentinelName && e.type.endsWith('.add'))
        )
          break;
        await new Promise((r) => setTimeout(r, 100));
      }
      const seen = broker.received.some(
        (e) => e.kind === kind && e.name === sentinelName && e.type.endsWith('.add'),
      );
      await client.delete({ apiVersion: sentinel.apiVersion, kind, name: sentinelName }).catch(() => {});
      if (seen) break;
      if (Date.now() > deadline)
        throw new Error(`no event from ApiServerSource ${source.metadata.name} within ${timeoutMs} ms`);
      // Wait for the delete to be observed before re-creating, so the next create is an add.
      await new Promise((r) => setTimeout(r, 500 + attempt * 100));
    }
  }
}
