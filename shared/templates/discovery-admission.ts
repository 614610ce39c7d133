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

export interface AdmissionRequest {
  template: KubeObject;
  job: KubeObject;
  /** Where the Lease lives (the operator namespace). */
  lockNamespace: string;
  fieldManager: string;
  now: Date;
}

/** Creates the request's Job if a discovery slot is free; never throws. */
export function admitDiscoveryJob(
  client: KubeClient,
  limiter: DiscoveryLimiter,
  request: AdmissionRequest,
): Promise<DiscoveryAdmission> {
  const remembered = limiter.slots?.recall(request.now);
  if (remembered !== undefined) return Promise.resolve({ outcome: 'no-slot', ...remembered });
  let queue = queues.get(limiter);
  if (queue === undefined) {
    queue = new AdmissionQueue(limiter);
    queues.set(limiter, queue);
  }
  return queue.admit(client, request);
}

interface Waiting {
  client: KubeClient;
  request: AdmissionRequest;
  resolve: (admission: DiscoveryAdmission) => void;
}

const queues = new WeakMap<DiscoveryLimiter, AdmissionQueue>();

/**
 * Admissions that arrive while the Lease is held wait for it together and are decided in one
 * hold: one Lease round trip, one count of active Jobs, their templates re-read and their Jobs
 * created in parallel. Taken one by one, every template of a burst paid six round trips in turn
 * (issue 14's burst: 30 admissions serialised for 20 s, each holding one of the workers).
 */
class AdmissionQueue {
  readonly #limiter: DiscoveryLimiter;
  #waiting: Waiting[] = [];
  #draining = false;

  constructor(limiter: DiscoveryLimiter) {
    this.#limiter = limiter;
  }

  admit(client: KubeClient, request: AdmissionRequest): Promise<DiscoveryAdmission> {
    return new Promise((resolve) => {
      this.#waiting.push({ client, request, resolve });
      void this.#drain();
    });
  }

  async #drain(): Promise<void> {
    if (this.#draining) return;
    this.#draining = true;
    try {
      while (this.#waiting.length > 0) {
        // One Lease per namespace: a batch shares the first waiter's.
        const namespace = this.#waiting[0]!.request.lockNamespace;
        const batch = this.#waiting.filter((entry) => entry.request.lockNamespace === namespace);
        this.#waiting = this.#waiting.filter((entry) => entry.request.lockNamespace !== namespace);
        await this.#decide(batch);
      }
    } finally {
      this.#draining = false;
    }
  }

  async #decide(batch: readonly Waiting[]): Promise<void> {
    const first = batch[0]!;
    const limiter = this.#limiter;
    try {
      const result = await limiter.lock.withLock(first.client, first.request.lockNamespace, () =>
        createUnderLimit(first.client, limiter, batch),
      );
      if (!result.acquired) {
        for (const entry of batch) entry.resolve({ outcome: 'lock-timeout' });
        return;
      }
      for (const [index, admission] of result.value.entries()) {
        if (admission.outcome === 'no-slot') {
          limiter.slots?.rememberFull(
            { active: admission.active, limit: admission.limit },
            first.request.now,
          );
        }
        batch[index]!.resolve(admission);
      }
    } catch (error) {
      for (const entry of batch) entry.resolve({ outcome: 'failed', error });
    }
  }
}

/** Under the Lease: each template as it is now, one count, and a Job for as many as there are slots. */
async function createUnderLimit(
  client: KubeClient,
  limiter: DiscoveryLimiter,
  batch: readonly Waiting[],
): Promise<DiscoveryAdmission[]> {
  // The templates as they are now (a copy listed at the start of a long resync may already be
  // Ready) and the count, together: each round trip here is one every other admission waits out.
  const [current, active] = await Promise.all([
    Promise.all(batch.map((entry) => entry.client.getOptional(objectKey(entry.request.template)))),
    countActiveDiscoveryJobs(client),
  ]);
  const fresh = batch.map(
    (entry, index) =>
      current[index] !== undefined &&
      current[index].metadata.resourceVersion === entry.request.template.metadata.resourceVersion,
  );
  let free = limiter.maxActiveJobs - active;
  return Promise.all(
    batch.map((entry, index): Promise<DiscoveryAdmission> => {
      if (!fresh[index]) return Promise.resolve({ outcome: 'stale' });
      if (free <= 0) return Promise.resolve({ outcome: 'no-slot', active, limit: limiter.maxActiveJobs });
      free -= 1;
      return createJob(entry).catch((error: unknown) => ({ outcome: 'failed', error }));
    }),
  );
}

async function createJob({ client, request }: Waiting): Promise<DiscoveryAdmission> {
  try {
    return {
      outcome: 'created',
      job: await client.create(request.job, { fieldManager: request.fieldManager }),
    };
  } catch (err) {
    if (!isAlreadyExists(err)) throw err;
    const existing = await client.getOptional(objectKey(request.job));
    return existing === undefined ? { outcome: 'exists' } : { outcome: 'exists', job: existing };
  }
}
