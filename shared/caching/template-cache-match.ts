/**
 * Compose step of the template cache (spec §11.3): each model source of the template's status is
 * matched to the best existing artifact the cache may use, or listed as missing.
 */
import type { AIMModelSource } from '../api/common/model-source.ts';
import { hasOwner } from '../kube/owner.ts';
import { templateCacheMode } from './cache-mode.ts';
import { bestByStatus } from './cache-selection.ts';
import { type ArtifactObject, statusOf, type TemplateCacheObject } from './kinds.ts';

export interface MissingSource {
  /**
   * Position of the source in the template's `modelSources` (the artifact's `template.index`
   * label): the same in every pass, however many of the other sources already have an artifact.
   */
  index: number;
  source: AIMModelSource;
}

export interface CacheComposition {
  /** Best artifact per source modelId, in source order. */
  matched: Map<string, ArtifactObject>;
  missing: MissingSource[];
}

/**
 * An artifact counts once it has a status; a Shared cache only uses unowned artifacts, a Dedicated
 * one only the artifacts it owns; the source URI must match, and so must the storage class when
 * the cache names one.
 */
export function isCandidate(
  cache: TemplateCacheObject,
  source: AIMModelSource,
  artifact: ArtifactObject,
): boolean {
  if (statusOf(artifact) === '') return false;
  const owners = artifact.metadata.ownerReferences ?? [];
  if (
    templateCacheMode(cache.spec.mode) === 'Shared'
      ? owners.length > 0
      : !hasOwner(artifact, cache.metadata.uid ?? '')
  ) {
    return false;
  }
  if (artifact.spec?.sourceUri !== source.sourceUri) return false;
  const storageClass = cache.spec.storageClassName ?? '';
  return storageClass === '' || storageClass === (artifact.spec?.storageClassName ?? '');
}

export function matchSources(
  cache: TemplateCacheObject,
  sources: readonly AIMModelSource[],
  artifacts: readonly ArtifactObject[],
): CacheComposition {
  const matched = new Map<string, ArtifactObject>();
  const missing: MissingSource[] = [];
  for (const [index, source] of sources.entries()) {
    const best = bestByStatus(artifacts.filter((artifact) => isCandidate(cache, source, artifact)));
    if (best !== undefined) matched.set(source.modelId, best);
    else missing.push({ index, source });
  }
  return { matched, missing };
}
