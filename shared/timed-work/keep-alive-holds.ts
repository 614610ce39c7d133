/**
 * The receiving side of a keep-alive (keep-alive.ts): the request is held open until its
 * `holdUntil`, so that Knative counts the function as busy and keeps it up. A hold never outlasts
 * `maxHoldMs` (the Trigger's delivery timeout is longer), and shutdown lets every hold go at once
 * with a retryable answer: the Broker delivers the keep-alive again to an instance that stays (or
 * starts one), whose start-up resync finds the timed work again.
 */
export type HoldOutcome = 'elapsed' | 'released';

export class KeepAliveHolds {
  readonly #maxHoldMs: number;
  readonly #now: () => number;
  readonly #holds = new Set<(outcome: HoldOutcome) => void>();
  #released = false;

  constructor(maxHoldMs: number, now: () => number = Date.now) {
    this.#maxHoldMs = maxHoldMs;
    this.#now = now;
  }

  get size(): number {
    return this.#holds.size;
  }

  hold(until: number): Promise<HoldOutcome> {
    if (this.#released) return Promise.resolve('released');
    const ms = Math.min(Math.max(0, until - this.#now()), this.#maxHoldMs);
    return new Promise((resolve) => {
      const end = (outcome: HoldOutcome) => {
        clearTimeout(timer);
        this.#holds.delete(end);
        resolve(outcome);
      };
      const timer = setTimeout(() => end('elapsed'), ms);
      this.#holds.add(end);
    });
  }

  /** Shutdown: every hold ends now, and new ones end at once. */
  releaseAll(): void {
    this.#released = true;
    for (const end of [...this.#holds]) end('released');
  }
}
