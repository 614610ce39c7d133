/**
 * Status write pacing: an object that is still on its way (Pending, Progressing, Starting) has its
 * status written at most once per interval by one function instance; what changes in between is
 * written once, by a reconcile requeued for the end of the interval. While a Shared cache
 * downloads, a hundred services each step through several intermediate states (cache Pending,
 * Progressing, no pods, pods pending…) within a second or two: every step was a status write, a
 * Kubernetes Event and an event to every function watching AIMServices, which is where the API
 * server's CPU went (docs/performance.md).
 *
 * Never paced, so nothing waits on pacing: the first write an instance makes of an object, a write
 * that settles it (Ready, Running) or reports an error (Failed, Degraded, NotAvailable), a new
 * observedGeneration, and any change to a domain field another function reads (a resolved
 * template, image metadata…).
 */
import { wholeNumber } from '../config/whole-number.ts';
import type { AIMStatus } from '../constants/status.ts';
import type { KubeObject } from '../kube/types.ts';
import { jsonEqual } from './json-equal.ts';

export const STATUS_PACING_ENV = 'AIM_STATUS_PACING_MS';
export const DEFAULT_STATUS_PACING_MS = 1000;

export const UNDER_WAY: ReadonlySet<AIMStatus> = new Set(['Pending', 'Progressing', 'Starting']);

/** Status keys the pipeline derives itself; any other key is a domain field. */
const DERIVED_FIELDS: ReadonlySet<string> = new Set(['conditions', 'componentHealth', 'status']);

/**
 * Whether a status write may wait: the object stays under way and nothing but its conditions,
 * component health and status value change. `aimStatus` is the writer's own verdict (the
 * summary's, or for a component writer the state of its own components).
 */
export function mayPace(
  aimStatus: AIMStatus,
  current: Readonly<Record<string, unknown>>,
  desired: Readonly<Record<string, unknown>>,
): boolean {
  if (!UNDER_WAY.has(aimStatus)) return false;
  for (const key of new Set([...Object.keys(current), ...Object.keys(desired)])) {
    if (DERIVED_FIELDS.has(key)) continue;
    // A writer leaves out what it does not own; only what it writes can change.
    if (!(key in desired)) continue;
    if (!jsonEqual(current[key], desired[key])) return false;
  }
  return true;
}

/** The pacer's key for an object: its uid, else its kind and name. */
export function pacingKeyOf(object: KubeObject): string {
  return object.metadata.uid ?? `${object.kind}|${object.metadata.namespace ?? ''}|${object.metadata.name}`;
}

/** How long a change of `object`'s status from `current` to `desired` must wait; 0 when it is written now. */
export function pacedDelayMs(
  pacer: StatusWritePacer | undefined,
  object: KubeObject,
  now: Date,
  aimStatus: AIMStatus,
  current: Readonly<Record<string, unknown>>,
  desired: Readonly<Record<string, unknown>>,
): number {
  if (pacer === undefined) return 0;
  const delay = pacer.delayMs(pacingKeyOf(object), now.getTime());
  return delay > 0 && mayPace(aimStatus, current, desired) ? delay : 0;
}

/** When each object's status was last written by this instance. Bounded: entries older than the interval are dropped. */
export class StatusWritePacer {
  readonly intervalMs: number;
  readonly #writtenAt = new Map<string, number>();

  constructor(intervalMs: number) {
    this.intervalMs = intervalMs;
  }

  /** Milliseconds until `key`'s status may be written again; 0 when it may be written now. */
  delayMs(key: string, nowMs: number): number {
    const last = this.#writtenAt.get(key);
    if (last === undefined) return 0;
    return Math.max(0, last + this.intervalMs - nowMs);
  }

  wrote(key: string, nowMs: number): void {
    // Re-inserted so the map stays in write order and pruning can stop at the first recent entry.
    this.#writtenAt.delete(key);
    this.#writtenAt.set(key, nowMs);
    for (const [oldKey, at] of this.#writtenAt) {
      if (at + this.intervalMs > nowMs) break;
      this.#writtenAt.delete(oldKey);
    }
  }
}

/** `AIM_STATUS_PACING_MS` (default 1000; 0 turns pacing off). A malformed value stops the function at start. */
export function statusPacingMsFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  return wholeNumber(env, STATUS_PACING_ENV, DEFAULT_STATUS_PACING_MS, ' of milliseconds');
}
