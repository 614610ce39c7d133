/**
 * One kind kept current in memory: a LIST, then a WATCH from its resourceVersion, again and again
 * (the server ends each watch after `timeoutSeconds`). A watch too old for the server (410 Gone)
 * lists again; any other failure waits (exponential backoff) and resumes. Reads never wait for
 * more than the first LIST: until it answers they are told the kind is not synced, and the caller
 * reads live.
 */
import { isNotFound } from '../kube/errors.ts';
import { matchesFieldSelector, matchesLabelSelector } from '../kube/selectors.ts';
import type { GroupVersionKind, KubeClient, KubeObject, ListOptions } from '../kube/types.ts';
import type { WatchEvent, WatchHandle } from '../kube/watch.ts';
import { ObjectStore, slim } from './object-store.ts';
import { compareResourceVersions } from './resource-version.ts';

export interface InformedKind {
  gvk: GroupVersionKind;
  /** Only objects with these labels are kept (e.g. discovery Jobs). */
  labelSelector?: string;
  /** Only objects matching this field selector are kept (e.g. Events of InferenceServices). */
  fieldSelector?: string;
}

export interface InformerOptions {
  /** The function's field manager: its own managedFields entries are kept. */
  fieldManager?: string;
  /** Page size of the LIST (streaming the first sync instead of one huge answer). */
  pageSize?: number;
  /** Called on every change the watch delivers (after the store took it in). */
  onChange?: (event: WatchEvent) => void;
  onError?: (err: unknown) => void;
  /** The watch was too old for the server (410 Gone): the kind is listed again. */
  onRelist?: (err: unknown) => void;
}

type WatchingClient = KubeClient & Required<Pick<KubeClient, 'watch'>>;

const MIN_BACKOFF_MS = 500;
const MAX_BACKOFF_MS = 30_000;
/** A watch that ends sooner than this with no event is a failure in all but name. */
const SHORT_WATCH_MS = 1_000;
const DEFAULT_PAGE_SIZE = 500;

/** Watch timeouts are spread so the caches of one process do not all re-watch at once. */
function watchTimeoutSeconds(): number {
  return 300 + Math.floor(Math.random() * 300);
}

export class Informer {
  readonly kind: InformedKind;
  readonly #client: WatchingClient;
  readonly #options: InformerOptions;
  readonly #store = new ObjectStore();
  #resourceVersion: string | undefined;
  #synced = false;
  #started = false;
  #stopped = false;
  #firstSync: Promise<boolean> | undefined;
  #settleFirstSync: ((synced: boolean) => void) | undefined;
  #watch: WatchHandle | undefined;
  #waiters: { resourceVersion: string; resolve: (reached: boolean) => void }[] = [];

  constructor(client: WatchingClient, kind: InformedKind, options: InformerOptions = {}) {
    this.#client = client;
    this.kind = kind;
    this.#options = options;
  }

  get synced(): boolean {
    return this.#synced;
  }

  get size(): number {
    return this.#store.size;
  }

  get resourceVersion(): string | undefined {
    return this.#resourceVersion;
  }

  /** Starts the informer on first use; resolves whether the store holds a full LIST. */
  ready(): Promise<boolean> {
    if (this.#synced) return Promise.resolve(true);
    // A stopped informer never lists again: a reader arriving during shutdown reads live.
    if (this.#stopped) return Promise.resolve(false);
    if (!this.#started) {
      this.#started = true;
      void this.#run();
    }
    this.#firstSync ??= new Promise((resolve) => {
      this.#settleFirstSync = resolve;
    });
    return this.#firstSync;
  }

  get(namespace: string | undefined, name: string): KubeObject | undefined {
    return this.#store.get(namespace, name);
  }

  select(options: ListOptions): KubeObject[] {
    return this.#store.select(options);
  }

  /** A write's answer, folded in before its watch event arrives (ignored if older than what is held). */
  stored(object: KubeObject): void {
    if (!this.#synced || !this.holds(object)) return;
    // The writer keeps its answer: the store freezes a copy of its own, made after slimming
    // (other managers' managedFields are much of a status write's answer, and never kept).
    this.#store.put(structuredClone(slim(object, this.#options.fieldManager)));
  }

  /** Whether `object` is one this informer's selectors keep. */
  holds(object: KubeObject): boolean {
    const { labelSelector, fieldSelector } = this.kind;
    return (
      (labelSelector === undefined || matchesLabelSelector(labelSelector, object.metadata.labels)) &&
      (fieldSelector === undefined || matchesFieldSelector(fieldSelector, object))
    );
  }

  /**
   * Resolves true once the store has seen everything of this kind up to `resourceVersion` (an
   * event's object), false after `timeoutMs` or when resourceVersions cannot be compared.
   */
  reached(resourceVersion: string, timeoutMs: number): Promise<boolean> {
    const order = compareResourceVersions(this.#resourceVersion, resourceVersion);
    if (!this.#synced)
      return this.ready().then((ok) => (ok ? this.reached(resourceVersion, timeoutMs) : false));
    if (order === undefined) return Promise.resolve(false);
    if (order >= 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const waiter = { resourceVersion, resolve };
      this.#waiters.push(waiter);
      setTimeout(() => {
        this.#waiters = this.#waiters.filter((w) => w !== waiter);
        resolve(false);
      }, timeoutMs).unref();
    });
  }

  stop(): void {
    this.#stopped = true;
    this.#watch?.stop();
    this.#settleFirstSync?.(false);
    for (const waiter of this.#waiters) waiter.resolve(false);
    this.#waiters = [];
  }

  async #run(): Promise<void> {
    let needList = true;
    let backoff = MIN_BACKOFF_MS;
    while (!this.#stopped) {
      try {
        if (needList) {
          await this.#list();
          needList = false;
        }
        const watched = await this.#watchOnce();
        if (watched.events === 0 && watched.ms < SHORT_WATCH_MS) {
          // Ended at once with nothing to show (an API server or proxy closing every watch):
          // re-watching at once would spin, so wait as client-go's reflector does.
          await sleep(backoff);
          backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
        } else backoff = MIN_BACKOFF_MS;
      } catch (err) {
        if (this.#stopped) return;
        if (isGone(err)) {
          this.#options.onRelist?.(err);
          needList = true;
          continue;
        }
        this.#options.onError?.(err);
        if (!this.#synced) {
          // Readers waiting for the first LIST read live meanwhile; the next read waits again.
          this.#settleFirstSync?.(false);
          this.#firstSync = undefined;
        }
        if (isNotFound(err)) needList = true; // the kind's CRD is not installed (yet)
        await sleep(backoff);
        backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
      }
    }
  }

  async #list(): Promise<void> {
    const options: ListOptions = { limit: this.#options.pageSize ?? DEFAULT_PAGE_SIZE };
    if (this.kind.labelSelector) options.labelSelector = this.kind.labelSelector;
    if (this.kind.fieldSelector) options.fieldSelector = this.kind.fieldSelector;
    const list = await this.#client.list(this.kind.gvk, options);
    this.#store.replaceAll(
      list.items.map((item) => slim(item, this.#options.fieldManager)),
      list.resourceVersion,
    );
    this.#advance(list.resourceVersion);
    this.#synced = true;
    this.#settleFirstSync?.(true);
  }

  /** One watch until it ends: how long it lasted and how many events it brought. */
  async #watchOnce(): Promise<{ ms: number; events: number }> {
    const options = {
      resourceVersion: this.#resourceVersion ?? '0',
      timeoutSeconds: watchTimeoutSeconds(),
      ...(this.kind.labelSelector ? { labelSelector: this.kind.labelSelector } : {}),
      ...(this.kind.fieldSelector ? { fieldSelector: this.kind.fieldSelector } : {}),
    };
    const started = Date.now();
    let events = 0;
    this.#watch = this.#client.watch(this.kind.gvk, options, (event) => {
      events++;
      this.#apply(event);
    });
    try {
      await this.#watch.done;
    } finally {
      this.#watch = undefined;
    }
    return { ms: Date.now() - started, events };
  }

  #apply(event: WatchEvent): void {
    const { metadata } = event.object;
    if (event.type === 'DELETED')
      this.#store.remove(metadata.namespace, metadata.name, metadata.resourceVersion);
    else if (event.type !== 'BOOKMARK') this.#store.put(slim(event.object, this.#options.fieldManager));
    this.#advance(metadata.resourceVersion);
    if (event.type !== 'BOOKMARK') this.#options.onChange?.(event);
  }

  #advance(resourceVersion: string | undefined): void {
    if (resourceVersion === undefined) return;
    const order = compareResourceVersions(resourceVersion, this.#resourceVersion);
    if (order !== undefined && order <= 0) return;
    this.#resourceVersion = resourceVersion;
    const waiting = this.#waiters;
    this.#waiters = [];
    for (const waiter of waiting) {
      const reached = compareResourceVersions(resourceVersion, waiter.resourceVersion);
      if (reached !== undefined && reached >= 0) waiter.resolve(true);
      else this.#waiters.push(waiter);
    }
  }
}

function isGone(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { reason?: unknown }).reason === 'Gone';
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
