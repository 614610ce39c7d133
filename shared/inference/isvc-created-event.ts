/**
 * "Created InferenceService x", told once. Its place is the Event of the CacheReady transition
 * written with it (the cache turning Ready is why the InferenceService is made; event-folding.ts),
 * or, when the cache was Ready already, the InferenceServiceReady transition's. When that write is
 * held (new-isvc-hold.ts) the Event waits with it: every reconcile plans it again while the
 * service's stored status still says its InferenceService is not found, and the write that says
 * otherwise carries it.
 */
import type { AIMService } from '../api/aim-service.ts';
import { componentConditionType } from '../constants/conditions.ts';
import { SERVICE_COMPONENTS, SERVICE_EVENT_REASONS } from '../constants/service-conditions.ts';
import type { PlannedEvent } from '../reconcile/plan.ts';
import { INFERENCE_SERVICE_NOT_FOUND } from './isvc-health.ts';
import type { InferenceDecision } from './render-decision.ts';
import type { RenderFetched } from './render-fetch.ts';

const ISVC_CONDITION = componentConditionType(SERVICE_COMPONENTS.inferenceService);
const CACHE_CONDITION = componentConditionType(SERVICE_COMPONENTS.cache);

/** Whether the service's stored status still says it has no InferenceService. */
function toldNotFound(svc: AIMService): boolean {
  const said = (svc.status?.conditions ?? []).find((condition) => condition.type === ISVC_CONDITION);
  return said === undefined || (said.message ?? '').startsWith(INFERENCE_SERVICE_NOT_FOUND);
}

export function inferenceServiceCreatedEvent(
  svc: AIMService,
  decision: InferenceDecision,
  fetched: RenderFetched,
): PlannedEvent | undefined {
  const desired = decision.desired;
  if (desired === undefined) return undefined;
  const event: PlannedEvent = {
    type: 'Normal',
    reason: SERVICE_EVENT_REASONS.inferenceServiceCreated,
    message: `Created InferenceService ${desired.metadata.name}`,
    joins: [CACHE_CONDITION],
    plannedUntilWritten: true,
  };
  if (decision.existing === undefined) {
    // Made by this reconcile: what the InferenceServiceReady transition would say, if there is one.
    return fetched.isvc?.ok ? { ...event, onApply: true, foldsInto: ISVC_CONDITION } : undefined;
  }
  return toldNotFound(svc) ? event : undefined;
}
