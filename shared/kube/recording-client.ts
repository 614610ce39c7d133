/**
 * A `KubeClient` decorator that reports the authorization requests (`ApiAccess`) of every call
 * before forwarding it. Tests wrap a function's client with it to compare what the code does
 * with the role the function is given; the attempt is what RBAC judges, so a call is reported
 * even when it then fails.
 */
import { type ApiAccess, accessesOfCall, type KubeClientMethod } from './api-access.ts';
import { ForwardingKubeClient } from './forwarding-client.ts';
import type { KubeClient } from './types.ts';

export type AccessListener = (access: ApiAccess, method: KubeClientMethod) => void;

export class RecordingKubeClient extends ForwardingKubeClient {
  readonly #listener: AccessListener;

  constructor(inner: KubeClient, listener: AccessListener) {
    super(inner);
    this.#listener = listener;
  }

  /** Present when the inner client can watch (a cache then informs through it). */
  get watch(): KubeClient['watch'] {
    const inner = this.inner;
    if (inner.watch === undefined) return undefined;
    return (gvk, options, onEvent) => {
      for (const access of accessesOfCall('watch', [gvk, options])) this.#listener(access, 'watch');
      return inner.watch!(gvk, options, onEvent);
    };
  }

  protected override forward<R>(
    method: KubeClientMethod,
    args: readonly unknown[],
    call: () => Promise<R>,
  ): Promise<R> {
    for (const access of accessesOfCall(method, args)) this.#listener(access, method);
    return call();
  }
}

/** Wraps `inner` so every call's accesses are appended to the returned list as well. */
export function recordAccesses(inner: KubeClient): { client: KubeClient; accesses: ApiAccess[] } {
  const accesses: ApiAccess[] = [];
  return { client: new RecordingKubeClient(inner, (access) => accesses.push(access)), accesses };
}
