/**
 * A `FakeKubeClient` that can also watch, so the functions' object cache runs in unit tests the
 * way it runs against an API server: every call (and a short timer, for changes a test makes
 * directly on the fake) compares each watch's view with the store and streams the differences.
 */
import { resourceInfo } from '../../shared/kube/resources.ts';
import { matchesFieldSelector, matchesLabelSelector } from '../../shared/kube/selectors.ts';
import type {
  ApplyOptions,
  GroupVersionKind,
  KubeClient,
  KubeObject,
  ListOptions,
  ObjectKey,
  ObjectList,
} from '../../shared/kube/types.ts';
import type { WatchEvent, WatchHandle, WatchOptions } from '../../shared/kube/watch.ts';
import type { FakeKubeClient } from './fake-kube.ts';

interface Watcher {
  gvk: GroupVersionKind;
  options: WatchOptions;
  onEvent: (event: WatchEvent) => void;
  /** What this watch has told its reader: storage key → resourceVersion. */
  seen: Map<string, string | undefined>;
  finish: () => void;
}

const POLL_MS = 5;

function storageKey(object: KubeObject): string {
  return `${object.metadata.namespace ?? ''}/${object.metadata.name}`;
}

export class WatchingFakeKubeClient implements KubeClient {
  readonly fake: FakeKubeClient;
  readonly #watchers = new Set<Watcher>();
  #timer: NodeJS.Timeout | undefined;

  constructor(fake: FakeKubeClient) {
    this.fake = fake;
  }

  get requestCount(): number {
    return this.fake.requestCount;
  }

  watch(gvk: GroupVersionKind, options: WatchOptions, onEvent: (event: WatchEvent) => void): WatchHandle {
    let finish = () => {};
    const done = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const watcher: Watcher = { gvk, options, onEvent, seen: new Map(), finish };
    for (const object of this.#matching(watcher))
      watcher.seen.set(storageKey(object), object.metadata.resourceVersion);
    this.#watchers.add(watcher);
    this.#timer ??= setInterval(() => this.#flush(), POLL_MS).unref();
    return {
      done,
      stop: () => {
        this.#watchers.delete(watcher);
        if (this.#watchers.size === 0 && this.#timer) {
          clearInterval(this.#timer);
          this.#timer = undefined;
        }
        finish();
      },
    };
  }

  /** Streams every difference between each watch's view and the store now. */
  flush(): void {
    this.#flush();
  }

  #matching(watcher: Watcher): KubeObject[] {
    const { gvk, options } = watcher;
    const namespaced = resourceInfo(gvk).namespaced;
    return this.fake
      .objects(gvk)
      .filter(
        (object) =>
          (!namespaced || !options.namespace || object.metadata.namespace === options.namespace) &&
          (!options.labelSelector || matchesLabelSelector(options.labelSelector, object.metadata.labels)) &&
          (!options.fieldSelector || matchesFieldSelector(options.fieldSelector, object)),
      );
  }

  #flush(): void {
    for (const watcher of this.#watchers) {
      const present = new Set<string>();
      for (const object of this.#matching(watcher)) {
        const key = storageKey(object);
        present.add(key);
        const seen = watcher.seen.get(key);
        if (watcher.seen.has(key) && seen === object.metadata.resourceVersion) continue;
        watcher.onEvent({ type: watcher.seen.has(key) ? 'MODIFIED' : 'ADDED', object });
        watcher.seen.set(key, object.metadata.resourceVersion);
      }
      for (const key of [...watcher.seen.keys()]) {
        if (present.has(key)) continue;
        watcher.seen.delete(key);
        const [namespace, name] = key.split('/') as [string, string];
        const metadata: KubeObject['metadata'] = { name, resourceVersion: this.#version() };
        if (namespace) metadata.namespace = namespace;
        watcher.onEvent({ type: 'DELETED', object: { ...watcher.gvk, metadata } });
      }
    }
  }

  #version(): string {
    return this.fake.version;
  }

  async #after<T>(call: Promise<T>): Promise<T> {
    try {
      return await call;
    } finally {
      this.#flush();
    }
  }

  get<T extends KubeObject = KubeObject>(key: ObjectKey): Promise<T> {
    return this.#after(this.fake.get<T>(key));
  }

  getOptional<T extends KubeObject = KubeObject>(key: ObjectKey): Promise<T | undefined> {
    return this.#after(this.fake.getOptional<T>(key));
  }

  list<T extends KubeObject = KubeObject>(
    gvk: GroupVersionKind,
    options?: ListOptions,
  ): Promise<ObjectList<T>> {
    return this.#after(this.fake.list<T>(gvk, options));
  }

  apply<T extends KubeObject = KubeObject>(object: KubeObject, options: ApplyOptions): Promise<T> {
    return this.#after(this.fake.apply<T>(object, options));
  }

  applyStatus<T extends KubeObject = KubeObject>(object: KubeObject, options: ApplyOptions): Promise<T> {
    return this.#after(this.fake.applyStatus<T>(object, options));
  }

  mergePatch<T extends KubeObject = KubeObject>(
    key: ObjectKey,
    patch: unknown,
    options?: { fieldManager?: string },
  ): Promise<T> {
    return this.#after(this.fake.mergePatch<T>(key, patch, options));
  }

  create<T extends KubeObject = KubeObject>(
    object: KubeObject,
    options?: { fieldManager?: string },
  ): Promise<T> {
    return this.#after(this.fake.create<T>(object, options));
  }

  replace<T extends KubeObject = KubeObject>(
    object: KubeObject,
    options?: { fieldManager?: string },
  ): Promise<T> {
    return this.#after(this.fake.replace<T>(object, options));
  }

  delete(
    key: ObjectKey,
    options?: { propagationPolicy?: 'Foreground' | 'Background' | 'Orphan' },
  ): Promise<void> {
    return this.#after(this.fake.delete(key, options));
  }

  podLog(
    namespace: string,
    pod: string,
    options?: { container?: string; tailLines?: number; limitBytes?: number },
  ): Promise<string> {
    return this.fake.podLog(namespace, pod, options);
  }
}
