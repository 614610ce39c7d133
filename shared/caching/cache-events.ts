/**
 * The Kubernetes Events cache-manage records besides condition transitions: a template cache
 * created for a service, a download started, completed or failed.
 */
import type { KubeObject } from '../kube/types.ts';
import type { PlannedEvent } from '../reconcile/plan.ts';

export const CACHE_EVENT_REASONS = {
  templateCacheCreated: 'TemplateCacheCreated',
  downloadStarted: 'DownloadStarted',
  downloadCompleted: 'DownloadCompleted',
  downloadFailed: 'DownloadFailed',
} as const;

/** Recorded on the service once the cache was applied. */
export function cacheCreatedEvent(cache: KubeObject): PlannedEvent {
  const mode = typeof cache.spec?.mode === 'string' ? `${cache.spec.mode} ` : '';
  return {
    type: 'Normal',
    reason: CACHE_EVENT_REASONS.templateCacheCreated,
    message: `Created ${mode}template cache ${cache.metadata.name} for template ${cache.spec?.templateName ?? ''}`,
    onApply: true,
  };
}

/** Recorded on the artifact once the download Job was applied. */
export function downloadStartedEvent(job: KubeObject, sourceUri: string): PlannedEvent {
  return {
    type: 'Normal',
    reason: CACHE_EVENT_REASONS.downloadStarted,
    message: `Downloading ${sourceUri} with Job ${job.metadata.name}`,
    onApply: true,
  };
}

export function downloadCompletedEvent(sourceUri: string): PlannedEvent {
  return {
    type: 'Normal',
    reason: CACHE_EVENT_REASONS.downloadCompleted,
    message: `Downloaded and verified ${sourceUri}`,
  };
}

export function downloadFailedEvent(sourceUri: string, detail: string): PlannedEvent {
  return {
    type: 'Warning',
    reason: CACHE_EVENT_REASONS.downloadFailed,
    message: `Downloading ${sourceUri} failed: ${detail}`,
  };
}
