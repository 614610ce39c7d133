/**
 * resourceVersions are opaque to clients by contract, but every API server backed by etcd issues
 * them as increasing integers (etcd's global revision). The caches compare them only to answer
 * "has this cache seen the change an event announced?"; an RV that is not an integer makes the
 * answer "unknown", and the caller reads live instead.
 */
export function compareResourceVersions(a: string | undefined, b: string | undefined): number | undefined {
  if (a === undefined || b === undefined || !/^\d+$/.test(a) || !/^\d+$/.test(b)) return undefined;
  const x = BigInt(a);
  const y = BigInt(b);
  return x === y ? 0 : x < y ? -1 : 1;
}

/** Whether `candidate` is known to be newer than `current` (unknown counts as newer: take it). */
export function isNewer(candidate: string | undefined, current: string | undefined): boolean {
  const order = compareResourceVersions(candidate, current);
  return order === undefined || order > 0;
}
