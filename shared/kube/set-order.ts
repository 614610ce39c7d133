/**
 * Lists whose order means nothing to Kubernetes, kept in the order already written.
 *
 * A node selector requirement's `values` is a set: the Go operator wrote the GPU device ids in Go's
 * random map order, the functions write them sorted. Applying the sorted list over the written
 * one changes the pod template and rolls every predictor (reloading its weights) for nothing, so
 * when the written list holds the same values the desired object takes its order.
 */
const SET_VALUED_KEYS = new Set(['values']);

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const set = new Set(a);
  return set.size === new Set(b).size && b.every((item) => set.has(item));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `desired` with every set-valued list that `written` holds as the same set in `written`'s order. */
export function keepWrittenSetOrder<T>(desired: T, written: unknown): T {
  if (Array.isArray(desired)) {
    if (!Array.isArray(written)) return desired;
    return desired.map((item, index) => keepWrittenSetOrder(item, written[index])) as T;
  }
  if (!isRecord(desired) || !isRecord(written)) return desired;
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(desired)) {
    const before = written[key];
    result[key] =
      SET_VALUED_KEYS.has(key) && isStringList(value) && isStringList(before) && sameSet(value, before)
        ? [...before]
        : keepWrittenSetOrder(value, before);
  }
  return result as T;
}
