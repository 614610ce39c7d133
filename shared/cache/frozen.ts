/**
 * Objects a cache hands out are shared by every reader, so they are frozen once when stored
 * rather than copied on every read: a reader that changes one gets a TypeError (modules are
 * strict) instead of silently changing what every other reconcile reads. Copying each read was
 * most of a function's CPU in a burst (a LIST of services per dependent event).
 */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  return Object.freeze(value);
}
