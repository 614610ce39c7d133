/**
 * Where a download stands (spec §12.3 `DownloadComplete`): read from the download Job, its pods and
 * the progress the downloader patched onto the artifact, and what that means for the condition
 * and for `status.progress` / `status.download`.
 */
import { ARTIFACT_REASONS } from '../constants/cache-conditions.ts';
import type { KubeObject } from '../kube/types.ts';
import type { ConditionStatus } from '../reconcile/conditions.ts';
import { jobPhase } from '../workloads/job-inspector.ts';

export type DownloadPhase =
  | 'complete'
  | 'verificationFailed'
  | 'failedBeforeCompletion'
  | 'verifying'
  | 'downloading';

export const DOWNLOAD_COMPLETE_MESSAGE = 'Complete';
export const NOT_AVAILABLE_PERCENTAGE = 'N/A';

function podFailed(pod: KubeObject): boolean {
  return pod.status?.phase === 'Failed';
}

/** First match wins: Complete, a failure (before or after 100 %), 100 % reached, else downloading. */
export function downloadPhase(
  job: KubeObject,
  pods: readonly KubeObject[],
  percentage: number | undefined,
): DownloadPhase {
  const phase = jobPhase(job);
  if (phase === 'Complete') return 'complete';
  const reached100 = (percentage ?? 0) >= 100;
  if (phase === 'Failed' || pods.some(podFailed))
    return reached100 ? 'verificationFailed' : 'failedBeforeCompletion';
  return reached100 ? 'verifying' : 'downloading';
}

export interface DownloadCompleteCondition {
  status: ConditionStatus;
  reason: string;
  message: string;
}

export function downloadCompleteCondition(phase: DownloadPhase): DownloadCompleteCondition {
  switch (phase) {
    case 'complete':
      return {
        status: 'True',
        reason: ARTIFACT_REASONS.verified,
        message: 'Download and verification complete',
      };
    case 'verificationFailed':
      return {
        status: 'False',
        reason: ARTIFACT_REASONS.verificationFailed,
        message: 'The download finished but its verification failed',
      };
    case 'failedBeforeCompletion':
      return {
        status: 'False',
        reason: ARTIFACT_REASONS.downloading,
        message: 'Download failed before completion',
      };
    case 'verifying':
      return {
        status: 'True',
        reason: ARTIFACT_REASONS.verifying,
        message: 'Download complete, verifying integrity...',
      };
    case 'downloading':
      return { status: 'False', reason: ARTIFACT_REASONS.downloading, message: 'Download in progress' };
  }
}

export function isFailedPhase(phase: DownloadPhase): boolean {
  return phase === 'verificationFailed' || phase === 'failedBeforeCompletion';
}

type Json = Record<string, unknown>;

function record(value: unknown): Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? { ...(value as Json) } : {};
}

/**
 * The controller's only edits to the downloader's fields: full progress and "Complete" once the
 * Job completed, "N/A" once it failed. Everything else the downloader wrote stays as it is.
 */
export function settleDownloadFields(
  status: Json,
  phase: DownloadPhase,
  sizeBytes: bigint | undefined,
): void {
  if (phase === 'complete') {
    const total = sizeBytes !== undefined ? Number(sizeBytes) : undefined;
    status.progress = {
      ...record(status.progress),
      ...(total !== undefined ? { totalBytes: total, downloadedBytes: total } : {}),
      percentage: 100,
      displayPercentage: '100 %',
    };
    status.download = { ...record(status.download), message: DOWNLOAD_COMPLETE_MESSAGE };
  } else if (isFailedPhase(phase)) {
    status.progress = { ...record(status.progress), displayPercentage: NOT_AVAILABLE_PERCENTAGE };
  }
}
