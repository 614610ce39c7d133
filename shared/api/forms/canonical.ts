import type { z } from 'zod';
import { memoizeFrozen } from '../../cache/frozen-memo.ts';

/** Per schema: the canonical form of each frozen (cached, shared) spec, parsed once. */
const memos = new WeakMap<z.ZodType, (spec: object) => unknown>();

function parsedOrAsIs(schema: z.ZodType, spec: unknown): unknown {
  const parsed = schema.safeParse(spec);
  return parsed.success ? parsed.data : spec;
}

/**
 * The spec of an object read as a *related* object (not the one being reconciled) in its canonical
 * form, so every documented spelling means the same to the functions that only peek at it. A spec
 * that does not parse is returned as it is: its own reconcile reports why.
 *
 * A cached spec is parsed once per version and the (frozen) answer shared: service-resolve
 * compares every service of a namespace against each model or template event, and parsing each
 * service's spec anew was its largest single cost in issue 14's burst (~0.9 s of CPU).
 */
export function canonicalSpec(schema: z.ZodType, spec: unknown): unknown {
  if (typeof spec !== 'object' || spec === null) return parsedOrAsIs(schema, spec);
  let memo = memos.get(schema);
  if (memo === undefined) {
    memo = memoizeFrozen((frozen: object) => parsedOrAsIs(schema, frozen));
    memos.set(schema, memo);
  }
  return memo(spec);
}
