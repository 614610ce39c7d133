/**
 * Caching mode of a service (spec §10.6): every service uses a template cache, either one shared by
 * the namespace or one of its own. The product's older names map onto the two modes.
 */
import type { CacheMode } from './kinds.ts';

const MODE_BY_REQUEST: Readonly<Record<string, CacheMode>> = {
  Shared: 'Shared',
  Always: 'Shared',
  Auto: 'Shared',
  Dedicated: 'Dedicated',
  Never: 'Dedicated',
};

/** Always/Auto → Shared, Never → Dedicated, unset → Shared. */
export function serviceCacheMode(requested: string | undefined): CacheMode {
  return (requested !== undefined ? MODE_BY_REQUEST[requested] : undefined) ?? 'Shared';
}

/** A cache's own mode; the CRD defaults it to Shared, so an empty one is Shared too. */
export function templateCacheMode(mode: string | undefined): CacheMode {
  return mode === 'Dedicated' ? 'Dedicated' : 'Shared';
}
