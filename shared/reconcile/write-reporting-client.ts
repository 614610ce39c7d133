/**
 * `ctx.client` during a resync sweep: reads stay live, and every write is reported to the sweep's
 * `SweepReadCache` once it settles, so what the cache answers never predates the sweep's own writes.
 */
import type { KubeClientMethod } from '../kube/api-access.ts';
import { ForwardingKubeClient } from '../kube/forwarding-client.ts';
import type { ApplyOptions, GroupVersionKind, KubeClient, KubeObject } from '../kube/types.ts';
import type { SweepReadCache } from './read-cache.ts';

class WriteReportingClient extends ForwardingKubeClient {
  readonly #cache: SweepReadCache;

  constructor(client: KubeClient, cache: SweepReadCache) {
    super(client);
    this.#cache = cache;
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

/** `client` with its writes reported to `cache` (see the module comment). */
export function reportingWritesTo(cache: SweepReadCache, client: KubeClient): KubeClient {
  return new WriteReportingClient(client, cache);
}
