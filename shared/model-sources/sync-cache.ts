/**
 * The last successful listing of each model source generation, kept until its next sync is due,
 * so that the events a sync causes (its own status write, resync ticks) are answered without
 * listing the registry again. Per instance; a cold instance lists once.
 */
import type { FilterOutcome } from './list-filters.ts';

const MAX_ENTRIES = 1000;

export class SyncCache {
  readonly #entries = new Map<string, { outcomes: FilterOutcome[]; expiresAt: number }>();

  static key(uid: string | undefined, generation: number | undefined): string {
    return `${uid ?? ''}/${generation ?? 0}`;
  }

  get(key: string, now: Date): FilterOutcome[] | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.expiresAt <= now.getTime()) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.outcomes;
  }

  set(key: string, outcomes: FilterOutcome[], expiresAt: Date): void {
    this.#entries.delete(key);
    this.#entries.set(key, { outcomes, expiresAt: expiresAt.getTime() });
    if (this.#entries.size > MAX_ENTRIES) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
  }
}
