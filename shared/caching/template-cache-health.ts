/**
 * Components and status of a template cache (spec §11.5): its template (upstream), its artifacts
 * (downstream), the `ArtifactsReady` condition that explains them, and `status.artifacts`.
 */
import type { CachedArtifact } from '../api/aim-template-cache.ts';
import { TEMPLATE_CACHE_COMPONENTS, TEMPLATE_CACHE_REASONS } from '../constants/cache-conditions.ts';
import { CONDITION_TYPES, componentConditionType, ERROR_REASONS } from '../constants/conditions.ts';
import { AIM_STATUSES, type AIMStatus, statusPriority } from '../constants/status.ts';
import { isNotFound } from '../kube/errors.ts';
import { ERROR_CATEGORIES, StateError } from '../reconcile/categorize.ts';
import type { ConditionStatus } from '../reconcile/conditions.ts';
import {
  type ComponentHealth,
  DEPENDENCY_TYPES,
  type FetchResult,
  fetchFailed,
  type HealthInspection,
  toUpstreamComponentHealth,
} from '../reconcile/health.ts';
import { type ArtifactObject, statusOf, type TemplateCacheObject, type TemplateObject } from './kinds.ts';
import type { CacheComposition } from './template-cache-match.ts';

export const ARTIFACTS_CONDITION_TYPE = componentConditionType(TEMPLATE_CACHE_COMPONENTS.artifacts);

function asStatus(value: string): AIMStatus | undefined {
  return (AIM_STATUSES as readonly string[]).includes(value) ? (value as AIMStatus) : undefined;
}

/** The template's readiness as the cache sees it: its `Ready` condition, else its status. */
export function inspectTemplate(template: TemplateObject): HealthInspection {
  const status = statusOf(template);
  const ready = template.status?.conditions?.find((condition) => condition.type === CONDITION_TYPES.ready);
  if (ready === undefined) {
    return {
      state: asStatus(status) ?? (status === '' ? 'Ready' : 'Failed'),
      reason: TEMPLATE_CACHE_REASONS.resourceFound,
      message: `Template ${template.metadata.name} found`,
    };
  }
  const state: AIMStatus =
    ready.status === 'True'
      ? 'Ready'
      : ready.status === 'False'
        ? (asStatus(status) ?? 'Failed')
        : 'Progressing';
  return { state, reason: ready.reason ?? '', message: ready.message ?? '' };
}

/** Where a cache's template was looked for, for the message of a missing one (issue 14). */
function whereLooked(cache: TemplateCacheObject): string {
  const namespace = cache.metadata.namespace ?? '';
  switch (cache.spec.templateScope) {
    case 'Cluster':
      return 'no AIMClusterServiceTemplate of that name (spec.templateScope Cluster)';
    case 'Namespace':
      return `no AIMServiceTemplate in namespace ${namespace} (spec.templateScope Namespace)`;
    default:
      return `no AIMServiceTemplate in namespace ${namespace} and no AIMClusterServiceTemplate of that name`;
  }
}

export function serviceTemplateHealth(
  cache: TemplateCacheObject,
  template: FetchResult<TemplateObject>,
): ComponentHealth {
  const result =
    !template.ok && isNotFound(template.error)
      ? fetchFailed<TemplateObject>(
          new StateError(
            ERROR_CATEGORIES.missingUpstreamDependency,
            ERROR_REASONS.referenceNotFound,
            `spec.templateName "${cache.spec.templateName}": ${whereLooked(cache)}`,
            { cause: template.error },
          ),
        )
      : template;
  return toUpstreamComponentHealth(TEMPLATE_CACHE_COMPONENTS.serviceTemplate, result, inspectTemplate);
}

export interface ArtifactsVerdict {
  status: ConditionStatus;
  reason: string;
  message: string;
}

function readyCondition(artifact: ArtifactObject) {
  return artifact.status?.conditions?.find((condition) => condition.type === CONDITION_TYPES.ready);
}

function worstArtifact(artifacts: readonly ArtifactObject[]): ArtifactObject | undefined {
  let worst: ArtifactObject | undefined;
  for (const artifact of artifacts) {
    if (worst === undefined || statusPriority(statusOf(artifact)) < statusPriority(statusOf(worst)))
      worst = artifact;
  }
  return worst;
}

/** What `ArtifactsReady` says (spec §11.5 DecorateStatus). */
export function artifactsVerdict(composition: CacheComposition | undefined): ArtifactsVerdict {
  if (composition !== undefined && composition.missing.length > 0) {
    return {
      status: 'False',
      reason: TEMPLATE_CACHE_REASONS.creatingCaches,
      message: 'Waiting for the AIM artifacts to be created',
    };
  }
  const matched = composition === undefined ? [] : [...composition.matched.values()];
  if (matched.length === 0) {
    return { status: 'False', reason: TEMPLATE_CACHE_REASONS.noCaches, message: 'No artifacts to cache' };
  }
  const notReady = matched.filter((artifact) => statusOf(artifact) !== 'Ready');
  const worst = worstArtifact(notReady);
  if (worst === undefined) {
    return {
      status: 'True',
      reason: TEMPLATE_CACHE_REASONS.allCachesReady,
      message: 'All artifacts are ready',
    };
  }
  const ready = readyCondition(worst);
  const detail = ready?.message || `artifact ${worst.metadata.name} is ${statusOf(worst)}`;
  return {
    status: 'False',
    reason: ready?.reason || TEMPLATE_CACHE_REASONS.cachesNotReady,
    message: `One or more caches are not ready: ${detail}`,
  };
}

/** Present when artifacts were listed and something matched or is missing (spec §11.5). */
export function artifactsHealth(
  artifacts: FetchResult<readonly ArtifactObject[]>,
  composition: CacheComposition | undefined,
): ComponentHealth | undefined {
  const base = {
    component: TEMPLATE_CACHE_COMPONENTS.artifacts,
    dependencyType: DEPENDENCY_TYPES.downstream,
  };
  if (!artifacts.ok) return { ...base, errors: [artifacts.error] };
  if (composition === undefined) return undefined;
  const verdict = artifactsVerdict(composition);
  const matched = [...composition.matched.values()];
  if (matched.length > 0) {
    const worst = worstArtifact(matched);
    const state = asStatus(worst === undefined ? '' : statusOf(worst)) ?? 'Failed';
    return { ...base, state, reason: verdict.reason, message: verdict.message, errors: [] };
  }
  if (composition.missing.length > 0) {
    return { ...base, state: 'Progressing', reason: verdict.reason, message: verdict.message, errors: [] };
  }
  return undefined;
}

/** `status.artifacts`: the matched artifacts keyed by name, absent when nothing matched. */
export function cachedArtifacts(composition: CacheComposition): Record<string, CachedArtifact> | undefined {
  const entries: [string, CachedArtifact][] = [];
  for (const [modelId, artifact] of composition.matched) {
    const entry: CachedArtifact = {
      name: artifact.metadata.name,
      model: modelId,
      status: statusOf(artifact),
    };
    if (artifact.metadata.uid) entry.uid = artifact.metadata.uid;
    if (artifact.status?.persistentVolumeClaim)
      entry.persistentVolumeClaim = artifact.status.persistentVolumeClaim;
    entries.push([artifact.metadata.name, entry]);
  }
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}
