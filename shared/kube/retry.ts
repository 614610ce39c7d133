import { isConflict, isRetryable, KubeError } from './errors.ts';

export interface BackoffOptions {
  /** Total tries including the first. */
  attempts?: number;
  baseDelayMs?: number;
  /** Upper bound of one wait. */
  maxDelayMs?: number;
  /** Injected in tests. */
  sleep?: (ms: number) => Promise<void>;
  /** Injected in tests; returns [0, 1). */
  random?: () => number;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/*
 * Exponential backoff with "equal jitter": half the step is fixed, half random, so instances that
 * collided once spread out instead of colliding again on the same schedule.
 */
function backoffDelay(
  attempt: number,
  baseDelayMs: number,
  maxDelayMs: number,
  random: () => number,
): number {
  const step = Math.min(maxDelayMs, baseDelayMs * 2 ** attempt);
  return step / 2 + random() * (step / 2);
}

async function retryWhile<T>(
  fn: (attempt: number) => Promise<T>,
  shouldRetry: (err: unknown) => boolean,
  options: BackoffOptions,
  defaults: { attempts: number; baseDelayMs: number; maxDelayMs: number },
): Promise<T> {
  const attempts = Math.max(1, options.attempts ?? defaults.attempts);
  const baseDelayMs = options.baseDelayMs ?? defaults.baseDelayMs;
  const maxDelayMs = options.maxDelayMs ?? defaults.maxDelayMs;
  const sleep = options.sleep ?? defaultSleep;
  const random = options.random ?? Math.random;
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn(attempt);
    } catch (err) {
      if (attempt + 1 >= attempts || !shouldRetry(err)) throw err;
      let delay = backoffDelay(attempt, baseDelayMs, maxDelayMs, random);
      // The server's own hint (429/503 Retry-After) wins when it asks for more patience, within the cap.
      const hintSeconds = err instanceof KubeError ? err.details.retryAfterSeconds : undefined;
      if (hintSeconds !== undefined) delay = Math.min(maxDelayMs, Math.max(delay, hintSeconds * 1000));
      await sleep(delay);
    }
  }
}

/**
 * Runs `fn` again after a Conflict (409), up to `attempts` tries in total, then rethrows the last
 * Conflict. `fn` must re-read the object each time: repeating a write with the same stale
 * resourceVersion cannot succeed.
 */
export function retryOnConflict<T>(
  fn: (attempt: number) => Promise<T>,
  options: BackoffOptions = {},
): Promise<T> {
  return retryWhile(fn, isConflict, options, { attempts: 5, baseDelayMs: 50, maxDelayMs: 1_000 });
}

/**
 * Bounded retry of transient failures (timeouts, 429, 5xx, network) for idempotent calls such as
 * reads. Longer outages are left to event redelivery rather than held inside one invocation.
 */
export function withTransientRetry<T>(
  fn: (attempt: number) => Promise<T>,
  options: BackoffOptions = {},
): Promise<T> {
  return retryWhile(fn, isRetryable, options, { attempts: 3, baseDelayMs: 100, maxDelayMs: 2_000 });
}
