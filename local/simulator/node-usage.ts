/**
 * What the pods bound to each node request, summed once per pass and kept current as the pass
 * places pods, as kube-scheduler's cache does. Summing every bound pod again for every pending
 * pod made a pass that places 1,000 pods a million quantity parses (2.4 s of the benchmark
 * process's CPU at N=1,000, each pass blocking the broker that shares its thread).
 */
import type { KubeObject } from '../../shared/kube/types.ts';
import { parseQuantity } from './quantity.ts';

type Requests = ReadonlyMap<string, number>;

/** Requests by pod object: the simulator's pods come from its watch cache, the same objects pass after pass. */
const requestsOf = new WeakMap<KubeObject, Requests>();

/** A pod that has finished (Succeeded or Failed): it holds no resources any more. */
export function isTerminal(pod: KubeObject): boolean {
  return pod.status?.phase === 'Succeeded' || pod.status?.phase === 'Failed';
}

/** Summed container requests; a resource with only a limit requests its limit, as the API defaults it. */
export function podRequests(pod: KubeObject): Requests {
  const known = requestsOf.get(pod);
  if (known !== undefined) return known;
  const totals = new Map<string, number>();
  for (const container of (pod.spec?.containers ?? []) as {
    resources?: Record<string, Record<string, string>>;
  }[]) {
    const requests = { ...(container.resources?.limits ?? {}), ...(container.resources?.requests ?? {}) };
    for (const [resource, quantity] of Object.entries(requests)) {
      totals.set(resource, (totals.get(resource) ?? 0) + (parseQuantity(quantity) ?? 0));
    }
  }
  requestsOf.set(pod, totals);
  return totals;
}

interface NodeLoad {
  /** Each counted pod's requests, by uid. */
  pods: Map<string, Requests>;
  totals: Map<string, number>;
}

export class NodeUsage {
  readonly #nodes = new Map<string, NodeLoad>();

  /** The usage of `boundPods` (each on `spec.nodeName`; terminal pods request nothing). */
  static of(boundPods: readonly KubeObject[]): NodeUsage {
    const usage = new NodeUsage();
    for (const pod of boundPods) {
      const node = pod.spec?.nodeName;
      if (typeof node === 'string' && node !== '') usage.add(pod, node);
    }
    return usage;
  }

  /** Counts `pod` on `node` (once per uid; a terminal pod is not counted). */
  add(pod: KubeObject, node: string): void {
    if (isTerminal(pod)) return;
    const uid = pod.metadata.uid ?? `${pod.metadata.namespace}/${pod.metadata.name}`;
    let load = this.#nodes.get(node);
    if (load === undefined) {
      load = { pods: new Map(), totals: new Map() };
      this.#nodes.set(node, load);
    }
    if (load.pods.has(uid)) return;
    const requests = podRequests(pod);
    load.pods.set(uid, requests);
    for (const [resource, amount] of requests)
      load.totals.set(resource, (load.totals.get(resource) ?? 0) + amount);
  }

  /** The pod count and summed requests on `node`, leaving out the pod `uid` itself. */
  on(node: string, uid: string | undefined): { pods: number; requests: ReadonlyMap<string, number> } {
    const load = this.#nodes.get(node);
    if (load === undefined) return { pods: 0, requests: new Map() };
    const own = uid === undefined ? undefined : load.pods.get(uid);
    if (own === undefined) return { pods: load.pods.size, requests: load.totals };
    const requests = new Map(load.totals);
    for (const [resource, amount] of own) requests.set(resource, (requests.get(resource) ?? 0) - amount);
    return { pods: load.pods.size - 1, requests };
  }
}
