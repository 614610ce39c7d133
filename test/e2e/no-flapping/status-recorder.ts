/**
 * Records every status a watch delivers for the AIMServices of a namespace: the top-level status
 * and the Ready condition, per service, in order. A transition out of Running shows up here even
 * if it lasts a single write, which polling could miss.
 */
import type { KubeClient, KubeObject } from '../../../shared/kube/types.ts';
import type { WatchHandle } from '../../../shared/kube/watch.ts';
import { SERVICE } from '../support/workload.ts';

export interface Observation {
  status: string | undefined;
  ready: string | undefined;
  resourceVersion: string | undefined;
}

export class StatusRecorder {
  readonly seen = new Map<string, Observation[]>();
  events = 0;
  #handle: WatchHandle | undefined;

  /** Starts watching from the current list, so nothing between the list and the watch is missed. */
  async start(client: KubeClient, namespace: string): Promise<void> {
    if (!client.watch) throw new Error('the client cannot watch');
    const list = await client.list(SERVICE, { namespace });
    for (const item of list.items) this.#record(item);
    this.#handle = client.watch(
      SERVICE,
      { namespace, resourceVersion: list.resourceVersion ?? '0', timeoutSeconds: 3_600 },
      (event) => {
        if (event.type === 'BOOKMARK') return;
        this.events++;
        this.#record(event.object);
      },
    );
    // A watch that ends early would silently record nothing: make it fail the test instead.
    this.#handle.done.then(
      () => {
        if (this.#handle) this.failure = new Error('the status watch ended early');
      },
      (err: unknown) => {
        this.failure = err instanceof Error ? err : new Error(String(err));
      },
    );
  }

  failure: Error | undefined;

  stop(): void {
    const handle = this.#handle;
    this.#handle = undefined;
    handle?.stop();
  }

  /** Services whose recorded statuses ever were other than Running / Ready=True, with the sequence. */
  leftRunning(): Record<string, Observation[]> {
    const out: Record<string, Observation[]> = {};
    for (const [name, observations] of this.seen) {
      if (observations.some((o) => o.status !== 'Running' || o.ready !== 'True')) out[name] = observations;
    }
    return out;
  }

  #record(object: KubeObject): void {
    const conditions: { type: string; status: string }[] = object.status?.conditions ?? [];
    const observation: Observation = {
      status: object.status?.status,
      ready: conditions.find((c) => c.type === 'Ready')?.status,
      resourceVersion: object.metadata.resourceVersion,
    };
    const list = this.seen.get(object.metadata.name) ?? [];
    list.push(observation);
    this.seen.set(object.metadata.name, list);
  }
}
