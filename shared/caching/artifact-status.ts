/**
 * The artifact's domain status (spec §12.3 DecorateStatus): mode, sizes, PVC, and the
 * `DownloadComplete` condition. The downloader's own fields (`progress`, `download`) are carried
 * over as read and only settled once the Job has finished.
 */
import { CONDITION_TYPES } from '../constants/conditions.ts';
import { formatDisplaySize } from '../quantity/display-size.ts';
import { parseQuantity } from '../quantity/quantity.ts';
import type { ConditionSet } from '../reconcile/conditions.ts';
import {
  type DownloadPhase,
  downloadCompleteCondition,
  downloadPhase,
  settleDownloadFields,
} from './artifact-download-state.ts';
import type { ArtifactFetched } from './artifact-fetch.ts';
import type { ArtifactObject } from './kinds.ts';

export function artifactMode(artifact: ArtifactObject): 'Dedicated' | 'Shared' {
  return (artifact.metadata.ownerReferences ?? []).length > 0 ? 'Dedicated' : 'Shared';
}

function isZeroQuantity(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true;
  try {
    return parseQuantity(value as string | number) === 0n;
  } catch {
    return true;
  }
}

/** The download's phase, when its Job exists. */
export function observedDownloadPhase(fetched: ArtifactFetched): DownloadPhase | undefined {
  const job = fetched.download?.job;
  if (job === undefined || !job.ok || job.value === undefined) return undefined;
  const pods = fetched.download?.pods;
  const percentage: unknown = fetched.artifact.status?.progress?.percentage;
  return downloadPhase(
    job.value,
    pods?.ok ? pods.value.pods : [],
    typeof percentage === 'number' ? percentage : undefined,
  );
}

export function decorateArtifact(
  status: Record<string, unknown>,
  conditions: ConditionSet,
  fetched: ArtifactFetched,
  headroomPercent: number,
): void {
  status.mode = artifactMode(fetched.artifact);
  const output = fetched.checkSize?.output;
  if (output?.ok) status.discoveredSizeBytes = Number(output.bytes);
  if (fetched.size.kind === 'known') status.displaySize = formatDisplaySize(fetched.size.bytes);
  const pvc = fetched.pvc?.ok ? fetched.pvc.value : undefined;
  if (pvc !== undefined) {
    status.persistentVolumeClaim = pvc.metadata.name;
    const requested: unknown = pvc.spec?.resources?.requests?.storage;
    if (isZeroQuantity(status.allocatedSize) && !isZeroQuantity(requested)) {
      status.allocatedSize = requested;
      status.headroomPercent = headroomPercent;
    }
  }
  const phase = observedDownloadPhase(fetched);
  if (phase === undefined) return;
  const condition = downloadCompleteCondition(phase);
  conditions.set(CONDITION_TYPES.downloadComplete, condition.status, condition.reason, condition.message);
  settleDownloadFields(status, phase, fetched.size.kind === 'known' ? fetched.size.bytes : undefined);
}
