/**
 * The one place a function's reconciles run: a fixed pool of workers over a queue of object keys.
 *
 * - Coalescing: a key waits in the queue at most once. Events for a key that is already queued
 *   join that run; events for a key being reconciled mark it dirty, and it runs once more when the
 *   current run ends (level-triggered: the second run sees everything the events announced).
 * - Fair order (fair-pending.ts): an object's own events, then dependents, then background work
 *   (resync sweeps and due timers), so neither a sweep nor a retry ever delays a user's change,
 *   and a fan-out never delays the object an event is about; round-robin between buckets
 *   (kind and namespace), so a flood of one kind or namespace never starves another; within a
 *   bucket, the order keys were first queued in.
 * - Bounded: at most `concurrency` reconciles at once however many events arrive together.
 * - Later: time-based follow-ups (`requeueAfterSeconds`, retries) wait on one timer per key, the
 *   earliest.
 *
 * Every caller learns the outcome of the run that covered its request.
 */
import { RetryableError } from '../reconcile/retryable-error.ts';
import { FairPending, outranks, type Priority } from './fair-pending.ts';

export type { Priority } from './fair-pending.ts';

/**
 * What a request the queue will never run settles with once it is stopped: retryable, so an
 * event waiting on it is answered 503 and the Broker redelivers it to an instance that stays.
 * Resolving instead would answer the event 200 for work nobody did.
 */
export class QueueStoppedError extends RetryableError {
  constructor() {
    super('the function is stopping: the request was not run');
    this.name = 'QueueStoppedError';
  }
}

interface Waiter {
  resolve: () => void;
  reject: (err: unknown) => void;
}

interface Entry<R> {
  request: R;
  bucket: string;
  priority: Priority;
  /** Waiting for a worker; its waiters get this run's outcome. */
  queued: boolean;
  running: boolean;
  waiters: Waiter[];
  /** Arrived while running: they get the outcome of the next run. */
  next: Waiter[];
  nextPriority?: Priority;
}

export interface WorkQueueOptions<R> {
  concurrency: number;
  run: (request: R) => Promise<void>;
  /** Two requests for one key become one (default: the later one). */
  merge?: (earlier: R, later: R) => R;
  /** The fairness bucket of a key (default: one bucket, plain first-queued-first order). */
  bucketOf?: (key: string, request: R) => string;
  /** A timer was set or moved (timed-work.ts decides how the instance stays up for it). */
  onTimersChanged?: () => void;
}

export class WorkQueue<R> {
  readonly #options: WorkQueueOptions<R>;

  /** Reconciles run at once, at most. */
  get concurrency(): number {
    return this.#options.concurrency;
  }
  readonly #entries = new Map<string, Entry<R>>();
  readonly #pending = new FairPending();
  readonly #timers = new Map<string, { at: number; timer: NodeJS.Timeout }>();
  #active = 0;
  #stopped = false;
  #idleWaiters: (() => void)[] = [];

  constructor(options: WorkQueueOptions<R>) {
    this.#options = options;
  }

  /** Keys waiting for a worker. */
  get depth(): number {
    return this.#pending.size;
  }

  get active(): number {
    return this.#active;
  }

  /** When each timer is due (epoch ms). */
  *dueTimes(): Iterable<number> {
    for (const { at } of this.#timers.values()) yield at;
  }

  /** Whether `key` is queued or running (a timer alone does not count). */
  has(key: string): boolean {
    return this.#entries.has(key);
  }

  /** Queues `key` (or joins its queued run) and settles with the outcome of the run that covers it. */
  enqueue(key: string, request: R, priority: Priority = 'event'): Promise<void> {
    if (this.#stopped) return Promise.reject(new QueueStoppedError());
    return new Promise<void>((resolve, reject) => {
      const waiter = { resolve, reject };
      const entry = this.#entries.get(key);
      if (entry === undefined) {
        const bucket = this.#options.bucketOf?.(key, request) ?? '';
        this.#entries.set(key, {
          request,
          bucket,
          priority,
          queued: true,
          running: false,
          waiters: [waiter],
          next: [],
        });
        this.#pending.push(bucket, key, priority);
      } else if (entry.queued) {
        entry.request = this.#merge(entry.request, request);
        entry.waiters.push(waiter);
        if (outranks(priority, entry.priority)) this.#promote(key, entry, priority);
      } else {
        entry.request = this.#merge(entry.request, request);
        entry.next.push(waiter);
        if (entry.nextPriority === undefined || outranks(priority, entry.nextPriority))
          entry.nextPriority = priority;
      }
      this.#pump();
    });
  }

  /**
   * Runs `key` again after `delayMs` (the earliest of several asks wins); failures are the run's
   * to log. Due timers queue as background work, with the resync's priority: a retry or a
   * follow-up of an object that already has a status never delays a new event (issue 14's burst:
   * hundreds of failing models retried with backoff kept new objects from their first status).
   */
  later(key: string, request: R, delayMs: number): void {
    if (this.#stopped) return;
    const at = Date.now() + delayMs;
    const existing = this.#timers.get(key);
    if (existing && existing.at <= at) return;
    if (existing) clearTimeout(existing.timer);
    const timer = setTimeout(() => {
      this.#timers.delete(key);
      this.enqueue(key, request, 'resync').catch(() => {
        // The run logged it; the object's next event or the resync retries.
      });
    }, delayMs);
    timer.unref();
    this.#timers.set(key, { at, timer });
    this.#options.onTimersChanged?.();
  }

  /**
   * Drops queued work and timers (their waiters get a QueueStoppedError); runs in progress
   * finish, and nothing runs after them.
   */
  stop(): void {
    this.#stopped = true;
    for (const { timer } of this.#timers.values()) clearTimeout(timer);
    this.#timers.clear();
    for (const key of this.#pending.drain()) {
      const entry = this.#entries.get(key);
      this.#entries.delete(key);
      for (const waiter of entry?.waiters ?? []) waiter.reject(new QueueStoppedError());
    }
  }

  /** Resolves once no run is in progress (after `stop`, the runs it let finish are over). */
  idle(): Promise<void> {
    if (this.#active === 0) return Promise.resolve();
    return new Promise((resolve) => this.#idleWaiters.push(resolve));
  }

  #merge(earlier: R, later: R): R {
    return this.#options.merge ? this.#options.merge(earlier, later) : later;
  }

  #promote(key: string, entry: Entry<R>, priority: Priority): void {
    this.#pending.remove(entry.bucket, key, entry.priority);
    this.#pending.push(entry.bucket, key, priority);
    entry.priority = priority;
  }

  #pump(): void {
    while (this.#active < this.#options.concurrency) {
      const key = this.#pending.shift();
      if (key === undefined) return;
      const entry = this.#entries.get(key);
      if (entry === undefined) continue;
      this.#start(key, entry);
    }
  }

  #start(key: string, entry: Entry<R>): void {
    entry.queued = false;
    entry.running = true;
    const waiters = entry.waiters;
    entry.waiters = [];
    this.#active += 1;
    const settle = (outcome: { ok: true } | { ok: false; err: unknown }) => {
      this.#active -= 1;
      entry.running = false;
      for (const waiter of waiters) {
        if (outcome.ok) waiter.resolve();
        else waiter.reject(outcome.err);
      }
      if (entry.next.length > 0 && !this.#stopped) {
        entry.waiters = entry.next;
        entry.next = [];
        entry.priority = entry.nextPriority ?? 'event';
        entry.nextPriority = undefined;
        entry.queued = true;
        this.#pending.push(entry.bucket, key, entry.priority);
      } else {
        // Stopped while it ran: the events that arrived meanwhile were not covered by this run.
        for (const waiter of entry.next) waiter.reject(new QueueStoppedError());
        this.#entries.delete(key);
      }
      this.#pump();
      if (this.#active === 0) for (const wake of this.#idleWaiters.splice(0)) wake();
    };
    // Deferred so that a synchronous throw is an outcome too.
    Promise.resolve()
      .then(() => this.#options.run(entry.request))
      .then(
        () => settle({ ok: true }),
        (err: unknown) => settle({ ok: false, err }),
      );
  }
}
