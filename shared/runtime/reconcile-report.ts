/**
 * What a finished reconcile leaves behind: its metrics and its `reconciled` log line (a failed one:
 * its metrics; the caller logs it with what happens next). One that
 * asked the API server nothing (most events: another writer's change, a dependent's re-check) is
 * logged at debug: at info it was most of a busy function's log and ~3 % of its CPU.
 */
import type { Logger } from '../observability/logger.ts';
import { observeReconcile } from '../observability/metrics.ts';
import type { ReconcileOutcome } from '../reconcile/reconciler.ts';
import type { ClassifiedFailure } from './failure.ts';

export function reportReconciled(
  log: Logger,
  where: { function: string; kind: string },
  outcome: ReconcileOutcome,
  durationSeconds: number,
): void {
  const { result, status, apiRequests } = outcome;
  observeReconcile({ ...where, result, durationSeconds, apiRequests });
  const level = apiRequests > 0 || result !== 'reconciled' ? 'info' : 'debug';
  log[level]({ result, status, apiRequests, durationMs: Math.round(durationSeconds * 1000) }, 'reconciled');
}

/** A reconcile that threw: counted as a retry when its failure is transient, else as an error. */
export function reportFailed(
  where: { function: string; kind: string },
  failure: Pick<ClassifiedFailure, 'class' | 'reason'>,
  durationSeconds: number,
): void {
  observeReconcile({
    ...where,
    result: failure.class === 'retry' ? 'retry' : 'error',
    durationSeconds,
    errorReason: failure.reason,
  });
}
