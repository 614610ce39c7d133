/**
 * cache-manage's part of AIMService (spec §10.6): find or create the service's template cache.
 * It writes nothing on the service: isvc-render reports the `Cache` component and `status.cache`
 * (service-cache-status.ts) along with the summary, from the same cache selection.
 */
import { type AIMService, AIMServiceSchema } from '../api/aim-service.ts';
import { CONTROLLER_NAMES } from '../constants/labels.ts';
import { inputsWithStatusFields } from '../reconcile/event-inputs.ts';
import { emptyPlan, type Plan } from '../reconcile/plan.ts';
import { readerOf } from '../reconcile/read-cache.ts';
import type { KindReconciler } from '../reconcile/reconciler.ts';
import { cacheCreatedEvent } from './cache-events.ts';
import { SERVICE_GVK } from './kinds.ts';
import { buildServiceCache } from './service-cache-build.ts';
import { fetchServiceCache, type ServiceCacheFetched } from './service-cache-fetch.ts';
import { cacheSource } from './service-cache-source.ts';
import { serviceCacheComponent } from './service-cache-status.ts';

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

export function serviceCacheReconciler(): KindReconciler<AIMService, ServiceCacheFetched> {
  return {
    gvk: SERVICE_GVK,
    schema: AIMServiceSchema,
    controllerName: CONTROLLER_NAMES.service,
    runtimeConfigScope: 'namespace',
    // A component writer that owns nothing: its status write is always empty, so never made.
    ownedConditionTypes: [],
    ownedStatusFields: [],
    writesSummary: false,
    fetch: (ctx, service, input) =>
      fetchServiceCache(readerOf(ctx), service, input.object, input.runtimeConfig),
    plan: (_service, fetched) => planServiceCache(fetched),
    observedChildren: (fetched) => (fetched.cache.ok && fetched.cache.value ? [fetched.cache.value] : []),
    // Not written; it decides whether the plan is applied and whether the reconcile is retried.
    health: (_service, fetched) => [serviceCacheComponent(fetched)],
    // Of the other writers' fields it reads only service-resolve's template.
    eventInputs: inputsWithStatusFields(['resolvedTemplate']),
  };
}
