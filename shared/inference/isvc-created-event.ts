/**
 * "Created InferenceService x", told once. Its place is the Event of the CacheReady transition
 * written with it (the cache turning Ready is why the InferenceService is made; event-folding.ts),
 * or, when the cache was Ready already, the InferenceServiceReady transition's. When that write is
 * held (new-isvc-hold.ts) the Event waits with it: while the service's stored status says neither
 * that its cache is Ready nor that its InferenceService exists, every reconcile plans it again,
 * and the write that turns CacheReady True carries it. (The write that makes an InferenceService
 * still says "not found": its conditions come from what was read before. Hence the cache, whose
 * CacheReady the same write turns True, says whether it was told.)
 */
import type { AIMService } from '../api/aim-service.ts';
import { componentConditionType } from '../constants/conditions.ts';
import { SERVICE_COMPONENTS, SERVICE_EVENT_REASONS } from '../constants/service-conditions.ts';
import { findCondition } from '../reconcile/conditions.ts';
import type { PlannedEvent } from '../reconcile/plan.ts';
import { INFERENCE_SERVICE_NOT_FOUND } from './isvc-health.ts';
import type { InferenceDecision } from './render-decision.ts';
import type { RenderFetched } from './render-fetch.ts';

const ISVC_CONDITION = componentConditionType(SERVICE_COMPONENTS.inferenceService);
const CACHE_CONDITION = componentConditionType(SERVICE_COMPONENTS.cache);

/** Whether the service's stored status still says it has no InferenceService and no Ready cache. */
function untold(svc: AIMService): boolean {
  const stored = svc.status?.conditions;
  if (findCondition(stored, CACHE_CONDITION)?.status === 'True') return false;
  const said = findCondition(stored, ISVC_CONDITION);
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
  };
  const plannedAgain = untold(svc);
  if (decision.existing === undefined) {
    // Made by this reconcile: what the InferenceServiceReady transition would say, if there is one.
    if (!fetched.isvc?.ok) return undefined;
    return { ...event, onApply: true, foldsInto: ISVC_CONDITION, plannedUntilWritten: plannedAgain };
  }
  return plannedAgain ? { ...event, plannedUntilWritten: true } : undefined;
}
