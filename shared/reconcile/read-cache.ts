/**
 * What a resync sweep reads, read once. A sweep reconciles every object of a kind in turn, and
 * they read the same things — the runtime config, a namespace's caches, the model or template
 * many objects use — so `reconcileAll` hands its reconciles a `SweepReadCache` as `ctx.reads`
 * (use `readerOf(ctx)`, which outside a sweep is the live client):
 *
 * - a kind the reconciler declares (`KindReconciler.sweepSnapshotKinds`) is LISTed once,
 *   cluster-wide, and every get/list of it is answered from that list;
 * - any other get/getOptional/list is answered by its first answer (a NotFound too).
 *
 * An answer a few seconds old is as good as a GET issued a moment later for these reads; what
 * must be current (a count under a lock, the object re-read after a 409) reads `ctx.client`,
 * which stays live. Every write in the sweep (through `ctx.client`) reports to the cache: the
 * per-request answers of the written kind are forgotten, and a declared kind's list takes in the
 * server's answer, so the sweep sees its own changes. Changes made by others meanwhile are picked
 * up by their events and the next sweep. Callers get copies: no reconcile can change what the
 * next one reads.
 */
import { isNotFound } from '../kube/errors.ts';
import { notFoundError } from '../kube/not-found.ts';
import { kindId } from '../kube/objects.ts';
import type {
  GroupVersionKind,
  KubeClient,
  KubeObject,
  ListOptions,
  ObjectKey,
  ObjectList,
} from '../kube/types.ts';
import { type CachedKind, KindSnapshot } from './kind-snapshot.ts';

export type { CachedKind } from './kind-snapshot.ts';

/** The read side of `KubeClient` (pod logs are never cached: a log grows). */
export type KubeReader = Pick<KubeClient, 'get' | 'getOptional' | 'list' | 'podLog'>;

function objectReadKey(method: string, key: ObjectKey): string {
  return `${kindId(key)}|${method}|${key.namespace ?? ''}|${key.name}`;
}

function listReadKey(gvk: GroupVersionKind, options: ListOptions): string {
  const { namespace = '', labelSelector = '', fieldSelector = '', limit = '' } = options;
  return `${kindId(gvk)}|list|${namespace}|${labelSelector}|${fieldSelector}|${limit}`;
}

export class SweepReadCache implements KubeReader {
  readonly #client: KubeClient;
  readonly #snapshots = new Map<string, KindSnapshot>();
  /** Read key → the first answer (a NotFound rejection is an answer too). */
  readonly #answers = new Map<string, Promise<unknown>>();

  /** `client` is live (never this cache's wrapper): the cache reads through it. */
  constructor(client: KubeClient, snapshotKinds: readonly CachedKind[] = []) {
    this.#client = client;
    for (const kind of snapshotKinds) this.#snapshots.set(kindId(kind.gvk), new KindSnapshot(client, kind));
  }

  async get<T extends KubeObject = KubeObject>(key: ObjectKey): Promise<T> {
    const snapshot = this.#snapshots.get(kindId(key));
    if (snapshot?.servesGets) {
      const found = await snapshot.find(key);
      if (found === undefined) throw notFoundError(key, 'sweep snapshot');
      return structuredClone(found) as T;
    }
    return this.#answer(objectReadKey('get', key), () => this.#client.get<T>(key));
  }

  async getOptional<T extends KubeObject = KubeObject>(key: ObjectKey): Promise<T | undefined> {
    const snapshot = this.#snapshots.get(kindId(key));
    if (snapshot?.servesGets) {
      const found = await snapshot.find(key);
      return found === undefined ? undefined : (structuredClone(found) as T);
    }
    return this.#answer(objectReadKey('getOptional', key), () => this.#client.getOptional<T>(key));
  }

  async list<T extends KubeObject = KubeObject>(
    gvk: GroupVersionKind,
    options: ListOptions = {},
  ): Promise<ObjectList<T>> {
    const snapshot = this.#snapshots.get(kindId(gvk));
    if (snapshot?.covers(options)) {
      const { items, resourceVersion } = await snapshot.select(options);
      const list: ObjectList<T> = { items: items.map((item) => structuredClone(item) as T) };
      if (resourceVersion !== undefined) list.resourceVersion = resourceVersion;
      return list;
    }
    return this.#answer(listReadKey(gvk, options), () => this.#client.list<T>(gvk, options));
  }

  podLog(
    namespace: string,
    pod: string,
    options?: { container?: string; tailLines?: number; limitBytes?: number },
  ): Promise<string> {
    return this.#client.podLog(namespace, pod, options);
  }

  /**
   * A write of `gvk`'s kind settled. `stored` is the server's answer (absent: a delete, or a
   * write whose effect is unknown because it failed): a declared kind's list takes it in, or
   * lists again on next use without one.
   */
  written(gvk: GroupVersionKind, stored?: KubeObject): void {
    const prefix = `${kindId(gvk)}|`;
    for (const key of [...this.#answers.keys()]) if (key.startsWith(prefix)) this.#answers.delete(key);
    const snapshot = this.#snapshots.get(kindId(gvk));
    if (stored === undefined) snapshot?.forget();
    else snapshot?.stored(stored);
  }

  async #answer<T>(key: string, read: () => Promise<T>): Promise<T> {
    let answer = this.#answers.get(key) as Promise<T> | undefined;
    if (answer === undefined) {
      answer = read();
      this.#answers.set(key, answer);
      answer.catch((err: unknown) => {
        // Only definite answers are kept; anything else is asked again.
        if (!isNotFound(err) && this.#answers.get(key) === answer) this.#answers.delete(key);
      });
    }
    return structuredClone(await answer);
  }
}

/** Where a fetch reads from: the sweep's cache in a resync sweep, the API server otherwise. */
export function readerOf(ctx: { client: KubeClient; reads?: KubeReader | undefined }): KubeReader {
  return ctx.reads ?? ctx.client;
}
