/**
 * Which template cache a service may use (spec §10.6): a Shared service only a Shared cache of its
 * template, a Dedicated service only the Dedicated cache it owns; among several Shared candidates
 * the best status wins (spec §3.1 priorities, first on ties).
 */
import { statusPriority } from '../constants/status.ts';
import { hasOwner } from '../kube/owner.ts';
import { templateCacheMode } from './cache-mode.ts';
import { type CacheMode, statusOf, type TemplateCacheObject } from './kinds.ts';

export function isUsableCache(cache: TemplateCacheObject, mode: CacheMode, serviceUid: string): boolean {
  const cacheMode = templateCacheMode(cache.spec?.mode);
  if (mode === 'Dedicated') return cacheMode === 'Dedicated' && hasOwner(cache, serviceUid);
  return cacheMode === 'Shared';
}

/** The object with the highest status priority; the first one wins ties. */
export function bestByStatus<T extends { status?: unknown }>(objects: readonly T[]): T | undefined {
  let best: T | undefined;
  for (const object of objects) {
    if (best === undefined || priorityOf(object) > priorityOf(best)) best = object;
  }
  return best;
}

function priorityOf(object: { status?: unknown }): number {
  const status = (object.status as { status?: unknown } | undefined)?.status;
  return statusPriority(typeof status === 'string' ? status : undefined);
}

/** The best Shared cache of `templateName` among the namespace's caches. */
export function bestSharedCache(
  caches: readonly TemplateCacheObject[],
  templateName: string,
): TemplateCacheObject | undefined {
  return bestByStatus(
    caches.filter(
      (cache) =>
        cache.spec?.templateName === templateName && templateCacheMode(cache.spec?.mode) === 'Shared',
    ),
  );
}

export function isReadyCache(cache: TemplateCacheObject): boolean {
  return statusOf(cache) === 'Ready';
}
