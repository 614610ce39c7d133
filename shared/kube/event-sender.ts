/**
 * Writes Kubernetes Events off the reconcile's path, as client-go's recorder does: `send` queues
 * the Event and returns at once; at most `concurrency` are written at a time, and beyond
 * `maxPending` waiting ones the newest are dropped (Events are best effort; the conditions hold
 * the state). In a burst of 1,000 objects the functions wrote 5,300 Events, about half of their
 * requests: awaited inside each reconcile they held the fixed pool of workers (issue 14).
 */
import type { KubeClient, KubeObject } from './types.ts';

export interface EventSenderOptions {
  concurrency?: number;
  maxPending?: number;
  /** Called for each Event dropped because too many were waiting. */
  onDrop?: (event: KubeObject) => void;
}

export class EventSender {
  readonly #client: KubeClient;
  readonly #concurrency: number;
  readonly #maxPending: number;
  readonly #options: EventSenderOptions;
  /** Each Event with where its write failure goes (the recorder's, which knows the object's log). */
  readonly #pending: Array<{ event: KubeObject; onError?: (err: unknown) => void }> = [];
  #active = 0;
  #idle: (() => void)[] = [];

  constructor(client: KubeClient, options: EventSenderOptions = {}) {
    this.#client = client;
    this.#concurrency = options.concurrency ?? 2;
    this.#maxPending = options.maxPending ?? 1000;
    this.#options = options;
  }

  get pending(): number {
    return this.#pending.length;
  }

  send(event: KubeObject, onError?: (err: unknown) => void): void {
    if (this.#pending.length >= this.#maxPending) {
      this.#options.onDrop?.(event);
      return;
    }
    this.#pending.push(onError === undefined ? { event } : { event, onError });
    this.#pump();
  }

  /** Resolves once nothing is waiting or being written. */
  idle(): Promise<void> {
    if (this.#active === 0 && this.#pending.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.#idle.push(resolve));
  }

  #pump(): void {
    while (this.#active < this.#concurrency) {
      const next = this.#pending.shift();
      if (next === undefined) break;
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
