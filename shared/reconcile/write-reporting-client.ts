/**
 * A client whose writes are reported to a cache once they settle (a resync sweep's
 * `SweepReadCache`, a function's `ObjectCache`), so what the cache answers never predates this
 * process's own writes. Reads are live unless a reader is given (event mapping reads the cache).
 */
import type {
  ApplyOptions,
  GroupVersionKind,
  KubeClient,
  KubeObject,
  ListOptions,
  ObjectKey,
  ObjectList,
} from '../kube/types.ts';
import type { KubeReader } from './read-cache.ts';

/** What learns of writes: the server's answer, or nothing for a delete or a failed write. */
export interface WriteListener {
  written(gvk: GroupVersionKind, stored?: KubeObject): void;
}

class WriteReportingClient implements KubeClient {
  readonly #client: KubeClient;
  readonly #cache: WriteListener;
  readonly #reads: KubeReader;

  constructor(client: KubeClient, cache: WriteListener, reads: KubeReader) {
    this.#client = client;
    this.#cache = cache;
    this.#reads = reads;
  }

  get requestCount(): number {
    return this.#client.requestCount;
  }

  /** `stored` is false for a delete: the object may linger (finalizers), so the server's answer is not a copy to keep. */
  async #write<T>(target: GroupVersionKind, write: Promise<T>, stored: boolean): Promise<T> {
    try {
      const result = await write;
      this.#cache.written(target, stored ? (result as KubeObject) : undefined);
      return result;
    } catch (err) {
      this.#cache.written(target);
      throw err;
    }
  }

  get<T extends KubeObject = KubeObject>(key: ObjectKey): Promise<T> {
    return this.#reads.get<T>(key);
  }

  getOptional<T extends KubeObject = KubeObject>(key: ObjectKey): Promise<T | undefined> {
    return this.#reads.getOptional<T>(key);
  }

  list<T extends KubeObject = KubeObject>(
    gvk: GroupVersionKind,
    options?: ListOptions,
  ): Promise<ObjectList<T>> {
    return this.#reads.list<T>(gvk, options);
  }

  apply<T extends KubeObject = KubeObject>(object: KubeObject, options: ApplyOptions): Promise<T> {
    const write = this.#client.apply<T>(object, options);
    return options.dryRun ? write : this.#write(object, write, true);
  }

  applyStatus<T extends KubeObject = KubeObject>(object: KubeObject, options: ApplyOptions): Promise<T> {
    const write = this.#client.applyStatus<T>(object, options);
    return options.dryRun ? write : this.#write(object, write, true);
  }

  mergePatch<T extends KubeObject = KubeObject>(
    key: ObjectKey,
    patch: unknown,
    options?: { fieldManager?: string },
  ): Promise<T> {
    return this.#write(key, this.#client.mergePatch<T>(key, patch, options), true);
  }

  create<T extends KubeObject = KubeObject>(
    object: KubeObject,
    options?: { fieldManager?: string },
  ): Promise<T> {
    return this.#write(object, this.#client.create<T>(object, options), true);
  }

  replace<T extends KubeObject = KubeObject>(
    object: KubeObject,
    options?: { fieldManager?: string },
  ): Promise<T> {
    return this.#write(object, this.#client.replace<T>(object, options), true);
  }

  delete(
    key: ObjectKey,
    options?: { propagationPolicy?: 'Foreground' | 'Background' | 'Orphan' },
  ): Promise<void> {
    return this.#write(key, this.#client.delete(key, options), false);
  }

  podLog(
    namespace: string,
    pod: string,
    options?: { container?: string; tailLines?: number; limitBytes?: number },
  ): Promise<string> {
    return this.#client.podLog(namespace, pod, options);
  }
}

/** `client` with its writes reported to `cache`, reading from `reads` (default: live). */
export function reportingWritesTo(
  cache: WriteListener,
  client: KubeClient,
  reads: KubeReader = client,
): KubeClient {
  return new WriteReportingClient(client, cache, reads);
}
