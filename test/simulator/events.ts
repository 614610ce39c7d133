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
  nowMs: number;
}

/** A core/v1 Event with `involvedObject`, as kube-scheduler and the kubelet still write them. */
export async function recordEvent(client: KubeClient, input: EventInput): Promise<void> {
  const { about } = input;
  const namespace = about.metadata.namespace ?? 'default';
  const time = rfc3339(input.nowMs);
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
    firstTimestamp: time,
    lastTimestamp: time,
    count: 1,
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
