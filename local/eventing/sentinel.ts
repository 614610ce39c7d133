import type { KubeClient, KubeObject } from '../../shared/kube/types.ts';
import type { LocalBroker } from './broker.ts';
import type { ApiServerSource } from './manifests.ts';

type Resource = ApiServerSource['spec']['resources'][number];

/** Labels that satisfy a resource's selector, so that its watch sees the sentinel. */
function selectedLabels(resource: Resource, name: string): Record<string, string> {
  const labels: Record<string, string> = { ...(resource.selector?.matchLabels ?? {}) };
  for (const expression of resource.selector?.matchExpressions ?? []) {
    if (expression.operator === 'Exists') labels[expression.key] = name;
    else if (expression.operator === 'In' && expression.values?.[0] !== undefined)
      labels[expression.key] = expression.values[0];
    // DoesNotExist and NotIn hold for a key left out.
  }
  return labels;
}

/** Objects that prove a source's watch is live, by a kind each source watches, cheapest first. */
const SENTINELS: [
  kind: string,
  build: (name: string, labels: Record<string, string>, namespace: string) => KubeObject,
][] = [
  [
    'AIMClusterRuntimeConfig',
    (name) => ({
      apiVersion: 'aim.eai.amd.com/v1alpha1',
      kind: 'AIMClusterRuntimeConfig',
      metadata: { name },
      spec: {},
    }),
  ],
  [
    'Node',
    (name) => ({
      apiVersion: 'v1',
      kind: 'Node',
      metadata: { name },
      // Never schedulable: it exists for a moment only to produce an event.
      spec: { unschedulable: true, taints: [{ key: 'aim.eai.amd.com/sentinel', effect: 'NoSchedule' }] },
    }),
  ],
  [
    'Pod',
    (name, labels, namespace) => ({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name, namespace, labels },
      // Never scheduled (no node has the label), so it is deleted at once and nothing runs it.
      spec: {
        nodeSelector: { 'aim.eai.amd.com/sentinel': 'none' },
        automountServiceAccountToken: false,
        containers: [{ name: 'sentinel', image: 'sentinel.invalid/none' }],
      },
    }),
  ],
];

function sentinelFor(source: ApiServerSource, name: string): KubeObject {
  for (const [kind, build] of SENTINELS) {
    const resource = source.spec.resources.find((r) => r.kind === kind);
    if (resource) return build(name, selectedLabels(resource, name), source.metadata.namespace ?? 'default');
  }
  throw new Error(`no sentinel kind for ApiServerSource ${source.metadata.name}`);
}

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
  const stamp = Date.now().toString(36);
  for (const [index, source] of sources.entries()) {
    // One name per source: two sources may both prove themselves with a Pod.
    const sentinelName = `aim-local-sentinel-${stamp}-${index}`;
    const sentinel = sentinelFor(source, sentinelName);
    const { kind } = sentinel;
    const key = {
      apiVersion: sentinel.apiVersion,
      kind,
      name: sentinelName,
      namespace: sentinel.metadata.namespace,
    };
    const deadline = Date.now() + timeoutMs;
    // Re-create until seen: the first create may land before the watch is established.
    for (let attempt = 0; ; attempt++) {
      try {
        await client.apply(sentinel, { fieldManager: 'aim-local-platform', force: true });
      } catch (err) {
        // e.g. a Pod before kube-controller-manager made the namespace's default ServiceAccount.
        if (Date.now() > deadline) throw err;
        await new Promise((r) => setTimeout(r, 250));
        continue;
      }
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
      await client.delete(key).catch(() => {});
      if (seen) break;
      if (Date.now() > deadline)
        throw new Error(`no event from ApiServerSource ${source.metadata.name} within ${timeoutMs} ms`);
      // Wait for the delete to be observed before re-creating, so the next create is an add.
      await new Promise((r) => setTimeout(r, 500 + attempt * 100));
    }
  }
}
