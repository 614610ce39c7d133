/**
 * The keys waiting for a worker, in the order the work queue hands them out:
 *
 * - by priority, always: objects whose status does not yet answer their spec (a new object, a
 *   changed spec: what a user is waiting for), then the rest of objects' own events, then
 *   dependents (objects another object's change concerns), then background work (resync sweeps,
 *   due timers) — an object's own event is what a delivery waits on, and in a burst a new
 *   object's first status never queues behind re-reconciles of objects that already have one;
 * - within a priority, round-robin between buckets (a function uses one bucket per kind and
 *   namespace): each bucket with waiting keys gives one key per round, so a flood of 1,000 keys
 *   in one bucket delays a key of another bucket by at most one key of every other bucket;
 * - within a bucket, first queued first (first created, first Running).
 */
export type Priority = 'unanswered' | 'event' | 'dependent' | 'resync';

/** Highest first. */
export const PRIORITIES: readonly Priority[] = ['unanswered', 'event', 'dependent', 'resync'];

/** Whether `a` is served before `b`. */
export function outranks(a: Priority, b: Priority): boolean {
  return PRIORITIES.indexOf(a) < PRIORITIES.indexOf(b);
}

/** A FIFO whose shift is O(1): a head index over an array that is compacted now and then. */
class Fifo {
  #items: string[] = [];
  #head = 0;

  get length(): number {
    return this.#items.length - this.#head;
  }

  push(item: string): void {
    this.#items.push(item);
  }

  shift(): string | undefined {
    if (this.#head >= this.#items.length) return undefined;
    const item = this.#items[this.#head];
    this.#head += 1;
    if (this.#head > 64 && this.#head * 2 > this.#items.length) {
      this.#items = this.#items.slice(this.#head);
      this.#head = 0;
    }
    return item;
  }

  remove(item: string): boolean {
    const index = this.#items.indexOf(item, this.#head);
    if (index < 0) return false;
    this.#items.splice(index, 1);
    return true;
  }

  drain(): string[] {
    const items = this.#items.slice(this.#head);
    this.#items = [];
    this.#head = 0;
    return items;
  }
}

export class FairPending {
  /** Per priority: bucket name → its waiting keys. A bucket is here only while it has keys. */
  readonly #buckets: Record<Priority, Map<string, Fifo>> = {
    unanswered: new Map(),
    event: new Map(),
    dependent: new Map(),
    resync: new Map(),
  };
  /** Per priority: the buckets with waiting keys, in turn order (the next to serve first). */
  readonly #turns: Record<Priority, Fifo> = {
    unanswered: new Fifo(),
    event: new Fifo(),
    dependent: new Fifo(),
    resync: new Fifo(),
  };
  #size = 0;

  get size(): number {
    return this.#size;
  }

  push(bucket: string, key: string, priority: Priority): void {
    const buckets = this.#buckets[priority];
    let keys = buckets.get(bucket);
    if (keys === undefined) {
      keys = new Fifo();
      buckets.set(bucket, keys);
      // A bucket that starts waiting takes its turn after every bucket already waiting.
      this.#turns[priority].push(bucket);
    }
    keys.push(key);
    this.#size += 1;
  }

  /** The next key to run, or undefined when nothing waits. */
  shift(): string | undefined {
    for (const priority of PRIORITIES) {
      const bucket = this.#turns[priority].shift();
      if (bucket === undefined) continue;
      const buckets = this.#buckets[priority];
      const keys = buckets.get(bucket);
      const key = keys?.shift();
      if (keys !== undefined && keys.length > 0) this.#turns[priority].push(bucket);
      else buckets.delete(bucket);
      if (key === undefined) continue;
      this.#size -= 1;
      return key;
    }
    return undefined;
  }

  /** Takes `key` out of `bucket` (a key promoted by a request of higher priority); false when it was not there. */
  remove(bucket: string, key: string, priority: Priority): boolean {
    const buckets = this.#buckets[priority];
    const keys = buckets.get(bucket);
    if (keys === undefined || !keys.remove(key)) return false;
    this.#size -= 1;
    if (keys.length === 0) {
      buckets.delete(bucket);
      this.#turns[priority].remove(bucket);
    }
    return true;
  }

  /** Empties the structure and returns every key that was waiting. */
  drain(): string[] {
    const keys: string[] = [];
    for (const priority of PRIORITIES) {
      for (const fifo of this.#buckets[priority].values()) keys.push(...fifo.drain());
      this.#buckets[priority].clear();
      this.#turns[priority].drain();
    }
    this.#size = 0;
    return keys;
  }
}
