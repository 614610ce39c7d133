/**
 * When cache-manage holds a new service's first CacheReady condition (firstStatusHoldMs). Right
 * after a service is created, what cache-manage would write first is usually about to change:
 * service-resolve has not resolved the template yet, or the template cache was created a moment
 * ago and has no status yet, or only Pending. Written anyway, every one of N services created
 * together says "CacheCreating" and, a second later, "CacheNotReady": a write, an Event
 * and three deliveries each, for nothing a user needs (service-resolve's first status already
 * says the service is Pending and why). The event that ends the wait (resolvedTemplate written,
 * the cache's status set) reconciles the service again; after the window it is written as is.
 */
import type { AIMService } from '../api/aim-service.ts';
import { statusOf } from './kinds.ts';
import type { ServiceCacheFetched } from './service-cache-fetch.ts';

/** From the service's creation; past it the first condition is written whatever it says. */
export const FIRST_CACHE_STATUS_WINDOW_MS = 10_000;

/**
 * A template cache with no status yet, or Pending (its claims being bound): spec §10.6 maps Pending
 * to CacheCreating and Progressing to CacheNotReady, so a service written while its cache is
 * Pending writes again a moment later. Created together, 852 of 1,000 services outlived a 5 s
 * hold (on the cache still Pending) and each wrote CacheCreating, CacheNotReady and CacheReady.
 */
const ABOUT_TO_PROGRESS: ReadonlySet<string> = new Set(['', 'Pending']);

function waitingOnAnotherWriter(fetched: ServiceCacheFetched): boolean {
  if (!fetched.cache.ok) return false;
  const cache = fetched.cache.value;
  if (cache !== undefined) return ABOUT_TO_PROGRESS.has(statusOf(cache));
  return fetched.templateRef === undefined;
}

export function firstCacheStatusHoldMs(service: AIMService, fetched: ServiceCacheFetched, now: Date): number {
  if (!waitingOnAnotherWriter(fetched)) return 0;
  const created = Date.parse(service.metadata.creationTimestamp ?? '');
  if (!Number.isFinite(created)) return 0;
  return Math.max(0, created + FIRST_CACHE_STATUS_WINDOW_MS - now.getTime());
}
