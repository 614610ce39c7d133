import { randomBytes } from 'node:crypto';
import type { KubeClient, KubeObject } from '../../shared/kube/types.ts';
import { rfc3339 } from './pod-lifecycle.ts';

export interface EventInput {
  about: KubeObject;
  type: 'Normal' | 'Warning';
  reason: string;
  message: string;
  /** Who reports it, e.g. `default-scheduler`, `kubelet`, `inferenceservice-controller`. */
  component: string;
  /**
   * Set for reporters on the events.k8s.io API (kube-scheduler: `Scheduling`): their Events carry
   * `action` and a microsecond `eventTime` instead of the legacy whole-second timestamps, so two
   * of them a moment apart (e.g. "unbound claim", then "Insufficient amd.com/gpu") keep their order.
   */
  action?: string;
  nowMs: number;
}

/** `metav1.MicroTime` as the API server accepts it (six fractional digits). */
function microTime(ms: number): string {
  return new Date(ms).toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
}

/** A core/v1 Event with `involvedObject`, in the shape its reporter writes it. */
export async function recordEvent(client: KubeClient, input: EventInput): Promise<void> {
  const { about } = input;
  const namespace = about.metadata.namespace ?? 'default';
  const time = rfc3339(input.nowMs);
  const when =
    input.action === undefined
      ? { firstTimestamp: time, lastTimestamp: time, count: 1 }
      : { eventTime: microTime(input.nowMs), action: input.action };
  await client.create({
    apiVersion: 'v1',
    kind: 'Event',
    metadata: { name: `${about.metadata.name}.${randomBytes(8).toString('hex')}`, namespace },
    involvedObject: {
      apiVersion: about.apiVersion,
      kind: about.kind,
      name: about.metadata.name,
      namespace,
      uid: about.metadata.uid,
      resourceVersion: about.metadata.resourceVersion,
    },
    type: input.type,
    reason: input.reason,
    message: input.message,
    source: { component: input.component },
    reportingComponent: input.component,
    reportingInstance: `${input.component}-sim`,
    ...when,
  });
}

/** Remembers which (object, reason, message) events were already recorded, so each is written once. */
export class EventOnce {
  readonly #seen = new Set<string>();

  async record(client: KubeClient, input: EventInput): Promise<void> {
    const key = `${input.about.metadata.uid}|${input.reason}|${input.message}`;
    if (this.#seen.has(key)) return;
    await recordEvent(client, input);
    this.#seen.add(key);
  }

  /** Drops memory of objects that no longer exist. */
  retain(uids: ReadonlySet<string>): void {
    for (const key of this.#seen) {
      if (!uids.has(key.slice(0, key.indexOf('|')))) this.#seen.delete(key);
    }
  }
}
