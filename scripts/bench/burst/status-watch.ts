/**
 * Follows every AIM kind through one informer each (a poll per object would add the load it
 * measures) and records, per posted object, when it first showed a status of its own: its
 * `observedGeneration` equal to its generation, a top-level `status.status` and a Ready condition
 * with a non-empty reason (issue 14).
 */
import { AIM_KIND_LIST } from '../../../shared/api/kinds.ts';
import { Informer } from '../../../shared/cache/informer.ts';
import type { KubeClient, KubeObject } from '../../../shared/kube/types.ts';

export interface Tracked {
  object: KubeObject;
  /** When the API server answered the POST (ms since epoch). */
  acceptedAt: number;
  settledAt?: number;
  /** The latest copy seen. */
  latest?: KubeObject;
}

interface Condition {
  type?: unknown;
  reason?: unknown;
}

/** The Ready condition's reason when `object` has a status of its own for its generation. */
export function statusReason(object: KubeObject): string | undefined {
  const status = object.status as Record<string, unknown> | undefined;
  if (status === undefined || status === null) return undefined;
  if (status.observedGeneration !== object.metadata.generation) return undefined;
  if (typeof status.status !== 'string' || status.status === '') return undefined;
  const conditions = Array.isArray(status.conditions) ? (status.conditions as Condition[]) : [];
  const reason = conditions.find((condition) => condition.type === 'Ready')?.reason;
  return typeof reason === 'string' && reason !== '' ? reason : undefined;
}

export function objectId(object: Pick<KubeObject, 'kind' | 'metadata'>): string {
  return `${object.kind}/${object.metadata.namespace ?? ''}/${object.metadata.name}`;
}

export class StatusWatch {
  readonly tracked = new Map<string, Tracked>();
  readonly #informers: Informer[] = [];
  readonly #listeners = new Set<() => void>();
  readonly #early = new Map<string, { object: KubeObject; at: number }>();

  static async start(client: KubeClient): Promise<StatusWatch> {
    const watch = new StatusWatch();
    const watching = client as KubeClient & Required<Pick<KubeClient, 'watch'>>;
    for (const kind of AIM_KIND_LIST) {
      const informer = new Informer(
        watching,
        { gvk: { apiVersion: kind.apiVersion, kind: kind.kind } },
        {
          onChange: (event) => {
            if (event.type !== 'DELETED') watch.#seen({ ...event.object, kind: kind.kind });
          },
        },
      );
      await informer.ready();
      watch.#informers.push(informer);
    }
    return watch;
  }

  /** Starts following `object`, which the API server accepted at `acceptedAt`. */
  expect(object: KubeObject, acceptedAt: number): void {
    const id = objectId(object);
    const tracked: Tracked = { object, acceptedAt };
    this.tracked.set(id, tracked);
    // A status may be written before the POST's answer is processed here.
    const early = this.#early.get(id);
    this.#early.delete(id);
    if (early !== undefined) this.#record(tracked, early.object, Math.max(early.at, acceptedAt));
  }

  unsettled(): Tracked[] {
    return [...this.tracked.values()].filter((tracked) => tracked.settledAt === undefined);
  }

  /** Resolves when every followed object has settled, or after `timeoutMs` (whatever is left stays unsettled). */
  async settledOrTimeout(timeoutMs: number): Promise<void> {
    if (this.unsettled().length === 0) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.#listeners.delete(check);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      const check = () => {
        if (this.unsettled().length === 0) done();
      };
      this.#listeners.add(check);
    });
  }

  stop(): void {
    for (const informer of this.#informers) informer.stop();
  }

  #seen(object: KubeObject): void {
    const id = objectId(object);
    const tracked = this.tracked.get(id);
    if (tracked === undefined) this.#early.set(id, { object, at: Date.now() });
    else this.#record(tracked, object, Date.now());
    for (const listener of this.#listeners) listener();
  }

  #record(tracked: Tracked, object: KubeObject, at: number): void {
    tracked.latest = object;
    if (tracked.settledAt === undefined && statusReason(object) !== undefined) tracked.settledAt = at;
  }
}
