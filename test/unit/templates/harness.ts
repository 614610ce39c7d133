/** A template-discover "instance" on a fake cluster: the real reconcilers run through the real pipeline. */
import { AIM_API_VERSION } from '../../../shared/api/group.ts';
import type { KubeObject } from '../../../shared/kube/types.ts';
import { reconcileAll, reconcileObject } from '../../../shared/reconcile/pipeline.ts';
import type { ReconcileOutcome } from '../../../shared/reconcile/reconciler.ts';
import type { DiscoveryLimiter } from '../../../shared/templates/discovery-admission.ts';
import { createDiscoveryLimiter } from '../../../shared/templates/discovery-limiter.ts';
import { templateReconcilers } from '../../../shared/templates/reconciler.ts';
import type { FakeKubeClient } from '../../support/fake-kube.ts';
import { context, NS, type RecordedEvent, recordingRecorder } from './fixtures.ts';

export const JOB = { apiVersion: 'batch/v1', kind: 'Job' } as const;

export class Clock {
  #time: number;
  constructor(start = '2026-05-01T12:00:00Z') {
    this.#time = Date.parse(start);
  }
  now = (): Date => new Date(this.#time);
  advance(seconds: number): void {
    this.#time += seconds * 1000;
  }
}

export class Instance {
  readonly events: RecordedEvent[] = [];
  readonly limiter: DiscoveryLimiter;
  readonly #reconcilers;
  readonly #kube: FakeKubeClient;
  readonly #clock: Clock;

  constructor(kube: FakeKubeClient, clock: Clock, identity = 'instance-1', maxActiveJobs?: number) {
    this.#kube = kube;
    this.#clock = clock;
    this.limiter = createDiscoveryLimiter({
      holderIdentity: identity,
      pollIntervalMs: 2,
      acquireTimeoutMs: 5_000,
      ...(maxActiveJobs !== undefined ? { maxActiveJobs } : {}),
    });
    this.#reconcilers = templateReconcilers(this.limiter);
  }

  #ctx() {
    return context(this.#kube, this.#clock.now, { recorder: recordingRecorder(this.events) });
  }

  reconcile(name: string, namespace: string = NS): Promise<ReconcileOutcome> {
    return reconcileObject(this.#ctx(), this.#reconcilers[0]!, {
      apiVersion: AIM_API_VERSION,
      kind: 'AIMServiceTemplate',
      namespace,
      name,
    });
  }

  reconcileCluster(name: string): Promise<ReconcileOutcome> {
    return reconcileObject(this.#ctx(), this.#reconcilers[1]!, {
      apiVersion: AIM_API_VERSION,
      kind: 'AIMClusterServiceTemplate',
      name,
    });
  }

  sweep(kind: 'AIMServiceTemplate' | 'AIMClusterServiceTemplate' = 'AIMServiceTemplate') {
    const reconciler = kind === 'AIMServiceTemplate' ? this.#reconcilers[0]! : this.#reconcilers[1]!;
    return reconcileAll(this.#ctx(), reconciler);
  }
}

export function jobsOf(kube: FakeKubeClient, templateName?: string): KubeObject[] {
  return kube
    .objects(JOB)
    .filter(
      (job) =>
        templateName === undefined || job.metadata.labels?.['aim.eai.amd.com/template'] === templateName,
    );
}

export function activeJobs(kube: FakeKubeClient): KubeObject[] {
  return kube
    .objects(JOB)
    .filter(
      (job) =>
        !(job.status?.conditions ?? []).some(
          (c: { type: string; status: string }) =>
            (c.type === 'Complete' || c.type === 'Failed') && c.status === 'True',
        ),
    );
}

/** Plays the Job controller and kubelet: the job's pod ended with `exitCode`, `log` on it, and the Job says so. */
async function finishJob(
  kube: FakeKubeClient,
  job: KubeObject,
  pod: { phase: string; exitCode: number; reason: string; log: string },
  jobStatus: Record<string, unknown>,
): Promise<void> {
  const namespace = job.metadata.namespace ?? '';
  const name = `${job.metadata.name}-x1`;
  kube.seed({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace, labels: { 'job-name': job.metadata.name } },
    status: {
      phase: pod.phase,
      containerStatuses: [
        { name: 'discovery', state: { terminated: { exitCode: pod.exitCode, reason: pod.reason } } },
      ],
    },
  });
  kube.setPodLog(namespace, name, 'discovery', pod.log);
  await kube.applyStatus(
    { ...JOB, metadata: { name: job.metadata.name, namespace }, status: jobStatus },
    { fieldManager: 'job-controller' },
  );
}

/** The job succeeds with `log` on its pod. */
export async function completeJob(kube: FakeKubeClient, job: KubeObject, log: string): Promise<void> {
  await finishJob(
    kube,
    job,
    { phase: 'Succeeded', exitCode: 0, reason: 'Completed', log },
    { succeeded: 1, conditions: [{ type: 'Complete', status: 'True' }] },
  );
}

/** The job's pod failed and the Job controller gave up. */
export async function failJob(
  kube: FakeKubeClient,
  job: KubeObject,
  reason = 'BackoffLimitExceeded',
  message = 'Job has reached the specified backoff limit',
): Promise<void> {
  await finishJob(
    kube,
    job,
    { phase: 'Failed', exitCode: 1, reason: 'Error', log: 'Traceback: dry run crashed\n' },
    { failed: 1, conditions: [{ type: 'Failed', status: 'True', reason, message }] },
  );
}

/** What the TTL controller does a minute after a Job finished (pods go with it). */
export async function deleteJob(kube: FakeKubeClient, job: KubeObject): Promise<void> {
  const namespace = job.metadata.namespace ?? '';
  await kube.delete({ ...JOB, namespace, name: job.metadata.name });
  for (const pod of kube.objects({ apiVersion: 'v1', kind: 'Pod' })) {
    if (pod.metadata.labels?.['job-name'] === job.metadata.name) {
      await kube.delete({ apiVersion: 'v1', kind: 'Pod', namespace, name: pod.metadata.name });
    }
  }
}

export function condition(object: KubeObject | undefined, type: string) {
  return (object?.status?.conditions ?? []).find((c: { type: string }) => c.type === type) as
    | { type: string; status: string; reason: string; message: string }
    | undefined;
}
