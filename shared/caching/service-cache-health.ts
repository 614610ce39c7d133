/**
 * The service's `Cache` component (spec §10.6): always present, downstream, derived from the cache
 * the service uses — or, without one, from whether its InferenceService already mounts a cache
 * volume (then the cache was lost and is being recreated).
 */
import { CONDITION_TYPES } from '../constants/conditions.ts';
import { SERVICE_COMPONENTS, SERVICE_REASONS } from '../constants/service-conditions.ts';
import type { KubeObject } from '../kube/types.ts';
import { findCondition } from '../reconcile/conditions.ts';
import { type ComponentHealth, DEPENDENCY_TYPES, type FetchResult } from '../reconcile/health.ts';
import { type CacheMode, statusOf, type TemplateCacheObject } from './kinds.ts';

/** The `dshm` shared-memory volume every InferenceService has; it is not a cache. */
const SHARED_MEMORY_VOLUME = 'dshm';

export interface ServiceCacheObservation {
  mode: CacheMode;
  /** The usable cache the service found, undefined when it has none. */
  cache: FetchResult<TemplateCacheObject | undefined>;
  /** The service's InferenceService, undefined when absent (cache-manage reads it only without a cache). */
  inferenceService?: FetchResult<KubeObject | undefined>;
  /** The uid of the cache status.cache names: a cache with another uid replaced it. */
  referencedUid?: string | undefined;
  /** Why no cache is being created yet (template missing, not Ready, without sources). */
  waitingFor?: string;
}

/** Whether the InferenceService mounts a PVC besides shared memory, i.e. it already used a cache. */
export function mountsCacheVolume(inferenceService: KubeObject): boolean {
  const volumes: unknown = inferenceService.spec?.predictor?.volumes;
  if (!Array.isArray(volumes)) return false;
  return volumes.some(
    (volume: { name?: unknown; persistentVolumeClaim?: unknown }) =>
      volume?.name !== SHARED_MEMORY_VOLUME && volume?.persistentVolumeClaim !== undefined,
  );
}

/**
 * Upstream says only "Template cache failed"; the cache's own Ready condition knows why (issue 14:
 * the service's status never hides a cause a lower condition already names).
 */
function failedMessage(cache: TemplateCacheObject): string {
  const why = findCondition(cache.status?.conditions, CONDITION_TYPES.ready)?.message;
  const name = cache.metadata.name;
  return why ? `Template cache ${name} failed: ${why}` : `Template cache ${name} failed`;
}

function cacheHealth(cache: TemplateCacheObject): Omit<ComponentHealth, 'component' | 'errors'> {
  const status = statusOf(cache);
  switch (status) {
    case 'Ready':
      return { state: 'Ready', reason: SERVICE_REASONS.cacheReady, message: 'Template cache is ready' };
    case 'Progressing':
      return {
        state: 'Progressing',
        reason: SERVICE_REASONS.cacheNotReady,
        message: `Template cache ${cache.metadata.name} is progressing`,
      };
    case 'Failed':
      return { state: 'Failed', reason: SERVICE_REASONS.cacheFailed, message: failedMessage(cache) };
    default:
      return {
        state: 'Progressing',
        reason: SERVICE_REASONS.cacheCreating,
        message: `Template cache status: ${status}`,
      };
  }
}

/** The InferenceService mounts a cache the service no longer has: it is being recreated. */
function lostCacheHealth(mode: CacheMode): Omit<ComponentHealth, 'component' | 'errors'> {
  if (mode === 'Shared') {
    return {
      state: 'Degraded',
      reason: SERVICE_REASONS.cacheLost,
      message: 'The template cache the InferenceService uses is gone; it is being recreated',
    };
  }
  return {
    state: 'Degraded',
    reason: SERVICE_REASONS.cacheCreating,
    message: 'Dedicated template cache is being recreated',
  };
}

function usesCacheVolume(observation: ServiceCacheObservation): boolean {
  const isvc = observation.inferenceService;
  return isvc?.ok === true && isvc.value !== undefined && mountsCacheVolume(isvc.value);
}

/**
 * A cache that is not Ready and is not the one status.cache names (another uid), while the
 * InferenceService mounts a cache: the named one was lost and this is its recreation. Seen by
 * whichever reconcile comes first, the gone one or its replacement, the service says the same.
 */
function replacesLostCache(cache: TemplateCacheObject, observation: ServiceCacheObservation): boolean {
  const { referencedUid } = observation;
  if (referencedUid === undefined || cache.metadata.uid === referencedUid) return false;
  return statusOf(cache) !== 'Ready' && usesCacheVolume(observation);
}

function missingCacheHealth(
  observation: ServiceCacheObservation,
): Omit<ComponentHealth, 'component' | 'errors'> {
  if (usesCacheVolume(observation)) return lostCacheHealth(observation.mode);
  return {
    state: 'Progressing',
    reason: SERVICE_REASONS.cacheCreating,
    message: observation.waitingFor ?? 'Creating template cache',
  };
}

export function serviceCacheHealth(observation: ServiceCacheObservation): ComponentHealth {
  const base = { component: SERVICE_COMPONENTS.cache, dependencyType: DEPENDENCY_TYPES.downstream };
  const { cache, inferenceService } = observation;
  if (!cache.ok) return { ...base, errors: [cache.error] };
  if (cache.value !== undefined) {
    const health = replacesLostCache(cache.value, observation)
      ? lostCacheHealth(observation.mode)
      : cacheHealth(cache.value);
    return { ...base, ...health, errors: [] };
  }
  if (inferenceService !== undefined && !inferenceService.ok) {
    return { ...base, errors: [inferenceService.error] };
  }
  return { ...base, ...missingCacheHealth(observation), errors: [] };
}
