/**
 * Counts the calls made through it, so one reconcile reports its own API requests. The
 * transport's count is the process's: with several reconciles running and Events being written
 * beside them, the difference of that count over a reconcile added up everyone's requests, and
 * `aim_api_requests_total` counted the same request once per reconcile that overlapped it.
 * Retries inside the transport are not seen here; retries of a whole call (conflicts) are.
 */
import type { KubeClientMethod } from './api-access.ts';
import { ForwardingKubeClient } from './forwarding-client.ts';

export class RequestCountingClient extends ForwardingKubeClient {
  #count = 0;

  override get requestCount(): number {
    return this.#count;
  }

  protected override forward<R>(
    _method: KubeClientMethod,
    _args: readonly unknown[],
    call: () => Promise<R>,
  ): Promise<R> {
    this.#count += 1;
    return call();
  }
}
