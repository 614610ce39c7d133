/**
 * At most `limit` requests in flight to one registry host inside this process (issue 14): a flood
 * of models against one slow registry queues here instead of opening ever more connections to it,
 * while requests to every other host go straight through. Waiters are served first come, first
 * served; a waiter whose signal aborts (its request timeout, which counts the wait) leaves the
 * queue. A slot is held from sending a request until its response headers arrive (or it fails);
 * reading the small bodies that follow is bounded by the same request timeout.
 */

interface HostState {
  active: number;
  waiting: Array<{ grant: () => void }>;
}

export type Release = () => void;

export class HostLimiter {
  readonly limit: number;
  readonly #hosts = new Map<string, HostState>();

  constructor(limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`host limit must be ≥ 1, got ${limit}`);
    this.limit = limit;
  }

  /** Requests to `host` holding a slot now. */
  inFlight(host: string): number {
    return this.#hosts.get(host.toLowerCase())?.active ?? 0;
  }

  /** Requests to `host` waiting for a slot. */
  queued(host: string): number {
    return this.#hosts.get(host.toLowerCase())?.waiting.length ?? 0;
  }

  /** A slot for `host`; rejects with the signal's reason if it aborts first. Release exactly once. */
  acquire(host: string, signal?: AbortSignal): Promise<Release> {
    const key = host.toLowerCase();
    let state = this.#hosts.get(key);
    if (state === undefined) {
      state = { active: 0, waiting: [] };
      this.#hosts.set(key, state);
    }
    const current = state;
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (current.active < this.limit) {
      current.active++;
      return Promise.resolve(this.#releaser(key, current));
    }
    return new Promise<Release>((resolve, reject) => {
      const waiter = {
        grant: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve(this.#releaser(key, current));
        },
      };
      const onAbort = () => {
        const index = current.waiting.indexOf(waiter);
        if (index >= 0) current.waiting.splice(index, 1);
        this.#forget(key, current);
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      current.waiting.push(waiter);
    });
  }

  #releaser(key: string, state: HostState): Release {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = state.waiting.shift();
      // The slot passes straight to the next waiter: `active` stays the same.
      if (next !== undefined) next.grant();
      else {
        state.active--;
        this.#forget(key, state);
      }
    };
  }

  #forget(key: string, state: HostState): void {
    if (state.active === 0 && state.waiting.length === 0 && this.#hosts.get(key) === state)
      this.#hosts.delete(key);
  }
}
