/**
 * cache-manage's part of AIMService (spec §10.6): find or create the service's template cache and
 * own the `CacheReady` condition and `status.cache`. It writes no summary: isvc-render derives
 * the service's status from every writer's conditions.
 */
import { type AIMService, AIMServiceSchema } from '../api/aim-service.ts';
import { componentConditionType } from '../constants/conditions.ts';
import { CONTROLLER_NAMES } from '../constants/labels.ts';
import { SERVICE_COMPONENTS } from '../constants/service-conditions.ts';
import { isStateError } from '../reconcile/categorize.ts';
import { inputsWithStatusFields } from '../reconcile/event-inputs.ts';
import type { ComponentHealth } from '../reconcile/health.ts';
import { emptyPlan, type Plan } from '../reconcile/plan.ts';
import { readerOf } from '../reconcile/read-cache.ts';
import type { KindReconciler } from '../reconcile/reconciler.ts';
import { cacheCreatedEvent } from './cache-events.ts';
import { SERVICE_GVK, statusOf, type TemplateObject } from './kinds.ts';
import { buildServiceCache } from './service-cache-build.ts';
import { fetchServiceCache, type ServiceCacheFetched } from './service-cache-fetch.ts';
import { serviceCacheHealth } from './service-cache-health.ts';
import { firstCacheStatusHoldMs } from './service-cache-hold.ts';

export const CACHE_CONDITION_TYPE = componentConditionType(SERVICE_COMPONENTS.cache);
export const SERVICE_CACHE_STATUS_FIELD = 'cache';

/** The template the cache is created from, or why there is none to create it from yet. */
export function cacheSource(
  fetched: ServiceCacheFetched,
): { template: TemplateObject } | { waitingFor: string } {
  const { templateRef, template, runtimeConfig } = fetched;
  if (templateRef === undefined) return { waitingFor: 'Waiting for the service template to be resolved' };
  if (runtimeConfig !== undefined && !runtimeConfig.ok) {
    const reason =
      runtimeConfig.error instanceof Error ? runtimeConfig.error.message : String(runtimeConfig.error);
    return { waitingFor: `Waiting for the runtime config: ${reason}` };
  }
  if (template === undefined || !template.ok)
    return { waitingFor: `Waiting to read template ${templateRef.name}` };
  const found = template.value;
  if (found === undefined) return { waitingFor: `Template ${templateRef.name} not found` };
  const status = statusOf(found);
  if (status !== 'Ready') {
    return {
      waitingFor: `Waiting for template ${templateRef.name} to be Ready (status: ${status || 'none'})`,
    };
  }
  if ((found.status?.modelSources ?? []).length === 0) {
    return { waitingFor: `Template ${templateRef.name} has no model sources to cache yet` };
  }
  return { template: found };
}

export function planServiceCache(fetched: ServiceCacheFetched): Plan {
  const plan = emptyPlan();
  if (!fetched.cache.ok || fetched.cache.value !== undefined) return plan;
  const source = cacheSource(fetched);
  if (!('template' in source)) return plan;
  const runtimeConfig = fetched.runtimeConfig?.ok ? fetched.runtimeConfig.value?.spec : undefined;
  const cache = buildServiceCache(fetched.service, source.template, fetched.mode, runtimeConfig);
  if (fetched.mode === 'Dedicated') plan.apply.push(cache);
  else plan.applyWithoutOwner.push(cache);
  plan.events = [cacheCreatedEvent(cache)];
  return plan;
}

export function serviceCacheComponent(fetched: ServiceCacheFetched): ComponentHealth {
  const source = fetched.cache.ok && fetched.cache.value === undefined ? cacheSource(fetched) : undefined;
  const health = serviceCacheHealth({
    mode: fetched.mode,
    cache: fetched.cache,
    ...(fetched.inferenceService !== undefined ? { inferenceService: fetched.inferenceService } : {}),
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

export function serviceCacheReconciler(): KindReconciler<AIMService, ServiceCacheFetched> {
  return {
    gvk: SERVICE_GVK,
    schema: AIMServiceSchema,
    controllerName: CONTROLLER_NAMES.service,
    runtimeConfigScope: 'namespace',
    ownedConditionTypes: [CACHE_CONDITION_TYPE],
    ownedStatusFields: [SERVICE_CACHE_STATUS_FIELD],
    writesSummary: false,
    fetch: (ctx, service, input) =>
      fetchServiceCache(readerOf(ctx), service, input.object, input.runtimeConfig),
    plan: (_service, fetched) => planServiceCache(fetched),
    observedChildren: (fetched) => (fetched.cache.ok && fetched.cache.value ? [fetched.cache.value] : []),
    health: (_service, fetched) => [serviceCacheComponent(fetched)],
    decorate: (status, _conditions, _service, fetched) => decorateServiceCache(status, fetched),
    firstStatusHoldMs: firstCacheStatusHoldMs,
    // Of the other writers' fields it reads only service-resolve's template.
    eventInputs: inputsWithStatusFields(['resolvedTemplate']),
  };
}
