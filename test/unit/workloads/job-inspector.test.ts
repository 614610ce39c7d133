import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../../shared/kube/types.ts';
import { resolveHealth } from '../../../shared/reconcile/health.ts';
import {
  inspectJob,
  isJobActive,
  jobFailure,
  jobPhase,
  newestJob,
} from '../../../shared/workloads/job-inspector.ts';

function job(
  name: string,
  conditions: Record<string, unknown>[] = [],
  created = '2026-05-01T10:00:00Z',
): KubeObject {
  return {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: { name, namespace: 'team-a', creationTimestamp: created },
    status: { conditions },
  };
}

const failed = (reason?: string, message?: string) =>
  job('j', [
    { type: 'Failed', status: 'True', ...(reason ? { reason } : {}), ...(message ? { message } : {}) },
  ]);

describe('job inspector', () => {
  it('reads the phase from the Complete and Failed conditions only', () => {
    expect(jobPhase(job('j'))).toBe('Running');
    expect(jobPhase(job('j', [{ type: 'Complete', status: 'True' }]))).toBe('Complete');
    expect(jobPhase(failed('BackoffLimitExceeded'))).toBe('Failed');
    // FailureTarget precedes Failed while pods terminate: the Job still counts as active.
    expect(isJobActive(job('j', [{ type: 'FailureTarget', status: 'True' }]))).toBe(true);
    expect(isJobActive(job('j', [{ type: 'Complete', status: 'False' }]))).toBe(true);
    expect(isJobActive(failed())).toBe(false);
  });

  it.each([
    ['BackoffLimitExceeded', 'JobBackoffLimitExceeded', 'InvalidSpec', 'Failed'],
    ['DeadlineExceeded', 'JobDeadlineExceeded', 'InvalidSpec', 'Failed'],
    ['Evicted', 'JobEvicted', 'Infrastructure', 'Degraded'],
    ['PodFailurePolicy', 'JobFailed', 'InvalidSpec', 'Failed'],
  ])('maps the failure reason %s (spec §8.2)', (reason, expected, category, state) => {
    const health = resolveHealth({
      component: 'DiscoveryJob',
      errors: [],
      ...inspectJob(failed(reason, 'why')),
    });
    expect(health).toMatchObject({ reason: expected, state, message: 'Job j failed: why' });
    expect(health.errors[0]?.category).toBe(category);
  });

  it('takes the failure message, else the reason, else "Unknown failure"', () => {
    expect(jobFailure(failed('BackoffLimitExceeded', 'Job has reached the specified backoff limit'))).toEqual(
      {
        reason: 'BackoffLimitExceeded',
        message: 'Job has reached the specified backoff limit',
      },
    );
    expect(jobFailure(failed('DeadlineExceeded'))?.message).toBe('DeadlineExceeded');
    expect(jobFailure(failed())?.message).toBe('Unknown failure');
    expect(jobFailure(job('j'))).toBeUndefined();
  });

  it('is Progressing while running and Ready once complete', () => {
    expect(inspectJob(job('j'))).toMatchObject({ state: 'Progressing', reason: 'JobRunning' });
    const complete = resolveHealth({
      component: 'DiscoveryJob',
      errors: [],
      ...inspectJob(job('j', [{ type: 'Complete', status: 'True' }])),
    });
    expect(complete.state).toBe('Ready');
  });

  it('picks the newest job by creation time, ties by name', () => {
    const a = job('a', [], '2026-05-01T10:00:00Z');
    const b = job('b', [], '2026-05-01T11:00:00Z');
    const c = job('c', [], '2026-05-01T11:00:00Z');
    expect(newestJob([a, b])?.metadata.name).toBe('b');
    expect(newestJob([c, b, a])?.metadata.name).toBe('c');
    expect(newestJob([])).toBeUndefined();
  });
});
