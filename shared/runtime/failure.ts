/**
 * How a failed reconcile (or event mapping) is answered:
 * - retry: transient (RetryableError, or a KubeError the client marks retryable). The API server
 *   unreachable or overloaded → 503, so the Broker redelivers with backoff (reconciles are
 *   idempotent, so redoing the others is harmless); other transient failures of a reconcile (a
 *   registry, conflicts) are retried by the function itself (function-runtime.ts), the event handled;
 * - permanent: a classified Kubernetes error that the same request would hit again (Forbidden,
 *   Invalid, ...) → logged and counted, the event is acknowledged; the resync tries again later,
 *   when RBAC or the object may have been fixed;
 * - unexpected: anything else (a bug) → 500.
 */
import { isConflict, isKubeError, isRetryable } from '../kube/errors.ts';
import { isRetryableError } from '../reconcile/retryable-error.ts';
import { FunctionHttpError, HTTP_STATUS } from './http-error.ts';

export type FailureClass = 'retry' | 'permanent' | 'unexpected';

export interface ClassifiedFailure {
  class: FailureClass;
  /** Metric label: the Kubernetes error reason, or `Retryable` / `Unexpected`. */
  reason: string;
  message: string;
}

export function classifyFailure(err: unknown): ClassifiedFailure {
  const message = err instanceof Error ? err.message : String(err);
  if (isRetryableError(err)) {
    const cause = err.cause;
    return { class: 'retry', reason: isKubeError(cause) ? cause.reason : 'Retryable', message };
  }
  if (isRetryable(err))
    return { class: 'retry', reason: isKubeError(err) ? err.reason : 'Retryable', message };
  if (isKubeError(err)) return { class: 'permanent', reason: err.reason, message };
  return { class: 'unexpected', reason: 'Unexpected', message };
}

/**
 * A transient failure the API server itself caused (unreachable, overloaded, timing out), as
 * opposed to a conflict or a registry answer: nothing could be written, so the event goes back to
 * the Broker rather than to a timer in this process.
 */
export function apiServerUnavailable(err: unknown): boolean {
  const cause = isRetryableError(err) ? err.cause : err;
  return isKubeError(cause) && cause.retryable && !isConflict(cause);
}

/**
 * The error to answer with after some of an event's work failed, or undefined when the event
 * counts as handled: any transient failure → 503 (a retry may fix it); otherwise any unexpected
 * one → 500; permanent failures alone → handled.
 */
export function failureAnswer(
  failures: readonly ClassifiedFailure[],
  what: string,
): FunctionHttpError | undefined {
  const retry = failures.filter((failure) => failure.class === 'retry');
  if (retry.length > 0) {
    return new FunctionHttpError(
      HTTP_STATUS.serviceUnavailable,
      `${what}: transient failure, retry later: ${summarize(retry)}`,
    );
  }
  const unexpected = failures.filter((failure) => failure.class === 'unexpected');
  if (unexpected.length > 0) {
    return new FunctionHttpError(
      HTTP_STATUS.internalError,
      `${what} failed unexpectedly: ${summarize(unexpected)}`,
    );
  }
  return undefined;
}

function summarize(failures: readonly ClassifiedFailure[]): string {
  const [first] = failures;
  const more = failures.length > 1 ? ` (and ${failures.length - 1} more)` : '';
  return `${first?.message ?? 'unknown failure'}${more}`;
}
