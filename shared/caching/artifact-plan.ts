/**
 * What an artifact reconcile creates (spec §12.1), one phase at a time: the RoleBinding the
 * downloader needs, a check-size Job while the size is unknown, the PVC, then the download Job.
 * Every child has a deterministic name and is only applied when missing, so repeats create no
 * duplicates and a PVC is never resized.
 */
import { ARTIFACT_PROGRESS_POLL_SECONDS } from '../constants/limits.ts';
import { emptyPlan, type Plan } from '../reconcile/plan.ts';
import type { RuntimeConfigSpec } from '../reconcile/runtime-config.ts';
import { jobPhase } from '../workloads/job-inspector.ts';
import { isFailedPhase } from './artifact-download-state.ts';
import type { ArtifactFetched } from './artifact-fetch.ts';
import { buildCheckSizeJob, buildDownloadJob } from './artifact-jobs.ts';
import { artifactStorageClass, buildArtifactPvc } from './artifact-pvc.ts';
import { buildStatusUpdaterRoleBinding } from './artifact-role-binding.ts';
import { headroomPercent, pvcSizeBytes } from './artifact-size.ts';
import { observedDownloadPhase } from './artifact-status.ts';
import { downloadCompletedEvent, downloadFailedEvent, downloadStartedEvent } from './cache-events.ts';
import { statusOf } from './kinds.ts';

function missing<T>(
  result: { ok: true; value: T | undefined } | { ok: false; error: unknown } | undefined,
): boolean {
  return result?.ok === true && result.value === undefined;
}

/** Re-read every 10 s while the download runs, to pick up the downloader's progress patches. */
function needsPolling(fetched: ArtifactFetched): boolean {
  if (statusOf(fetched.artifact) === 'Progressing') return true;
  const job = fetched.download?.job;
  return job?.ok === true && job.value !== undefined && jobPhase(job.value) === 'Running';
}

function outcomeEvents(fetched: ArtifactFetched, plan: Plan): void {
  const phase = observedDownloadPhase(fetched);
  const previous = statusOf(fetched.artifact);
  const source = fetched.artifact.spec.sourceUri;
  if (phase === 'complete' && previous !== 'Ready')
    plan.events = [...(plan.events ?? []), downloadCompletedEvent(source)];
  if (phase !== undefined && isFailedPhase(phase) && previous !== 'Failed') {
    const detail = phase === 'verificationFailed' ? 'verification failed' : 'the download did not complete';
    plan.events = [...(plan.events ?? []), downloadFailedEvent(source, detail)];
  }
}

export function planArtifact(fetched: ArtifactFetched, runtimeConfig: RuntimeConfigSpec | undefined): Plan {
  const plan = emptyPlan();
  const { artifact } = fetched;
  const namespace = artifact.metadata.namespace ?? '';
  if (missing(fetched.roleBinding)) plan.applyWithoutOwner.push(buildStatusUpdaterRoleBinding(namespace));
  if (needsPolling(fetched)) plan.requeueAfterSeconds = ARTIFACT_PROGRESS_POLL_SECONDS;
  outcomeEvents(fetched, plan);
  const { size } = fetched;
  if (size.kind === 'invalid') return plan;
  if (size.kind === 'unknown') {
    if (missing(fetched.checkSize?.job)) plan.apply.push(buildCheckSizeJob(artifact, runtimeConfig?.env));
    return plan;
  }
  if (missing(fetched.pvc)) {
    const storageBytes = pvcSizeBytes(
      size.bytes,
      headroomPercent(runtimeConfig?.storage?.pvcHeadroomPercent),
    );
    const storageClass = artifactStorageClass(artifact, runtimeConfig?.storage?.defaultStorageClassName);
    plan.apply.push(buildArtifactPvc(artifact, storageBytes, storageClass));
    return plan;
  }
  const roleBindingExists = fetched.roleBinding.ok && fetched.roleBinding.value !== undefined;
  if (statusOf(artifact) !== 'Ready' && missing(fetched.download?.job) && roleBindingExists) {
    const job = buildDownloadJob(artifact, fetched.pvcName, runtimeConfig?.env, size.bytes);
    plan.apply.push(job);
    plan.events = [...(plan.events ?? []), downloadStartedEvent(job, artifact.spec.sourceUri)];
  }
  return plan;
}
