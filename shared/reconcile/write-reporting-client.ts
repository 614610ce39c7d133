/**
 * A client whose writes are reported to a cache once they settle (a resync sweep's
 * `SweepReadCache`, a function's `ObjectCache`), so what the cache answers never predates this
 * process's own writes. Reads are live unless a reader is given (event mapping reads the cache).
 */
import type { KubeClientMethod } from '../kube/api-access.ts';
import { ForwardingKubeClient } from '../kube/forwarding-client.ts';
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

class WriteReportingClient extends ForwardingKubeClient {
  readonly #cache: WriteListener;
  readonly #reads: KubeReader;

  constructor(client: KubeClient, cache: WriteListener, reads: KubeReader) {
    super(client);
    this.#cache = cache;
    this.#reads = reads;
  }

  override get<T extends KubeObject = KubeObject>(key: ObjectKey): Promise<T> {
    return this.#reads.get<T>(key);
  }

  override getOptional<T extends KubeObject = KubeObject>(key: ObjectKey): Promise<T | undefined> {
    return this.#reads.getOptional<T>(key);
  }

  override list<T extends KubeObject = KubeObject>(
    gvk: GroupVersionKind,
    options?: ListOptions,
  ): Promise<ObjectList<T>> {
    return this.#reads.list<T>(gvk, options);
  }

  protected override forward<R>(
    method: KubeClientMethod,
    args: readonly unknown[],
    call: () => Promise<R>,
  ): Promise<R> {
    // Every write names its target first: the object (apply, create, replace) or its key.
    const target = args[0] as GroupVersionKind;
    switch (method) {
      case 'apply':
      case 'applyStatus':
        return (args[1] as ApplyOptions).dryRun ? call() : this.#write(target, call(), true);
      case 'mergePatch':
      case 'create':
      case 'replace':
        return this.#write(target, call(), true);
      case 'delete':
        return this.#write(target, call(), false);
      default:
        return call();
    }
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
}

/** `client` with its writes reported to `cache`, reading from `reads` (default: live). */
export function reportingWritesTo(
  cache: WriteListener,
  client: KubeClient,
  reads: KubeReader = client,
): KubeClient {
  return new WriteReportingClient(client, cache, reads);
}
