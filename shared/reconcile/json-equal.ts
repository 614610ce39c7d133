/**
 * Equality as the API server sees it: JSON values, object key order irrelevant, keys holding
 * `undefined` absent. Used to skip status writes that would change nothing.
 */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => (item === undefined ? null : canonical(item)));
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, item]) => [key, canonical(item)]);
  return Object.fromEntries(entries);
}

export function jsonEqual(a: unknown, b: unknown): boolean {
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Whether every field `desired` sets already has that value in `observed`: objects may carry extra
 * fields (server defaults, other managers), arrays must match element by element. When it holds,
 * applying `desired` again would change nothing.
 */
export function isContainedIn(desired: unknown, observed: unknown): boolean {
  if (desired === undefined) return true;
  if (Array.isArray(desired)) {
    return (
      Array.isArray(observed) &&
      desired.length === observed.length &&
      desired.every((item, index) => isContainedIn(item, observed[index]))
    );
  }
  if (isRecord(desired)) {
    return (
      isRecord(observed) &&
      Object.entries(desired).every(([key, value]) => isContainedIn(value, observed[key]))
    );
  }
  return desired === observed;
}
