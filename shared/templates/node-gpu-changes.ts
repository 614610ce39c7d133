/**
 * Which Node events can change a template's GPU availability (spec §8.9): a node's AMD GPU labels
 * (`amd.com/*`, `beta.amd.com/*`) appearing, changing or going away. ApiServerSource sends only the
 * new object, and nodes post status every few seconds, so the last GPU label fingerprint seen per
 * node is remembered in the process; an event whose fingerprint did not change is ignored. The
 * memory starts from one LIST of the nodes. Another instance may have seen a change this one
 * missed; the periodic resync covers that. So does it cover a change carried by the very event
 * that made this process take its first LIST (which already shows the change): that one is
 * deliberately read as "unchanged", because otherwise every node's first event after a restart —
 * the adapter replays an `add` for every node when it starts — would fan out to every GPU template.
 */
import { GPU_NODE_LABEL_PREFIXES } from '../constants/labels.ts';
import type { ApiServerEvent } from '../events/apiserver-event.ts';
import type { KubeClient, KubeObject } from '../kube/types.ts';

const NODE = { apiVersion: 'v1', kind: 'Node' } as const;

/** The node's GPU labels as one string; empty for a node without any. */
export function gpuLabelFingerprint(node: Pick<KubeObject, 'metadata'> | undefined): string {
  const labels = node?.metadata?.labels ?? {};
  return Object.keys(labels)
    .filter((key) => GPU_NODE_LABEL_PREFIXES.some((prefix) => key.startsWith(prefix)))
    .sort()
    .map((key) => `${key}=${labels[key]}`)
    .join(',');
}

function isKubeObject(value: unknown): value is KubeObject {
  return typeof value === 'object' && value !== null && 'metadata' in value;
}

export class NodeGpuChanges {
  #known: Map<string, string> | undefined;

  /** Whether `event` (about a Node) changed the cluster's GPU labels as far as this process knows. */
  async changed(client: Pick<KubeClient, 'list' | 'getOptional'>, event: ApiServerEvent): Promise<boolean> {
    const name = event.ref.name;
    let node = isKubeObject(event.object) ? event.object : undefined;
    if (node === undefined && event.action !== 'delete') node = await client.getOptional({ ...NODE, name });
    const fingerprint = gpuLabelFingerprint(node);
    const known = await this.#memory(client);
    if (event.action === 'delete') {
      const before = known.get(name) ?? fingerprint;
      known.delete(name);
      return before !== '';
    }
    const before = known.get(name) ?? '';
    known.set(name, fingerprint);
    return before !== fingerprint;
  }

  async #memory(client: Pick<KubeClient, 'list'>): Promise<Map<string, string>> {
    if (this.#known === undefined) {
      const nodes = await client.list(NODE);
      const known = new Map<string, string>();
      for (const node of nodes.items) known.set(node.metadata.name, gpuLabelFingerprint(node));
      this.#known ??= known;
    }
    return this.#known;
  }
}
