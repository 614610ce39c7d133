/**
 * A function's process-wide read cache: the kinds it declares are informed (LIST once, then
 * WATCH) and every get/list of them is answered from memory; any other kind, a client without
 * watch support, or a kind whose first LIST has not answered is read live. The informers start on
 * first read (a cold function pays one LIST per kind it touches, never one GET per event), or
 * with `warmFirst` all at once on `warm()`, and
 * writes made through `reportingWritesTo(cache, client)` are folded in at once, so a reconcile
 * never reads back something older than its own write. What it answers is shared and frozen
 * (frozen.ts): readers build new objects rather than change the ones they read.
 */
import { notFoundError } from '../kube/not-found.ts';
import { kindId } from '../kube/objects.ts';
import { resourceInfo } from '../kube/resources.ts';
import { type LabelRequirement, parseLabelSelector } from '../kube/selectors.ts';
import type {
  GroupVersionKind,
  KubeClient,
  KubeObject,
  ListOptions,
  ObjectKey,
  ObjectList,
} from '../kube/types.ts';
import type { WatchEvent } from '../kube/watch.ts';
import { type InformedKind, Informer } from './informer.ts';

export type { InformedKind } from './informer.ts';

export interface ObjectCacheOptions {
  fieldManager?: string;
  onChange?: (gvk: GroupVersionKind, event: WatchEvent) => void;
  onError?: (gvk: GroupVersionKind, err: unknown) => void;
  onRelist?: (gvk: GroupVersionKind, err: unknown) => void;
  /**
   * Until `warm()`, read live and start no informer (default: a read starts its kind's informer).
   * A function that starts cold for an event answers it with a few GETs before it lists every
   * object of every kind it informs (at 1,000 services those LISTs kept it busy for ~250 ms).
   */
  warmFirst?: boolean;
}

export class ObjectCache {
  readonly #client: KubeClient;
  /** Per kind: one informer, or several with different selectors (Events of Pods, of InferenceServices). */
  readonly #informers = new Map<string, Informer[]>();
  readonly #namespaced = new Map<string, boolean>();
  #warmed: boolean;

  constructor(client: KubeClient, kinds: readonly InformedKind[], options: ObjectCacheOptions = {}) {
    this.#client = client;
    this.#warmed = !options.warmFirst;
    const watching = client.watch ? (client as KubeClient & Required<Pick<KubeClient, 'watch'>>) : undefined;
    if (watching === undefined) return;
    for (const kind of kinds) {
      const informerOptions = {
        ...(options.fieldManager !== undefined ? { fieldManager: options.fieldManager } : {}),
        onChange: (event: WatchEvent) => options.onChange?.(kind.gvk, event),
        onError: (err: unknown) => options.onError?.(kind.gvk, err),
        onRelist: (err: unknown) => options.onRelist?.(kind.gvk, err),
      };
      const id = kindId(kind.gvk);
      this.#informers.set(id, [
        ...(this.#informers.get(id) ?? []),
        new Informer(watching, kind, informerOptions),
      ]);
      this.#namespaced.set(kindId(kind.gvk), resourceInfo(kind.gvk).namespaced);
    }
  }

  /** Whether `gvk` is one of the informed kinds (its reads may come from memory). */
  informs(gvk: GroupVersionKind): boolean {
    return this.#informers.has(kindId(gvk));
  }

  /** Starts every informer and waits for their first LISTs (a cold start warms up before work). */
  async warm(): Promise<void> {
    this.#warmed = true;
    await Promise.all(this.#all().map((informer) => informer.ready()));
  }

  /**
   * Whether the cache of `gvk` has seen its changes up to `resourceVersion` (waits up to
   * `timeoutMs`). True for a kind that is not informed: its reads are live anyway. An informer
   * whose selectors would not keep `object` (the event's copy) is not waited for: no event of
   * it ever reaches that informer (a Job of another function's labels).
   */
  async caughtUp(
    gvk: GroupVersionKind,
    resourceVersion: string | undefined,
    timeoutMs: number,
    object?: KubeObject,
  ): Promise<boolean> {
    const informers = (this.#informers.get(kindId(gvk)) ?? []).filter(
      (informer) => object === undefined || informer.holds(object),
    );
    // An informer still on its first LIST (a cold start: every object of the kind, 6 MB at 1,000
    // services) is not waited for: the event's reconcile reads live meanwhile (~10 ms a GET).
    const listing = informers.filter((informer) => !informer.synced);
    if (listing.length > 0 && !this.#warmed) return false;
    if (listing.length > 0) {
      for (const informer of listing) void informer.ready();
      return false;
    }
    const answers = await Promise.all(
      informers.map((informer) =>
        resourceVersion === undefined ? informer.ready() : informer.reached(resourceVersion, timeoutMs),
      ),
    );
    return answers.every(Boolean);
  }

  /** The informed objects of `gvk` (shared copies: do not change them); undefined when not synced. */
  async snapshot(gvk: GroupVersionKind, options: ListOptions = {}): Promise<KubeObject[] | undefined> {
    const informer = await this.#synced(gvk, options);
    return informer?.select(this.#scoped(gvk, options));
  }

  async get<T extends KubeObject = KubeObject>(key: ObjectKey): Promise<T> {
    const informer = await this.#syncedFor(key);
    if (informer === undefined) return this.#client.get<T>(key);
    const found = informer.get(this.#namespaceOf(key, key.namespace), key.name);
    if (found === undefined) throw notFoundError(key, 'cache');
    return found as T;
  }

  async getOptional<T extends KubeObject = KubeObject>(key: ObjectKey): Promise<T | undefined> {
    const informer = await this.#syncedFor(key);
    if (informer === undefined) return this.#client.getOptional<T>(key);
    const found = informer.get(this.#namespaceOf(key, key.namespace), key.name);
    return found as T | undefined;
  }

  async list<T extends KubeObject = KubeObject>(
    gvk: GroupVersionKind,
    options: ListOptions = {},
  ): Promise<ObjectList<T>> {
    const informer = await this.#synced(gvk, options);
    if (informer === undefined) return this.#client.list<T>(gvk, options);
    const items = informer.select(this.#scoped(gvk, options)) as T[];
    const list: ObjectList<T> = { items };
    if (informer.resourceVersion !== undefined) list.resourceVersion = informer.resourceVersion;
    return list;
  }

  podLog(
    namespace: string,
    pod: string,
    options?: { container?: string; tailLines?: number; limitBytes?: number },
  ): Promise<string> {
    return this.#client.podLog(namespace, pod, options);
  }

  /** The resourceVersion the cache holds for `key` (no copy made); undefined when not held or not synced. */
  resourceVersionOf(key: ObjectKey): string | undefined {
    const informer = this.#find(key, (kind) => coversName(kind, key.name));
    if (!informer?.synced) return undefined;
    return informer.get(this.#namespaceOf(key, key.namespace), key.name)?.metadata.resourceVersion;
  }

  /** A write settled: its answer is newer than (or as new as) anything the watch has delivered. */
  written(gvk: GroupVersionKind, stored?: KubeObject): void {
    if (stored === undefined) return;
    for (const informer of this.#informers.get(kindId(gvk)) ?? []) informer.stored(stored);
  }

  /** Objects held, per kind (for metrics and the benchmark). */
  sizes(): Record<string, number> {
    const sizes: Record<string, number> = {};
    for (const informer of this.#all()) {
      const kind = informer.kind.gvk.kind;
      sizes[kind] = (sizes[kind] ?? 0) + informer.size;
    }
    return sizes;
  }

  stop(): void {
    for (const informer of this.#all()) informer.stop();
  }

  /** The informer that can answer this LIST from memory, once it has synced; else undefined. */
  #synced(gvk: GroupVersionKind, options: ListOptions): Promise<Informer | undefined> {
    return this.#ready(gvk, (kind) => covers(kind, options));
  }

  /** The informer that can answer a GET of `key` from memory, once it has synced; else undefined. */
  #syncedFor(key: ObjectKey): Promise<Informer | undefined> {
    return this.#ready(key, (kind) => coversName(kind, key.name));
  }

  async #ready(gvk: GroupVersionKind, fits: (kind: InformedKind) => boolean): Promise<Informer | undefined> {
    if (!this.#warmed) return undefined;
    const informer = this.#find(gvk, fits);
    if (informer === undefined) return undefined;
    return (await informer.ready()) ? informer : undefined;
  }

  #find(gvk: GroupVersionKind, fits: (kind: InformedKind) => boolean): Informer | undefined {
    return this.#informers.get(kindId(gvk))?.find((candidate) => fits(candidate.kind));
  }

  #all(): Informer[] {
    return [...this.#informers.values()].flat();
  }

  #namespaceOf(gvk: GroupVersionKind, namespace: string | undefined): string | undefined {
    return this.#namespaced.get(kindId(gvk)) ? namespace : undefined;
  }

  #scoped(gvk: GroupVersionKind, options: ListOptions): ListOptions {
    const scoped: ListOptions = { ...options };
    delete scoped.limit;
    const namespace = this.#namespaceOf(gvk, options.namespace);
    if (namespace === undefined) delete scoped.namespace;
    return scoped;
  }
}

/**
 * An informer restricted by a selector holds only part of the kind: it answers a LIST only when
 * every object the LIST selects is one it holds — each of its requirements is implied by one of
 * the LIST's (`app=x` implies `app`, the same requirement implies itself) (a GET by name: `coversName`).
 */
function covers(kind: InformedKind, options: ListOptions): boolean {
  if (kind.labelSelector !== undefined) {
    const asked = options.labelSelector ? parseLabelSelector(options.labelSelector) : [];
    if (!parseLabelSelector(kind.labelSelector).every((held) => asked.some((a) => implies(a, held))))
      return false;
  }
  if (kind.fieldSelector !== undefined) {
    const asked = new Set(splitFieldSelector(options.fieldSelector ?? ''));
    if (!splitFieldSelector(kind.fieldSelector).every((held) => asked.has(held))) return false;
  }
  return true;
}

/**
 * A GET by name: an informer of the whole kind answers it, and one restricted to objects of that
 * very name (`metadata.name=<name>`: a per-namespace singleton, e.g. a RoleBinding) does too.
 */
function coversName(kind: InformedKind, name: string): boolean {
  if (kind.labelSelector !== undefined) return false;
  if (kind.fieldSelector === undefined) return true;
  return splitFieldSelector(kind.fieldSelector).every((held) => held === `metadata.name=${name}`);
}

function implies(asked: LabelRequirement, held: LabelRequirement): boolean {
  if (asked.key !== held.key) return false;
  if (JSON.stringify(asked) === JSON.stringify(held)) return true;
  return held.operator === 'Exists' && (asked.operator === 'Equals' || asked.operator === 'In');
}

function splitFieldSelector(selector: string): string[] {
  return selector
    .split(',')
    .map((part) => part.trim().replace('==', '='))
    .filter((part) => part !== '');
}
