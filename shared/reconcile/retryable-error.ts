/**
 * A reconcile that should run again later: a transient Kubernetes error, an infrastructure error
 * in the observed state, or a write that kept conflicting. The HTTP layer answers 503 so the
 * event is redelivered with backoff (the functions' stand-in for a work queue's requeue).
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
