/**
 * When isvc-render's first status of a new service waits for service-resolve's. Both react to the
 * service's creation; what isvc-render says before the model and template are resolved
 * (Starting, "InferenceService not found") it says again a moment later with the template cache
 * beside it — a status write, and an event to every function watching AIMServices, for nothing a
 * user needs (a tenth of a new service's requests at N=100). Until service-resolve has reported
 * (its ModelReady or TemplateReady condition), for at most FIRST_STATUS_WINDOW_MS from the
 * service's creation, the first write waits; service-resolve's write is an event of the service
 * and reconciles it again. The pipeline never holds an error, nor a service that has a summary.
 *
 * Nor while service-resolve says the model or template is not Ready *yet* (a template created in
 * the same apply, a model being inspected): written then, the summary said Pending and, a moment
 * later, Starting (35 of 100 services applied together with their template). Its conditions say
 * what the service waits for meanwhile; an error (a missing model or template) is never held.
 *
 * In the same window it also waits while the service's template cache has just been made and has
 * no status yet, or Pending (service-cache-hold.ts leaves the Cache component out then): written
 * at once, nearly half of 100 new services wrote their summary without the cache and again a
 * second later with it, when the cache said Progressing. The cache's status change reconciles the
 * service again.
 */
import type { AIMService } from '../api/aim-service.ts';
import { componentConditionType } from '../constants/conditions.ts';
import { SERVICE_COMPONENTS, SERVICE_REASONS } from '../constants/service-conditions.ts';
import { creationWindowLeftMs } from '../kube/objects.ts';

/** From the service's creation; past it the first status is written whatever service-resolve did. */
export const FIRST_STATUS_WINDOW_MS = 5_000;

/** service-resolve's reasons for a model or template that exists and is on its way to Ready. */
const ON_ITS_WAY: ReadonlySet<string> = new Set([
  SERVICE_REASONS.modelNotReady,
  SERVICE_REASONS.creatingModel,
  SERVICE_REASONS.templateNotReady,
]);
const RESOLUTION_TYPES: ReadonlySet<string> = new Set(
  [SERVICE_COMPONENTS.model, SERVICE_COMPONENTS.template].map(componentConditionType),
);

/** Whether service-resolve has said something that lasts: resolved, or an error. */
function resolutionReported(service: AIMService): boolean {
  const said = (service.status?.conditions ?? []).filter((condition) => RESOLUTION_TYPES.has(condition.type));
  return said.length > 0 && !said.some((c) => c.status === 'False' && ON_ITS_WAY.has(c.reason ?? ''));
}

export function firstStatusHoldMs(service: AIMService, now: Date, cacheAboutToProgress = false): number {
  if (resolutionReported(service) && !cacheAboutToProgress) return 0;
  return creationWindowLeftMs(service, FIRST_STATUS_WINDOW_MS, now);
}
