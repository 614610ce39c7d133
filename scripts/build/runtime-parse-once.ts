import type { Plugin } from 'rolldown';

/** What faas-js-runtime's lib/event-handler.js does, and what the bundle does instead. */
export const PARSE_ONCE_EDITS: readonly (readonly [string, string])[] = [
  [
    'return HTTP.isEvent(this);',
    'try { this.aimCloudEvent = HTTP.toEvent(this); return true; } catch { this.aimCloudEvent = undefined; return false; }',
  ],
  [
    'request.fcontext.cloudevent = HTTP.toEvent(request);',
    'request.fcontext.cloudevent = request.aimCloudEvent ?? HTTP.toEvent(request);',
  ],
];

/** faas-js-runtime's event-handler.js with PARSE_ONCE_EDITS applied; throws if one no longer fits. */
export function parseOnce(code: string): string {
  let next = code;
  for (const [from, to] of PARSE_ONCE_EDITS) {
    if (!next.includes(from))
      throw new Error(
        `faas-js-runtime's lib/event-handler.js no longer holds ${JSON.stringify(from)}: revisit scripts/build/runtime-parse-once.ts`,
      );
    next = next.replace(from, to);
  }
  return next;
}

/**
 * faas-js-runtime 4 parses every CloudEvent twice: its request decorator `isCloudEvent()` runs
 * cloudevents' `deserialize` to answer yes or no, then its preHandler hook deserializes again for
 * the function. Each parse also builds three ValidationErrors with stack traces whatever the
 * input (its cloudevents 8 copy): ~4 % of a function's CPU at 1,000 services (profile). The
 * bundle keeps the first parse for the hook. Nothing either answers changes: `toEvent` is
 * `deserialize`, and `isEvent` is "deserialize does not throw".
 */
export function runtimeParseOncePlugin(): Plugin {
  let applied = false;
  return {
    name: 'aim-runtime-parse-once',
    transform(code, id) {
      if (!id.endsWith('/faas-js-runtime/lib/event-handler.js')) return null;
      applied = true;
      return { code: parseOnce(code), map: null };
    },
    buildEnd() {
      if (!applied) throw new Error('faas-js-runtime/lib/event-handler.js was not in the bundle');
    },
  };
}
