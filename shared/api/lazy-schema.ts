/**
 * Schemas built on first use. Building a zod schema is not free (each node is an object with
 * a few dozen methods of its own), and every kind's schemas built at import were a measurable
 * part of each cold start (docs/performance.md), although a function reads only some kinds and
 * needs none of them before it is ready. A schema is therefore a function that builds it the
 * first time it is called and returns that same instance ever after: identity matters, since
 * the CRD metadata (`.meta`), the parse memos and the parents that hold it all key on it.
 * Module-level schemas elsewhere (CloudEvents, registry documents) are built the same way.
 */
import type { z } from 'zod';

export function lazySchema<Built>(build: () => Built): () => Built {
  let built: Built | undefined;
  return () => {
    built ??= build();
    return built;
  };
}

/** The parsed type of a lazily built schema: `Infer<typeof FooSchema>`. */
export type Infer<Build extends () => z.ZodType> = z.output<ReturnType<Build>>;
