/**
 * The discovery circuit breaker (spec §8.6): failed attempts are counted in `status.discovery`,
 * the next attempt waits 60 s · 2^(attempts−1) (capped at an hour), and a change of what
 * discovery depends on (the spec hash) starts the count afresh. Retries happen when a reconcile
 * finds the wait over — on a resync tick or any event — never by sleeping.
 */
import type { DiscoveryState } from '../api/aim-service-template.ts';
import { DISCOVERY_BACKOFF_BASE_SECONDS, DISCOVERY_BACKOFF_MAX_SECONDS } from '../constants/limits.ts';
import { formatConditionTime } from '../reconcile/conditions.ts';

export function discoveryBackoffSeconds(attempts: number): number {
  if (attempts <= 0) return 0;
  // 2^6 · 60 s already exceeds the cap; bounding the exponent keeps the arithmetic finite.
  const exponent = Math.min(attempts - 1, 16);
  return Math.min(DISCOVERY_BACKOFF_BASE_SECONDS * 2 ** exponent, DISCOVERY_BACKOFF_MAX_SECONDS);
}

function timeOf(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const time = Date.parse(value);
  return Number.isFinite(time) ? time : undefined;
}

/** The stored hash is for a different spec: its attempts no longer count. */
function isReset(state: DiscoveryState | undefined, specHash: string): boolean {
  return state?.specHash !== undefined && state.specHash !== '' && state.specHash !== specHash;
}

/** When the next attempt may start; undefined when nothing holds it back. */
export function nextAttemptTime(state: DiscoveryState | undefined, specHash: string): Date | undefined {
  const attempts = state?.attempts ?? 0;
  if (attempts <= 0 || isReset(state, specHash)) return undefined;
  const last = timeOf(state?.lastAttemptTime);
  if (last === undefined) return undefined;
  return new Date(last + discoveryBackoffSeconds(attempts) * 1000);
}

/** Spec §8.6 `shouldCreateDiscoveryJob`. */
export function shouldCreateDiscoveryJob(
  state: DiscoveryState | undefined,
  specHash: string,
  now: Date,
): boolean {
  const next = nextAttemptTime(state, specHash);
  return next === undefined || now.getTime() >= next.getTime();
}

/** Seconds until the next attempt may start (0 when it may start now). */
export function backoffRemainingSeconds(
  state: DiscoveryState | undefined,
  specHash: string,
  now: Date,
): number {
  const next = nextAttemptTime(state, specHash);
  return next === undefined ? 0 : Math.max(0, Math.ceil((next.getTime() - now.getTime()) / 1000));
}

/**
 * Spec §8.6 `recordFailure`: a failed attempt counts once — only when its Job was created after the
 * last recorded attempt — so reconciling the same failed Job again changes nothing.
 */
export function recordDiscoveryFailure(
  state: DiscoveryState | undefined,
  failure: { jobCreationTimestamp: string | undefined; reason: string },
  specHash: string,
  now: Date,
): DiscoveryState {
  const current: DiscoveryState = isReset(state, specHash) ? {} : { ...state };
  const last = timeOf(current.lastAttemptTime);
  const created = timeOf(failure.jobCreationTimestamp);
  const isNewAttempt = last === undefined || (created !== undefined && created > last);
  if (!isNewAttempt) return current;
  return {
    attempts: (current.attempts ?? 0) + 1,
    lastAttemptTime: formatConditionTime(now),
    lastFailureReason: failure.reason,
    specHash,
  };
}
