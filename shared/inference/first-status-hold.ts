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
 * In the same window it also waits while the service's template cache has just been made and has
 * no status yet, or Pending (service-cache-hold.ts leaves the Cache component out then): written
 * at once, nearly half of 100 new services wrote their summary without the cache and again a
 * second later with it, when the cache said Progressing. The cache's status change reconciles the
 * service again.
 */
import type { AIMService } from '../api/aim-service.ts';
import { SERVICE_COMPONENTS } from '../constants/service-conditions.ts';
import { creationWindowLeftMs } from '../kube/objects.ts';
import { hadCondition } from './render-health.ts';

/** From the service's creation; past it the first status is written whatever service-resolve did. */
export const FIRST_STATUS_WINDOW_MS = 5_000;

export function firstStatusHoldMs(service: AIMService, now: Date, cacheAboutToProgress = false): number {
  const resolved =
    hadCondition(service, SERVICE_COMPONENTS.model) || hadCondition(service, SERVICE_COMPONENTS.template);
  if (resolved && !cacheAboutToProgress) return 0;
  return creationWindowLeftMs(service, FIRST_STATUS_WINDOW_MS, now);
}
