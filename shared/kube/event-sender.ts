/**
 * Writes Kubernetes Events off the reconcile's path, as client-go's recorder does: `send` queues
 * the Event and returns at once; at most `concurrency` are written at a time, and beyond
 * `maxPending` waiting ones the newest are dropped (Events are best effort; the conditions hold
 * the state). In a burst of 1,000 objects the functions wrote 5,300 Events, about half of their
 * requests: awaited inside each reconcile they held the fixed pool of workers (issue 14).
 *
 * Events also yield to reconciles: while `busy()` says reconciles are waiting, an Event waits
 * too, up to `maxDelayMs` (30 s) after it happened and while fewer than HOLD_LIMIT wait (its
 * timestamps are the recorder's, so a late write changes nothing a reader sees). In a burst the
 * API server's CPU goes to statuses first: the 1,000-object burst's ~1,900 Events held at most
 * 5 s still competed with the statuses of its last third (156-190 objects over 10 s; held up to
 * 30 s, 106-126). A function with nothing waiting writes them at once. A backlog is written with
 * more in flight, so it drains rather than overflows.
 *
 * A recurring Event (spec §5.7: an error-level condition is evented on every reconcile) that is
 * still waiting when it recurs is not queued again: the waiting one counts it (`count`,
 * `lastTimestamp`), as client-go's correlator folds repeats into one Event: an invalid object
 * reconciled three times in a burst while its Events wait is one write, not three.
 */
import type { KubeClient, KubeObject } from './types.ts';

export interface EventSenderOptions {
  concurrency?: number;
  maxPending?: number;
  /** Called for each Event dropped because too many were waiting. */
  onDrop?: (event: KubeObject) => void;
  /** Told how many Events are waiting or being written whenever that changes (a gauge). */
  onBacklog?: (count: number) => void;
  /** Whether reconciles are waiting: Events wait with them (up to `maxDelayMs`). */
  busy?: () => boolean;
  maxDelayMs?: number;
}

const DEFAULT_MAX_DELAY_MS = 30_000;
/** How often a held Event looks again whether the reconciles are done. */
const RECHECK_MS = 200;
/** Beyond this many waiting, Events no longer wait for the reconciles (they would be dropped). */
const HOLD_LIMIT = 2_000;
/** A backlog is written faster: one more in flight per this many waiting, up to MAX_CONCURRENCY. */
const BACKLOG_STEP = 100;
const MAX_CONCURRENCY = 8;

export class EventSender {
  readonly #client: KubeClient;
  readonly #concurrency: number;
  readonly #maxPending: number;
  readonly #options: EventSenderOptions;
  /** Each Event, its recurrence key, and where its write failure goes (the recorder's log). */
  readonly #pending: Array<{
    event: KubeObject;
    key: string;
    at: number;
    onError?: (err: unknown) => void;
  }> = [];
  /** The waiting Events by recurrence key: a repeat counts on the waiting one. */
  readonly #waiting = new Map<string, KubeObject>();
  #active = 0;
  #idle: (() => void)[] = [];
  #recheck: NodeJS.Timeout | undefined;

  constructor(client: KubeClient, options: EventSenderOptions = {}) {
    this.#client = client;
    this.#concurrency = options.concurrency ?? 2;
    this.#maxPending = options.maxPending ?? 3_000;
    this.#options = options;
  }

  get pending(): number {
    return this.#pending.length;
  }

  send(event: KubeObject, onError?: (err: unknown) => void): void {
    const key = recurrenceKey(event);
    const waiting = this.#waiting.get(key);
    if (waiting !== undefined) {
      countRecurrence(waiting, event);
      return;
    }
    if (this.#pending.length >= this.#maxPending) {
      this.#options.onDrop?.(event);
      return;
    }
    const at = performance.now();
    this.#pending.push(onError === undefined ? { event, key, at } : { event, key, at, onError });
    this.#waiting.set(key, event);
    this.#pump();
  }

  /** Resolves once nothing is waiting or being written. */
  idle(): Promise<void> {
    if (this.#active === 0 && this.#pending.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.#idle.push(resolve));
  }

  /**
   * `concurrency`, raised for a backlog (500 services made 4,000 Events) once the reconciles are
   * done, or while they are not when the backlog nears overflowing.
   */
  #inFlightLimit(): number {
    if (this.#pending.length < HOLD_LIMIT && this.#options.busy?.() === true) return this.#concurrency;
    const raised = this.#concurrency + Math.floor(this.#pending.length / BACKLOG_STEP);
    return Math.max(this.#concurrency, Math.min(raised, MAX_CONCURRENCY));
  }

  /** Whether the oldest waiting Event should wait for the reconciles a little longer. */
  #holding(): boolean {
    const oldest = this.#pending[0];
    if (oldest === undefined || this.#options.busy?.() !== true) return false;
    if (this.#pending.length >= HOLD_LIMIT) return false;
    const waited = performance.now() - oldest.at;
    if (waited >= (this.#options.maxDelayMs ?? DEFAULT_MAX_DELAY_MS)) return false;
    this.#recheck ??= setTimeout(() => {
      this.#recheck = undefined;
      this.#pump();
    }, RECHECK_MS).unref();
    return true;
  }

  #pump(): void {
    this.#pumpOnce();
    this.#options.onBacklog?.(this.#pending.length + this.#active);
  }

  #pumpOnce(): void {
    while (this.#active < this.#inFlightLimit() && !this.#holding()) {
      const next = this.#pending.shift();
      if (next === undefined) break;
      this.#waiting.delete(next.key);
      this.#active += 1;
      this.#client
        .create(next.event)
        .catch((err: unknown) => next.onError?.(err))
        .finally(() => {
          this.#active -= 1;
          this.#pump();
        });
    }
    if (this.#active === 0 && this.#pending.length === 0) {
      const waiting = this.#idle;
      this.#idle = [];
      for (const resolve of waiting) resolve();
    }
  }
}

interface EventFields {
  involvedObject?: { uid?: string; kind?: string; name?: string };
  type?: string;
  reason?: string;
  message?: string;
  reportingComponent?: string;
  count?: number;
  lastTimestamp?: string;
}

/** What makes two Events the same recurring one: everything but their name and timestamps. */
function recurrenceKey(event: KubeObject): string {
  const fields = event as KubeObject & EventFields;
  const about = fields.involvedObject ?? {};
  return JSON.stringify([
    event.metadata.namespace,
    about.uid,
    about.kind,
    about.name,
    fields.type,
    fields.reason,
    fields.message,
    fields.reportingComponent,
  ]);
}

function countRecurrence(waiting: KubeObject, again: KubeObject): void {
  const target = waiting as KubeObject & EventFields;
  const repeat = again as KubeObject & EventFields;
  target.count = (target.count ?? 1) + (repeat.count ?? 1);
  if (repeat.lastTimestamp !== undefined) target.lastTimestamp = repeat.lastTimestamp;
}
