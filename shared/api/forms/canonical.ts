import type { z } from 'zod';

/**
 * The spec of an object read as a *related* object (not the one being reconciled) in its canonical
 * form, so every documented spelling means the same to the functions that only peek at it. A spec
 * that does not parse is returned as it is: its own reconcile reports why.
 */
export function canonicalSpec(schema: z.ZodType, spec: unknown): unknown {
  const parsed = schema.safeParse(spec);
  return parsed.success ? parsed.data : spec;
}
