/**
 * One kind as a resync sweep sees it: LISTed once (on first use, cluster-wide) and then answered
 * from memory. The sweep's own writes of the kind are folded in from the server's answers, so a
 * sweep that creates children of a snapshot kind (InferenceServices, discovery Jobs) neither
 * re-LISTs nor misses them.
 */
import { resourceInfo } from '../kube/resources.ts';
import {
  type LabelRequirement,
  matchesLabelRequirements,
  matchesListSelectors,
  parseLabelSelector,
  parseListSelectors,
} from '../kube/selectors.ts';
import type { GroupVersionKind, KubeClient, KubeObject, ListOptions, ObjectKey } from '../kube/types.ts';

export interface CachedKind {
  gvk: GroupVersionKind;
  /**
   * Only objects with these labels are listed (e.g. `app.kubernetes.io/name=aim-discovery` for
   * Jobs); then only LISTs whose selector includes every requirement of it are served from the
   * snapshot (other reads of the kind are answered per request, since the object may lack the labels).
   */
  labelSelector?: string;
}

interface Snapshot {
  /** Sorted by namespace and name, as the API server lists them. */
  items: KubeObject[];
  /** `items[i]`'s storage key is `keys[i]`. */
  keys: string[];
  resourceVersion?: string;
}

function storageKey(namespace: string | undefined, name: string): string {
  return `${namespace ?? ''}/${name}`;
}

function keyOf(object: KubeObject): string {
  return storageKey(object.metadata.namespace, object.metadata.name);
}

/** The index of `key` in sorted `keys`, or where it would go. */
function position(keys: readonly string[], key: string): number {
  let low = 0;
  let high = keys.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((keys[middle] ?? '') < key) low = middle + 1;
    else high = middle;
  }
  return low;
}

function sameRequirement(a: LabelRequirement, b: LabelRequirement): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export class KindSnapshot {
  readonly kind: CachedKind;
  readonly #client: KubeClient;
  readonly #base: LabelRequirement[];
  readonly #namespaced: boolean;
  #snapshot: Promise<Snapshot> | undefined;
  /** The snapshot once its LIST answered; writes are folded into it. */
  #loaded: Snapshot | undefined;

  constructor(client: KubeClient, kind: CachedKind) {
    this.kind = kind;
    this.#client = client;
    this.#base = kind.labelSelector ? parseLabelSelector(kind.labelSelector) : [];
    this.#namespaced = resourceInfo(kind.gvk).namespaced;
  }

  /** GETs are served only when the snapshot holds every object of the kind. */
  get servesGets(): boolean {
    return this.#base.length === 0;
  }

  /** Whether the snapshot can answer this LIST: unpaged, and selecting within the base selector. */
  covers(options: ListOptions): boolean {
    if (options.limit !== undefined) return false;
    const requirements = options.labelSelector ? parseLabelSelector(options.labelSelector) : [];
    return this.#base.every((base) => requirements.some((requirement) => sameRequirement(base, requirement)));
  }

  /** The object of `key` as listed (shared: the caller copies it). */
  async find(key: ObjectKey): Promise<KubeObject | undefined> {
    const wanted = storageKey(this.#namespaced ? key.namespace : undefined, key.name);
    const snapshot = await this.#load();
    const at = position(snapshot.keys, wanted);
    return snapshot.keys[at] === wanted ? snapshot.items[at] : undefined;
  }

  /** The listed objects matching `options` (shared: the caller copies them). */
  async select(options: ListOptions): Promise<{ items: KubeObject[]; resourceVersion?: string }> {
    const snapshot = await this.#load();
    const selectors = parseListSelectors(options);
    const items = snapshot.items.filter(
      (object) =>
        (!this.#namespaced || !options.namespace || object.metadata.namespace === options.namespace) &&
        matchesListSelectors(selectors, object),
    );
    return snapshot.resourceVersion === undefined
      ? { items }
      : { items, resourceVersion: snapshot.resourceVersion };
  }

  /** The server's answer to a write of this kind replaces (or adds, or drops) the listed copy. */
  stored(object: KubeObject): void {
    const snapshot = this.#loaded;
    if (snapshot === undefined) {
      // Still loading: the LIST may or may not include the write, so the next reader lists again.
      this.forget();
      return;
    }
    const key = keyOf(object);
    const at = position(snapshot.keys, key);
    const present = snapshot.keys[at] === key;
    if (matchesLabelRequirements(this.#base, object.metadata.labels)) {
      snapshot.items.splice(at, present ? 1 : 0, structuredClone(object));
      if (!present) snapshot.keys.splice(at, 0, key);
    } else if (present) {
      snapshot.items.splice(at, 1);
      snapshot.keys.splice(at, 1);
    }
  }

  /** What was listed may be wrong now (a delete, a failed write): the next read LISTs again. */
  forget(): void {
    this.#snapshot = undefined;
    this.#loaded = undefined;
  }

  /** One LIST; concurrent first readers share it, a failed LIST is retried by the next reader. */
  #load(): Promise<Snapshot> {
    if (this.#snapshot === undefined) {
      const options: ListOptions = this.kind.labelSelector ? { labelSelector: this.kind.labelSelector } : {};
      const loading = this.#client.list(this.kind.gvk, options).then((list) => {
        const sorted = list.items
          .map((item) => ({ key: keyOf(item), item }))
          .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
        const snapshot: Snapshot = {
          items: sorted.map(({ item }) => item),
          keys: sorted.map(({ key }) => key),
        };
        if (list.resourceVersion !== undefined) snapshot.resourceVersion = list.resourceVersion;
        if (this.#snapshot === loading) this.#loaded = snapshot;
        return snapshot;
      });
      loading.catch(() => {
        if (this.#snapshot === loading) this.#snapshot = undefined;
      });
      this.#snapshot = loading;
    }
    return this.#snapshot;
  }
}
