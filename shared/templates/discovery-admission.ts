/**
 * Starting a discovery Job under the global limit (spec §8.3): "count the active discovery Jobs,
 * create one if a slot is free" runs while holding the cluster-wide Lease, so any number of
 * function instances together never exceed the limit. Only that count and that create are inside
 * the lock; everything else of the reconcile happens outside it.
 */
import { isAlreadyExists } from '../kube/errors.ts';

import { labelSelector, objectKey } from '../kube/objects.ts';
import type { KubeClient, KubeObject } from '../kube/types.ts';
import { isJobActive } from '../workloads/job-inspector.ts';
import { DISCOVERY_JOB_LABELS } from './discovery-job.ts';
import type { LeaseLock } from './lease-lock.ts';
import type { SlotMemory } from './slot-memory.ts';

const JOB = { apiVersion: 'batch/v1', kind: 'Job' } as const;

export type DiscoveryAdmission =
  /** This reconcile created the Job. */
  | { outcome: 'created'; job: KubeObject }
  /** A Job of that name already exists (another reconcile created it). */
  | { outcome: 'exists'; job?: KubeObject }
  /** Every slot is taken. */
  | { outcome: 'no-slot'; active: number; limit: number }
  /** The lock could not be had in time. */
  | { outcome: 'lock-timeout' }
  /** The template changed since it was read: the status about to be written is stale anyway. */
  | { outcome: 'stale' }
  | { outcome: 'failed'; error: unknown };

export interface DiscoveryLimiter {
  lock: LeaseLock;
  maxActiveJobs: number;
  /** Recently seen full; skips the lock while it lasts (absent: always check). */
  slots?: SlotMemory;
}

/** Discovery Jobs in every namespace that are neither Complete nor Failed. */
export async function countActiveDiscoveryJobs(client: Pick<KubeClient, 'list'>): Promise<number> {
  const jobs = await client.list(JOB, { labelSelector: labelSelector({ ...DISCOVERY_JOB_LABELS }) });
  return jobs.items.filter(isJobActive).length;
}

async function createUnderLimit(
  client: KubeClient,
  limiter: DiscoveryLimiter,
  template: KubeObject,
  job: KubeObject,
  fieldManager: string,
): Promise<DiscoveryAdmission> {
  // The template as it is now: a copy listed at the start of a long resync may already be Ready.
  const current = await client.getOptional(objectKey(template));
  if (current === undefined || current.metadata.resourceVersion !== template.metadata.resourceVersion) {
    return { outcome: 'stale' };
  }
  const active = await countActiveDiscoveryJobs(client);
  if (active >= limiter.maxActiveJobs) return { outcome: 'no-slot', active, limit: limiter.maxActiveJobs };
  try {
    return { outcome: 'created', job: await client.create(job, { fieldManager }) };
  } catch (err) {
    if (!isAlreadyExists(err)) throw err;
    const existing = await client.getOptional(objectKey(job));
    return existing === undefined ? { outcome: 'exists' } : { outcome: 'exists', job: existing };
  }
}

export interface AdmissionRequest {
  template: KubeObject;
  job: KubeObject;
  /** Where the Lease lives (the operator namespace). */
  lockNamespace: string;
  fieldManager: string;
  now: Date;
}

/** Creates the request's Job if a discovery slot is free; never throws. */
export async function admitDiscoveryJob(
  client: KubeClient,
  limiter: DiscoveryLimiter,
  request: AdmissionRequest,
): Promise<DiscoveryAdmission> {
  const remembered = limiter.slots?.recall(request.now);
  if (remembered !== undefined) return { outcome: 'no-slot', ...remembered };
  try {
    const result = await limiter.lock.withLock(client, request.lockNamespace, () =>
      createUnderLimit(client, limiter, request.template, request.job, request.fieldManager),
    );
    if (!result.acquired) return { outcome: 'lock-timeout' };
    if (result.value.outcome === 'no-slot') {
      limiter.slots?.rememberFull({ active: result.value.active, limit: result.value.limit }, request.now);
    }
    return result.value;
  } catch (error) {
    return { outcome: 'failed', error };
  }
}
