/**
 * The bundle's edits of faas-js-runtime (the runtime the brief prescribes): each changes how much
 * work the runtime does, never what it answers. The build fails when an edited line moves.
 */
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

/**
 * What the runtime's cloudevents copy does in `JSONParser.parse` (dist/parsers.js), and the same
 * checks with the errors built only when thrown.
 */
export const LAZY_ERROR_EDITS: readonly (readonly [string, string])[] = [
  [
    '(0, validation_1.isDefinedOrThrow)(payload, new validation_1.ValidationError("null or undefined payload"));',
    'if (!(0, validation_1.isDefined)(payload)) throw new validation_1.ValidationError("null or undefined payload");',
  ],
  [
    '(0, validation_1.isStringOrObjectOrThrow)(payload, new validation_1.ValidationError("invalid payload type, allowed are: string or object"));',
    'if (!(0, validation_1.isString)(payload) && !(0, validation_1.isObject)(payload)) throw new validation_1.ValidationError("invalid payload type, allowed are: string or object");',
  ],
];

/**
 * What faas-js-runtime's lib/health-check.js does at load: it builds an overload-protection
 * instance for its default probe answers, and that instance samples the event loop every 5 ms
 * (loopbench's setInterval) for the life of the process — 200 wake-ups a second in every
 * function, idle or not (~0.9 % of a core each at rest). The functions answer the probes
 * themselves (shared/runtime/health-probes.ts), so the instance is made only when a default
 * answer is first asked for.
 */
export const LAZY_PROTECTION_EDITS: readonly (readonly [string, string])[] = [
  ["const protect = protection('http', protectCfg);", 'let protect;'],
  [
    "protect(request, reply, _ => reply.send('OK'));",
    "(protect ??= protection('http', protectCfg))(request, reply, _ => reply.send('OK'));",
  ],
];

/**
 * What faas-js-runtime's lib/metrics.js does at load: prom-client's default metrics, whose event
 * loop lag histogram samples every 10 ms (`monitorEventLoopDelay`) — 100 wake-ups a second in
 * every function (~0.2 % of a core each at rest). Sampled every 100 ms it still measures every
 * stall long enough to matter (the runtime's own overload limit was 42 ms) with a tenth of them.
 */
export const SPARSE_LOOP_SAMPLING_EDITS: readonly (readonly [string, string])[] = [
  [
    'collectDefaultMetrics({ register });',
    'collectDefaultMetrics({ register, eventLoopMonitoringPrecision: 100 });',
  ],
];

const EDITED_FILES: readonly { suffix: string; edits: readonly (readonly [string, string])[] }[] = [
  { suffix: '/faas-js-runtime/lib/event-handler.js', edits: PARSE_ONCE_EDITS },
  { suffix: '/faas-js-runtime/node_modules/cloudevents/dist/parsers.js', edits: LAZY_ERROR_EDITS },
  { suffix: '/faas-js-runtime/lib/health-check.js', edits: LAZY_PROTECTION_EDITS },
  { suffix: '/faas-js-runtime/lib/metrics.js', edits: SPARSE_LOOP_SAMPLING_EDITS },
];

/** Which edited file `id` (a path or file URL) is, if any. */
function editedFile(id: string): (typeof EDITED_FILES)[number] | undefined {
  return EDITED_FILES.find((candidate) => id.endsWith(candidate.suffix));
}

/** Whether the module at `id` is one the bundle edits (a check before its source is even decoded). */
export function isEditedRuntimeModule(id: string): boolean {
  return editedFile(id) !== undefined;
}

/**
 * The module at `id` as the bundle ships it: undefined for a module that is not edited; throws
 * if an edit no longer fits.
 */
export function editRuntimeSource(id: string, code: string): { suffix: string; code: string } | undefined {
  const file = editedFile(id);
  return file === undefined
    ? undefined
    : { suffix: file.suffix, code: applyEdits(code, file.edits, file.suffix) };
}

/** `code` with `edits` applied; throws if one no longer fits (the package changed under us). */
export function applyEdits(
  code: string,
  edits: readonly (readonly [string, string])[],
  file: string,
): string {
  let next = code;
  for (const [from, to] of edits) {
    if (!next.includes(from))
      throw new Error(
        `${file} no longer holds ${JSON.stringify(from)}: revisit scripts/build/runtime-edits.ts`,
      );
    next = next.replace(from, to);
  }
  return next;
}

/** faas-js-runtime's event-handler.js with PARSE_ONCE_EDITS applied. */
export function parseOnce(code: string): string {
  return applyEdits(code, PARSE_ONCE_EDITS, "faas-js-runtime's lib/event-handler.js");
}

/**
 * faas-js-runtime 4 parses every CloudEvent twice: its request decorator `isCloudEvent()` runs
 * cloudevents' `deserialize` to answer yes or no, then its preHandler hook deserializes again for
 * the function. Each parse also builds ValidationErrors with stack traces whatever the input
 * (its cloudevents 8 copy, `JSONParser.parse`): ~4 % of a function's CPU at 1,000 services, and
 * the errors alone still ~2 % in the burst once the parse was single (profiles). The bundle keeps
 * the first parse for the hook and builds an error only to throw it. Nothing either answers
 * changes: `toEvent` is `deserialize`, `isEvent` is "deserialize does not throw", and the checks
 * are the ones the `…OrThrow` helpers make. Its default health answers get their event-loop
 * sampler only when first asked for (LAZY_PROTECTION_EDITS), and its event-loop lag metric samples every
 * 100 ms instead of 10 (SPARSE_LOOP_SAMPLING_EDITS): at rest a function no longer wakes 300 times a
 * second.
 */
export function runtimeEditsPlugin(): Plugin {
  const applied = new Set<string>();
  return {
    name: 'aim-runtime-edits',
    transform(code, id) {
      const edited = editRuntimeSource(id, code);
      if (edited === undefined) return null;
      applied.add(edited.suffix);
      return { code: edited.code, map: null };
    },
    buildEnd() {
      const missing = EDITED_FILES.filter((file) => !applied.has(file.suffix));
      if (missing.length > 0)
        throw new Error(`not in the bundle: ${missing.map((file) => file.suffix).join(', ')}`);
    },
  };
}
