/**
 * The shared Job inspector: a Job's phase from its conditions and its health as a downstream
 * component (spec §8.2, used for discovery, check-size and download Jobs). Pure.
 */
import { TEMPLATE_REASONS } from '../constants/template-conditions.ts';
import type { KubeObject } from '../kube/types.ts';
import { ERROR_CATEGORIES, StateError } from '../reconcile/categorize.ts';
import type { HealthInspection } from '../reconcile/health.ts';

export type JobPhase = 'Running' | 'Complete' | 'Failed';

export interface JobFailure {
  /** The Failed condition's reason (`BackoffLimitExceeded`, `DeadlineExceeded`, ...), if any. */
  reason?: string;
  /** The Failed condition's message, else its reason, else "Unknown failure". */
  message: string;
}

interface JobCondition {
  type?: unknown;
  status?: unknown;
  reason?: unknown;
  message?: unknown;
}

function conditionsOf(job: KubeObject): JobCondition[] {
  const conditions: unknown = job.status?.conditions;
  return Array.isArray(conditions) ? (conditions as JobCondition[]) : [];
}

function trueCondition(job: KubeObject, type: string): JobCondition | undefined {
  return conditionsOf(job).find((condition) => condition.type === type && condition.status === 'True');
}

export function jobPhase(job: KubeObject): JobPhase {
  if (trueCondition(job, 'Complete')) return 'Complete';
  if (trueCondition(job, 'Failed')) return 'Failed';
  return 'Running';
}

/** Neither Complete nor Failed: it still holds (or will hold) a running pod. */
export function isJobActive(job: KubeObject): boolean {
  return jobPhase(job) === 'Running';
}

export function jobFailure(job: KubeObject): JobFailure | undefined {
  const failed = trueCondition(job, 'Failed');
  if (failed === undefined) return undefined;
  const reason = typeof failed.reason === 'string' && failed.reason !== '' ? failed.reason : undefined;
  const message =
    typeof failed.message === 'string' && failed.message !== ''
      ? failed.message
      : (reason ?? 'Unknown failure');
  return reason === undefined ? { message } : { reason, message };
}

function creationTime(job: KubeObject): number {
  const time = Date.parse(job.metadata.creationTimestamp ?? '');
  return Number.isFinite(time) ? time : 0;
}

/** The most recently created Job (ties: the greater name, so the choice never depends on list order). */
export function newestJob(jobs: readonly KubeObject[]): KubeObject | undefined {
  let newest: KubeObject | undefined;
  for (const job of jobs) {
    if (
      newest === undefined ||
      creationTime(job) > creationTime(newest) ||
      (creationTime(job) === creationTime(newest) && job.metadata.name > newest.metadata.name)
    ) {
      newest = job;
    }
  }
  return newest;
}

/** Failed condition reason → what the failure means for the owner (spec §8.2). */
function failureError(job: KubeObject, failure: JobFailure): StateError {
  const message = `Job ${job.metadata.name} failed: ${failure.message}`;
  switch (failure.reason) {
    case 'BackoffLimitExceeded':
      return new StateError(ERROR_CATEGORIES.invalidSpec, TEMPLATE_REASONS.jobBackoffLimitExceeded, message);
    case 'DeadlineExceeded':
      return new StateError(ERROR_CATEGORIES.invalidSpec, TEMPLATE_REASONS.jobDeadlineExceeded, message);
    case 'Evicted':
      return new StateError(ERROR_CATEGORIES.infrastructure, TEMPLATE_REASONS.jobEvicted, message);
    default:
      return new StateError(ERROR_CATEGORIES.invalidSpec, TEMPLATE_REASONS.jobFailed, message);
  }
}

/** Running → Progressing `JobRunning`; Complete → Ready; Failed → an error by the Failed reason. */
export function inspectJob(job: KubeObject): HealthInspection {
  switch (jobPhase(job)) {
    case 'Complete':
      return { message: `Job ${job.metadata.name} completed` };
    case 'Failed':
      return { errors: [failureError(job, jobFailure(job) ?? { message: 'Unknown failure' })] };
    case 'Running':
      return {
        state: 'Progressing',
        reason: TEMPLATE_REASONS.jobRunning,
        message: `Job ${job.metadata.name} is running`,
      };
  }
}
