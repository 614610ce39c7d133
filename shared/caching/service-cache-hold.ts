/**
 * When a new service's `Cache` component is left out of its status for a moment. Right after a
 * service is created, what the component would say first is about to change: service-resolve has
 * not resolved the template yet, or the template cache was created a moment ago and has no status
 * yet, or only Pending (spec §10.6 maps Pending to CacheCreating, Progressing to CacheNotReady).
 * Reported anyway, each of N services created together says CacheCreating and, a second later,
 * CacheNotReady: a condition transition, so an Event each (spec §5.7), for nothing a user needs —
 * the Template component and the InferenceService already say the service is waiting. Until the
 * component is first reported, the summary is derived without it; the event that ends the wait
 * (resolvedTemplate written, the cache's status set) reconciles the service again, and past the
 * window the component is reported whatever it says.
 */
import type { AIMService } from '../api/aim-service.ts';
import { creationWindowLeftMs } from '../kube/objects.ts';
import { statusOf } from './kinds.ts';
import type { ServiceCacheFetched } from './service-cache-fetch.ts';

/** From the service's creation; past it the component is reported whatever it says. */
export const FIRST_CACHE_STATUS_WINDOW_MS = 10_000;

/** A template cache with no status yet, or Pending (its claims being bound). */
const ABOUT_TO_PROGRESS: ReadonlySet<string> = new Set(['', 'Pending']);

/** The service's template cache exists and is about to say Progressing (no status yet, or Pending). */
export function cacheAboutToProgress(fetched: ServiceCacheFetched): boolean {
  const cache = fetched.cache.ok ? fetched.cache.value : undefined;
  return cache !== undefined && ABOUT_TO_PROGRESS.has(statusOf(cache));
}

function waitingOnAnotherWriter(fetched: ServiceCacheFetched): boolean {
  if (!fetched.cache.ok) return false;
  if (fetched.cache.value !== undefined) return cacheAboutToProgress(fetched);
  return fetched.templateRef === undefined;
}

/**
 * How long (ms) the component is still left out: 0 once it was reported (`reported`), when it
 * says something that lasts, or past the window.
 */
export function firstCacheStatusHoldMs(
  service: AIMService,
  fetched: ServiceCacheFetched,
  reported: boolean,
  now: Date,
): number {
  if (reported || !waitingOnAnotherWriter(fetched)) return 0;
  return creationWindowLeftMs(service, FIRST_CACHE_STATUS_WINDOW_MS, now);
}
