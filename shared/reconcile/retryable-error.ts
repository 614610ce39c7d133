/**
 * A reconcile that should run again later: a transient Kubernetes error, an infrastructure error
 * in the observed state, or a write that kept conflicting. A Kubernetes error is answered 503 (the
 * Broker redelivers); the others the function runtime retries itself after `retryAfterSeconds`,
 * or with exponential backoff (runtime/retry-backoff.ts).
 */
export class RetryableError extends Error {
  readonly retryAfterSeconds: number | undefined;

  constructor(message: string, options: { cause?: unknown; retryAfterSeconds?: number } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'RetryableError';
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export function isRetryableError(err: unknown): err is RetryableError {
  return err instanceof RetryableError;
}
