/**
 * How the local broker delivers: which answers it retries and after how long (as Knative's
 * dispatcher does), and the per-subscriber bound on deliveries in flight.
 */
import { parseIsoDurationMs } from './durations.ts';
import type { DeliverySpec } from './manifests.ts';

/** Status codes Knative's dispatcher retries (plus any transport error). */
export function retryable(status: number): boolean {
  return status >= 500 || status === 404 || status === 408 || status === 409 || status === 429;
}

export function backoffMs(delivery: DeliverySpec | undefined, attempt: number): number {
  const base = delivery?.backoffDelay ? parseIsoDurationMs(delivery.backoffDelay) : 200;
  return delivery?.backoffPolicy === 'linear' ? base * attempt : base * 2 ** (attempt - 1);
}

/** At most `limit` runs at once; the others wait in arrival order. */
export class Semaphore {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly limit: number;
  constructor(limit: number) {
    this.limit = limit;
  }
  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((r) => this.waiting.push(r));
    this.active++;
    try {
      return await fn();
    } finally {
      this.active--;
      this.waiting.shift()?.();
    }
  }
}
