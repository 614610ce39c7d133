/**
 * isvc-render's AIMService reconciler: renders the InferenceService and the HTTPRoute, reports
 * their health and the service's template cache (`Cache`, status.cache), and writes the summary
 * (status.status, Ready, observedGeneration) from every writer's conditions — the pipeline does
 * the summary; this supplies the domain parts.
 */
import { type AIMService, AIMServiceSchema } from '../api/aim-service.ts';
import { AIM_API_VERSION } from '../api/group.ts';
import { cacheAboutToProgress, firstCacheStatusHoldMs } from '../caching/service-cache-hold.ts';
import {
  CACHE_CONDITION_TYPE,
  decorateServiceCache,
  SERVICE_CACHE_STATUS_FIELD,
  serviceCacheComponent,
} from '../caching/service-cache-status.ts';
import { componentConditionType } from '../constants/conditions.ts';
import { CONTROLLER_NAMES } from '../constants/labels.ts';
import { SERVICE_COMPONENTS } from '../constants/service-conditions.ts';
import { objectKey } from '../kube/objects.ts';
import { isControlledBy } from '../kube/owner.ts';
import type { KubeObject } from '../kube/types.ts';
import type { ComponentHealth } from '../reconcile/health.ts';
import { emptyPlan, type Plan } from '../reconcile/plan.ts';
import type { KindReconciler } from '../reconcile/reconciler.ts';
import { aimServiceStatus } from '../reconcile/service-status.ts';
import { earlierRoutesToRemove, HANDOVER_RECHECK_SECONDS, handoverPending } from './earlier-routes.ts';
import { firstStatusHoldMs } from './first-status-hold.ts';
import { inferenceServiceCreatedEvent } from './isvc-created-event.ts';
import { newInferenceServiceHoldMs } from './new-isvc-hold.ts';
import {
  decideHttpRoute,
  decideInferenceService,
  type InferenceDecision,
  type RouteDecision,
} from './render-decision.ts';
import { fetchRenderState, RENDER_SWEEP_KINDS, type RenderFetched } from './render-fetch.ts';
import { hadCondition, renderHealth } from './render-health.ts';
import { decorateRenderStatus, RENDER_STATUS_FIELDS } from './render-status.ts';
import { serviceStatusEvents } from './status-events.ts';

export const RENDER_CONDITION_TYPES: readonly string[] = [
  ...[
    SERVICE_COMPONENTS.inferenceService,
    SERVICE_COMPONENTS.inferenceServicePods,
    SERVICE_COMPONENTS.httpRoute,
    SERVICE_COMPONENTS.hpa,
  ].map(componentConditionType),
  CACHE_CONDITION_TYPE,
];

interface Decisions {
  inference: InferenceDecision;
  route: RouteDecision;
}

/* plan, health and decorate all need the decisions; they are pure, so computing them once per fetch is enough. */
const decided = new WeakMap<RenderFetched, Decisions>();

function decisionsOf(svc: AIMService, fetched: RenderFetched): Decisions {
  let decisions = decided.get(fetched);
  if (decisions === undefined) {
    decisions = { inference: decideInferenceService(svc, fetched), route: decideHttpRoute(svc, fetched) };
    decided.set(fetched, decisions);
  }
  return decisions;
}

/** While > 0 the Cache component is left out of the status (service-cache-hold.ts). */
function cacheHoldMs(svc: AIMService, fetched: RenderFetched, now: Date): number {
  const reported = hadCondition(svc, SERVICE_COMPONENTS.cache);
  return firstCacheStatusHoldMs(svc, fetched.serviceCache, reported, now);
}

function renderPlan(svc: AIMService, fetched: RenderFetched, now: Date): Plan {
  const { inference, route } = decisionsOf(svc, fetched);
  const plan = emptyPlan();
  const holdMs = cacheHoldMs(svc, fetched, now);
  // Reported at the window's end at the latest, should no event come first.
  if (holdMs > 0) plan.requeueAfterSeconds = Math.ceil(holdMs / 1000);
  if (inference.desired !== undefined) plan.apply.push(inference.desired);
  const created = inferenceServiceCreatedEvent(svc, inference, fetched);
  if (created !== undefined) plan.events = [created];
  if (route.desired !== undefined) plan.apply.push(route.desired);
  const serviceObject = fetched.service;
  if (route.leftover !== undefined && isControlledBy(route.leftover, serviceObject)) {
    plan.delete.push(objectKey(route.leftover));
  }
  const rendered = fetched.route?.ok ? fetched.route.value : undefined;
  const earlier = fetched.earlierRoutes?.ok ? fetched.earlierRoutes.value : [];
  const removed = earlierRoutesToRemove(route, rendered, earlier);
  if (removed.length > 0) plan.retire = removed.map(objectKey);
  if (handoverPending(earlier, removed))
    plan.requeueAfterSeconds = Math.min(plan.requeueAfterSeconds ?? Infinity, HANDOVER_RECHECK_SECONDS);
  return plan;
}

export function isvcRenderReconciler(): KindReconciler<AIMService, RenderFetched> {
  return {
    gvk: { apiVersion: AIM_API_VERSION, kind: 'AIMService' },
    schema: AIMServiceSchema,
    controllerName: CONTROLLER_NAMES.service,
    runtimeConfigScope: 'namespace',
    fetch: fetchRenderState,
    plan: (svc, fetched, now) => renderPlan(svc, fetched, now),
    observedChildren: (fetched) =>
      [fetched.isvc, fetched.route]
        .map((result) => (result?.ok ? result.value : undefined))
        .filter((object): object is KubeObject => object !== undefined),
    health: (svc, fetched, now): ComponentHealth[] => {
      const { inference, route } = decisionsOf(svc, fetched);
      const health = renderHealth(svc, fetched, inference, route);
      return cacheHoldMs(svc, fetched, now) > 0
        ? health
        : [...health, serviceCacheComponent(fetched.serviceCache)];
    },
    decorate: (status, _conditions, svc, fetched) => {
      const { inference, route } = decisionsOf(svc, fetched);
      decorateRenderStatus(status, fetched, inference, route);
      decorateServiceCache(status, fetched.serviceCache);
    },
    ownedConditionTypes: RENDER_CONDITION_TYPES,
    ownedStatusFields: [...RENDER_STATUS_FIELDS, SERVICE_CACHE_STATUS_FIELD],
    writesSummary: true,
    firstStatusHoldMs: (svc, fetched, now) =>
      firstStatusHoldMs(svc, now, cacheAboutToProgress(fetched.serviceCache)),
    settlingStatusHoldMs: (svc, fetched, now, applied) =>
      newInferenceServiceHoldMs(decisionsOf(svc, fetched).inference, applied, now),
    statusMapping: aimServiceStatus,
    statusEvents: serviceStatusEvents,
    sweepSnapshotKinds: RENDER_SWEEP_KINDS,
  };
}
