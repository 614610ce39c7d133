/**
 * Per-key exponential backoff for reconciles that failed transiently for a reason other than the
 * API server (a registry answer, a write that kept conflicting): 0.5 s, 1 s, 2 s, … up to 60 s,
 * reset by the key's next success. The function retries such reconciles itself (through the
 * work queue's timers) instead of asking the Broker to redeliver the event: a redelivery waits
 * out its backoff holding one of the few deliveries in flight to the function, so a burst of
 * failing objects would stall every other event behind it (issue 14).
 */
import { isRetryableError } from '../reconcile/retryable-error.ts';

export const FIRST_RETRY_SECONDS = 0.5;
export const MAX_RETRY_SECONDS = 60;

export class RetryBackoff {
  readonly #failures = new Map<string, number>();

  /** The delay before retrying `key` after one more failure. */
  next(key: string): number {
    const failures = (this.#failures.get(key) ?? 0) + 1;
    this.#failures.set(key, failures);
    return Math.min(MAX_RETRY_SECONDS, FIRST_RETRY_SECONDS * 2 ** (failures - 1));
  }

  reset(key: string): void {
    this.#failures.delete(key);
  }

  get size(): number {
    return this.#failures.size;
  }
}

/** The delay a retryable error asks for itself (e.g. a registry's Retry-After), if any. */
export function retryAfterOf(err: unknown): number | undefined {
  const seconds = isRetryableError(err) ? err.retryAfterSeconds : undefined;
  return seconds !== undefined && seconds > 0 ? seconds : undefined;
}
