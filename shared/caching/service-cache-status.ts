/**
 * The `Cache` component of an AIMService (spec §10.6) and `status.cache`, as isvc-render reports
 * them: it reads the cache (found as cache-manage finds it) for the InferenceService anyway and
 * writes the summary, so the component costs no status write of its own. cache-manage creates
 * the cache and writes nothing on the service.
 */
import { componentConditionType } from '../constants/conditions.ts';
import { SERVICE_COMPONENTS } from '../constants/service-conditions.ts';
import { isStateError } from '../reconcile/categorize.ts';
import type { ComponentHealth } from '../reconcile/health.ts';
import { statusOf } from './kinds.ts';
import type { ServiceCacheFetched } from './service-cache-fetch.ts';
import { serviceCacheHealth } from './service-cache-health.ts';
import { cacheSource } from './service-cache-source.ts';

export const CACHE_CONDITION_TYPE = componentConditionType(SERVICE_COMPONENTS.cache);
export const SERVICE_CACHE_STATUS_FIELD = 'cache';

export function serviceCacheComponent(fetched: ServiceCacheFetched): ComponentHealth {
  const source = fetched.cache.ok && fetched.cache.value === undefined ? cacheSource(fetched) : undefined;
  const health = serviceCacheHealth({
    mode: fetched.mode,
    cache: fetched.cache,
    ...(fetched.inferenceService !== undefined ? { inferenceService: fetched.inferenceService } : {}),
    referencedUid: fetched.referencedCacheUid,
    ...(source !== undefined && 'waitingFor' in source ? { waitingFor: source.waitingFor } : {}),
  });
  // Reading the template or a runtime config failed for a reason worth retrying: say so.
  const retryable = [fetched.template, fetched.runtimeConfig].flatMap((result) =>
    result !== undefined && !result.ok && !isStateError(result.error) ? [result.error] : [],
  );
  return retryable.length > 0 && health.errors.length === 0 ? { ...health, errors: retryable } : health;
}

/** `status.cache.templateCacheRef` once the cache is Ready; never cleared (spec §10.9). */
export function decorateServiceCache(status: Record<string, unknown>, fetched: ServiceCacheFetched): void {
  const cache = fetched.cache.ok ? fetched.cache.value : undefined;
  if (cache === undefined || statusOf(cache) !== 'Ready') return;
  const previous = (status[SERVICE_CACHE_STATUS_FIELD] ?? {}) as Record<string, unknown>;
  const templateCacheRef: Record<string, string> = { name: cache.metadata.name };
  if (cache.metadata.namespace) templateCacheRef.namespace = cache.metadata.namespace;
  if (cache.metadata.uid) templateCacheRef.uid = cache.metadata.uid;
  status[SERVICE_CACHE_STATUS_FIELD] = { ...previous, templateCacheRef };
}
