/**
 * Time-based work of a function instance (download progress polls, discovery retries, backoff,
 * a model source's next sync) when Knative may stop the instance at any moment without requests.
 *
 * - Work due within `KEEP_ALIVE_HORIZON_MS`: the instance keeps one keep-alive request in flight
 *   on its own function through the Broker (`K_SINK`), held open until the last such work is
 *   done (keep-alive-holds.ts). Knative counts it as concurrency, so the function stays up; if
 *   the instance dies, the Broker's redelivery starts another, whose start-up resync finds the
 *   work again. At most one keep-alive is outstanding; the next is sent as it runs out.
 * - Work further off: the function's wake PingSource (wake-schedule.ts) is set to a minute shortly
 *   before it, so the function may scale to zero meanwhile and is woken for it — only this
 *   function — and then stays up for it as for work due soon.
 * - At shutdown all of the instance's timers are handed to the wake schedule.
 * - After a wake, the resync has re-derived every timer: the schedule is set to the earliest far
 *   one, or deleted.
 *
 * Without `K_SINK` (unit tests, a run with no event path) timers live in the process only.
 */

import { sendEvent } from '../events/send-event.ts';
import { isNotFound } from '../kube/errors.ts';
import type { KubeClient, KubeObject } from '../kube/types.ts';
import type { Logger } from '../observability/logger.ts';
import { FUNCTION_EXTENSION, KEEP_ALIVE_EVENT_TYPE } from './function-events.ts';
import { KeepAliveHolds } from './keep-alive-holds.ts';
import {
  PING_SOURCE_API_VERSION,
  wakeAtOf,
  wakeMinute,
  wakePingSource,
  wakeSourceName,
} from './wake-schedule.ts';

/**
 * Work due sooner is waited for up; later work is woken for. Longer than a wake's lead (up to 80 s,
 * wake-schedule.ts), so a woken function stays up for its work; below the Trigger's 120 s
 * delivery timeout, so a held keep-alive is never cut.
 */
export const KEEP_ALIVE_HORIZON_MS = 90_000;
/** A keep-alive is held a little past the horizon it was sent for, never longer. */
const KEEP_ALIVE_SLACK_MS = 5_000;

/** The receiving side of this function's keep-alives. */
export function keepAliveHolds(): KeepAliveHolds {
  return new KeepAliveHolds(KEEP_ALIVE_HORIZON_MS + KEEP_ALIVE_SLACK_MS);
}

/** A keep-alive lasts this much past the work it covers: the run and the timer it sets next. */
const MARGIN_MS = 2_000;
/** Timer changes come in bursts (a sweep); they are looked at together. */
const REVIEW_DELAY_MS = 50;

export interface TimedWorkOptions {
  functionName: string;
  namespace: string;
  fieldManager: string;
  /** The Broker (`K_SINK`); undefined: timers stay in the process. */
  sink: string | undefined;
  kube: () => Promise<KubeClient>;
  /** When each of the instance's timers is due (epoch ms). */
  dueTimes: () => Iterable<number>;
  log: Logger;
  now?: () => number;
  send?: typeof sendEvent;
}

export class TimedWork {
  readonly #options: TimedWorkOptions;
  readonly #now: () => number;
  readonly #send: typeof sendEvent;
  #coveredUntil = 0;
  /** The wake this instance last wrote or saw (epoch ms of its minute). */
  #wakeAt: number | undefined;
  #review: NodeJS.Timeout | undefined;
  #reviewAt = 0;
  #writing: Promise<void> = Promise.resolve();
  #stopped = false;

  constructor(options: TimedWorkOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
    this.#send = options.send ?? sendEvent;
  }

  get enabled(): boolean {
    return this.#options.sink !== undefined;
  }

  /** The instance's timers changed: look at them shortly (coalesced). */
  changed(): void {
    if (!this.enabled || this.#stopped) return;
    // A review already due sooner covers this change too; a later one (the next keep-alive's) is brought forward.
    if (this.#review !== undefined && this.#reviewAt <= this.#now() + REVIEW_DELAY_MS) return;
    this.#schedule(REVIEW_DELAY_MS);
  }

  /** After a wake's resync: every timer is known again; the schedule follows the earliest far one. */
  settle(): Promise<void> {
    if (!this.enabled) return Promise.resolve();
    const { far } = this.#split();
    return this.#serialised(() => this.#setWake(far, true));
  }

  /** At shutdown: the instance's timers, near ones included, become a wake-up call. */
  async handOff(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#review);
    if (!this.enabled) return;
    let earliest: number | undefined;
    for (const due of this.#options.dueTimes()) earliest = Math.min(earliest ?? due, due);
    if (earliest !== undefined) await this.#serialised(() => this.#setWake(earliest, false));
  }

  #schedule(delayMs: number): void {
    clearTimeout(this.#review);
    this.#reviewAt = this.#now() + delayMs;
    this.#review = setTimeout(() => {
      this.#review = undefined;
      void this.#look();
    }, delayMs);
    this.#review.unref();
  }

  #split(): { near: number | undefined; far: number | undefined } {
    const now = this.#now();
    let near: number | undefined;
    let far: number | undefined;
    for (const due of this.#options.dueTimes()) {
      if (due - now <= KEEP_ALIVE_HORIZON_MS) near = Math.max(near ?? due, due);
      else far = Math.min(far ?? due, due);
    }
    return { near, far };
  }

  async #look(): Promise<void> {
    if (this.#stopped) return;
    const now = this.#now();
    const { near, far } = this.#split();
    if (near !== undefined && near + MARGIN_MS > this.#coveredUntil) {
      if (this.#coveredUntil - now > 1_000) {
        // One keep-alive at a time: the next one when this one runs out.
        this.#schedule(this.#coveredUntil - now - 1_000);
      } else {
        const holdUntil = Math.min(now + KEEP_ALIVE_HORIZON_MS, near + MARGIN_MS);
        this.#coveredUntil = holdUntil;
        this.#keepAlive(holdUntil);
        if (near + MARGIN_MS > holdUntil) this.#schedule(holdUntil - now - 1_000);
      }
    }
    if (far !== undefined) await this.#serialised(() => this.#setWake(far, false));
  }

  #keepAlive(holdUntil: number): void {
    const { sink, functionName, log } = this.#options;
    if (sink === undefined) return;
    this.#send(sink, {
      type: KEEP_ALIVE_EVENT_TYPE,
      source: `/aim-engine/${functionName}/${process.env.POD_NAME ?? 'instance'}`,
      extensions: { [FUNCTION_EXTENSION]: functionName },
      data: { holdUntil: new Date(holdUntil).toISOString() },
    }).catch((err: unknown) => {
      // The timers still run while the instance lives; only the guarantee to stay up is lost.
      this.#coveredUntil = 0;
      log.warn(
        { err: String(err) },
        'could not send a keep-alive; timed work relies on this instance staying up',
      );
    });
  }

  #serialised(write: () => Promise<void>): Promise<void> {
    const next = this.#writing.then(write, write);
    this.#writing = next.catch(() => undefined);
    return next;
  }

  /**
   * Makes the wake PingSource fire by `at`'s minute. `exact`: also later than it is now, or deleted
   * when `at` is undefined (only after a wake, when every timer is known); otherwise a schedule is
   * only ever moved earlier, as other instances' work may be behind it.
   */
  async #setWake(at: number | undefined, exact: boolean): Promise<void> {
    const { functionName, namespace, fieldManager, log } = this.#options;
    const now = this.#now();
    const target = at === undefined ? undefined : wakeMinute(at, now);
    if (
      !exact &&
      target !== undefined &&
      this.#wakeAt !== undefined &&
      this.#wakeAt > now &&
      this.#wakeAt <= target
    )
      return;
    try {
      const kube = await this.#options.kube();
      const key = {
        apiVersion: PING_SOURCE_API_VERSION,
        kind: 'PingSource',
        namespace,
        name: wakeSourceName(functionName),
      };
      const existing: KubeObject | undefined = await kube.getOptional(key);
      const current = wakeAtOf(existing);
      if (target === undefined) {
        if (existing !== undefined)
          await kube.delete(key).catch((err: unknown) => {
            if (!isNotFound(err)) throw err;
          });
        this.#wakeAt = undefined;
        return;
      }
      const keep = current !== undefined && current > now && (exact ? current === target : current <= target);
      if (keep) {
        this.#wakeAt = current;
        return;
      }
      await kube.apply(wakePingSource(functionName, namespace, target), { fieldManager, force: true });
      this.#wakeAt = target;
      log.info({ wakeAt: new Date(target).toISOString() }, 'wake-up scheduled for timed work');
    } catch (err) {
      log.warn(
        { err: String(err) },
        'could not set the wake-up schedule; the periodic resync covers the timed work',
      );
    }
  }
}
