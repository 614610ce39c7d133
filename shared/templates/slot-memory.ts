/**
 * A short memory of "every discovery slot is taken". A resync sweep meets the waiting templates one
 * after another; without it each would take the Lease and count the Jobs only to learn the same
 * thing. With it, one check per `holdSeconds` answers for all of them; a discovery Job that
 * finished (seen by the event mapping of the same process) clears it at once, so a freed slot is
 * never left idle for long.
 */
export interface RememberedFull {
  active: number;
  limit: number;
}

export class SlotMemory {
  readonly #holdMs: number;
  #full: (RememberedFull & { until: number }) | undefined;

  constructor(holdSeconds: number) {
    this.#holdMs = holdSeconds * 1000;
  }

  recall(now: Date): RememberedFull | undefined {
    if (this.#full === undefined || now.getTime() >= this.#full.until) return undefined;
    return { active: this.#full.active, limit: this.#full.limit };
  }

  rememberFull(full: RememberedFull, now: Date): void {
    this.#full = { ...full, until: now.getTime() + this.#holdMs };
  }

  forget(): void {
    this.#full = undefined;
  }
}
