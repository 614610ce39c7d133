/**
 * Which discovery Pod events matter to a template (spec §8.9): image-pull errors, CrashLoopBackOff,
 * CreateContainer(Config)Error, phase changes, container count changes and deletions. A pod's
 * other updates (its binding, conditions, a container starting within the same phase) change
 * nothing the template shows and cost a template reconcile each; in a burst those were most of
 * template-discover's deliveries. The Job's own events still come through unfiltered.
 */
import type { KubeObject } from '../kube/types.ts';

const SIGNIFICANT_WAITING_REASONS: ReadonlySet<string> = new Set([
  'ErrImagePull',
  'ImagePullBackOff',
  'InvalidImageName',
  'CrashLoopBackOff',
  'CreateContainerConfigError',
  'CreateContainerError',
]);

/** Pods remembered at most; the oldest are forgotten first (their next event then counts). */
const MAX_PODS = 10_000;

interface ContainerStatus {
  state?: { waiting?: { reason?: string } };
}

/** What of a pod the template reacts to. */
export function discoveryPodSignature(pod: KubeObject): string {
  const statuses: ContainerStatus[] = [
    ...(pod.status?.initContainerStatuses ?? []),
    ...(pod.status?.containerStatuses ?? []),
  ];
  const waiting = statuses
    .map((status) => status.state?.waiting?.reason ?? '')
    .filter((reason) => SIGNIFICANT_WAITING_REASONS.has(reason))
    .sort();
  return JSON.stringify([
    pod.status?.phase ?? '',
    (pod.spec?.containers ?? []).length,
    statuses.length,
    pod.metadata.deletionTimestamp !== undefined,
    waiting,
  ]);
}

export class DiscoveryPodChanges {
  readonly #known = new Map<string, string>();

  /** Whether this event of `pod` changed what the template sees, as far as this process knows. */
  significant(pod: KubeObject, deleted: boolean): boolean {
    const key = pod.metadata.uid ?? `${pod.metadata.namespace ?? ''}/${pod.metadata.name}`;
    if (deleted) {
      this.#known.delete(key);
      return true;
    }
    const signature = discoveryPodSignature(pod);
    const before = this.#known.get(key);
    this.#known.delete(key);
    this.#known.set(key, signature);
    if (this.#known.size > MAX_PODS) {
      const oldest = this.#known.keys().next().value;
      if (oldest !== undefined) this.#known.delete(oldest);
    }
    return before !== signature;
  }
}
