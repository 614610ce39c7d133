/**
 * Reads that may come from a snapshot. A resync sweep reconciles every object of a kind in turn;
 * without help each of them would GET its model, its runtime configs and so on — one request per
 * object per dependency. The sweep instead hands its reconciles a `SweepReadCache`: the first read
 * of a declared kind LISTs it once (cluster-wide), and every later get/list of that kind in the
 * sweep is answered from that list. A snapshot a few seconds old is as good as a GET issued a
 * moment later for these reads; anything that must be current (a count under a lock, a write)
 * goes to `ctx.client`, which is never cached.
 */
import { KubeError } from '../kube/errors.ts';
import { resourceInfo } from '../kube/resources.ts';
import {
  type LabelRequirement,
  matchesFieldSelector,
  matchesLabelRequirements,
  parseLabelSelector,
} from '../kube/selectors.ts';
import type {
  GroupVersionKind,
  KubeClient,
  KubeObject,
  ListOptions,
  ObjectKey,
  ObjectList,
} from '../kube/types.ts';

/** The read side of `KubeClient`. Objects a reader returns are shared: treat them as read-only. */
export type KubeReader = Pick<KubeClient, 'get' | 'getOptional' | 'list'>;

export interface CachedKind {
  gvk: GroupVersionKind;
  /**
   * Only objects with these labels are listed (e.g. `app.kubernetes.io/name=aim-discovery` for
   * Jobs); then only LISTs whose selector includes every requirement of it are served (GETs go
   * to the API server, since the object may lack the labels).
   */
  labelSelector?: string;
}

interface Snapshot {
  items: KubeObject[];
  byKey: Map<string, KubeObject>;
  resourceVersion?: string;
}

function gvkId(gvk: GroupVersionKind): string {
  return `${gvk.apiVersion}/${gvk.kind}`;
}

function storageKey(namespace: string | undefined, name: string): string {
  return `${namespace ?? ''}/${name}`;
}

function sameRequirement(a: LabelRequirement, b: LabelRequirement): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function notFound(key: ObjectKey): KubeError {
  const { plural } = resourceInfo(key);
  return new KubeError({
    reason: 'NotFound',
    statusCode: 404,
    retryable: false,
    message: `GET (sweep snapshot): 404 NotFound: ${plural} "${key.name}" not found`,
    details: { message: `${plural} "${key.name}" not found`, statusReason: 'NotFound' },
  });
}

interface KindEntry {
  kind: CachedKind;
  base: LabelRequirement[];
  snapshot?: Promise<Snapshot>;
}

export class SweepReadCache implements KubeReader {
  readonly #client: KubeClient;
  readonly #kinds = new Map<string, KindEntry>();

  constructor(client: KubeClient, kinds: readonly CachedKind[]) {
    this.#client = client;
    for (const kind of kinds) {
      this.#kinds.set(gvkId(kind.gvk), {
        kind,
        base: kind.labelSelector ? parseLabelSelector(kind.labelSelector) : [],
      });
    }
  }

  /** The kinds this cache serves (for logs and tests). */
  get kinds(): CachedKind[] {
    return [...this.#kinds.values()].map((entry) => entry.kind);
  }

  async get<T extends KubeObject = KubeObject>(key: ObjectKey): Promise<T> {
    const found = await this.getOptional<T>(key);
    if (found === undefined) throw notFound(key);
    return found;
  }

  async getOptional<T extends KubeObject = KubeObject>(key: ObjectKey): Promise<T | undefined> {
    const entry = this.#kinds.get(gvkId(key));
    if (entry === undefined || entry.base.length > 0) return this.#client.getOptional<T>(key);
    const snapshot = await this.#snapshot(entry);
    const namespace = resourceInfo(key).namespaced ? key.namespace : undefined;
    return snapshot.byKey.get(storageKey(namespace, key.name)) as T | undefined;
  }

  async list<T extends KubeObject = KubeObject>(
    gvk: GroupVersionKind,
    options: ListOptions = {},
  ): Promise<ObjectList<T>> {
    const entry = this.#kinds.get(gvkId(gvk));
    const requirements = options.labelSelector ? parseLabelSelector(options.labelSelector) : [];
    const covered =
      entry !== undefined &&
      options.limit === undefined &&
      entry.base.every((base) => requirements.some((requirement) => sameRequirement(base, requirement)));
    if (!covered || entry === undefined) return this.#client.list<T>(gvk, options);
    const snapshot = await this.#snapshot(entry);
    const namespaced = resourceInfo(gvk).namespaced;
    const items = snapshot.items.filter(
      (object) =>
        (!namespaced || !options.namespace || object.metadata.namespace === options.namespace) &&
        matchesLabelRequirements(requirements, object.metadata.labels) &&
        (!options.fieldSelector || matchesFieldSelector(options.fieldSelector, object)),
    ) as T[];
    const list: ObjectList<T> = { items };
    if (snapshot.resourceVersion !== undefined) list.resourceVersion = snapshot.resourceVersion;
    return list;
  }

  /** One LIST per kind per sweep; concurrent first readers share it, a failed LIST is retried by the next. */
  #snapshot(entry: KindEntry): Promise<Snapshot> {
    if (entry.snapshot === undefined) {
      const options: ListOptions = entry.kind.labelSelector
        ? { labelSelector: entry.kind.labelSelector }
        : {};
      const loading = this.#client.list(entry.kind.gvk, options).then((list) => {
        const byKey = new Map<string, KubeObject>();
        for (const item of list.items)
          byKey.set(storageKey(item.metadata.namespace, item.metadata.name), item);
        const snapshot: Snapshot = { items: list.items, byKey };
        if (list.resourceVersion !== undefined) snapshot.resourceVersion = list.resourceVersion;
        return snapshot;
      });
      loading.catch(() => {
        if (entry.snapshot === loading) entry.snapshot = undefined;
      });
      entry.snapshot = loading;
    }
    return entry.snapshot;
  }
}

/** Where a fetch reads from: the sweep's snapshot when there is one, the API server otherwise. */
export function readerOf(ctx: { client: KubeClient; reads?: KubeReader | undefined }): KubeReader {
  return ctx.reads ?? ctx.client;
}
