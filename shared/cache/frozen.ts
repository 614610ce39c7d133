/**
 * Objects a cache hands out are shared by every reader, so they are frozen once when stored
 * rather than copied on every read: a reader that changes one gets a TypeError (modules are
 * strict) instead of silently changing what every other reconcile reads. Copying each read was
 * most of a function's CPU in a burst (a LIST of services per dependent event). A cache's copy
 * also takes its strings from a pool (string-pool.ts) while it is walked.
 */
import type { StringPool } from './string-pool.ts';

export function deepFreeze<T>(value: T, strings?: StringPool): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const field = record[key];
    if (typeof field === 'string') {
      if (strings !== undefined) record[key] = strings.intern(key, field);
    } else deepFreeze(field, strings);
  }
  return Object.freeze(value);
}
