/**
 * Environment merging shared by runtime configs, template caches and InferenceServices:
 * variables merge by name (a later list replaces an earlier entry in place, new names are
 * appended), and `AIM_ENGINE_ARGS` — a JSON object of engine arguments — is deep-merged instead of
 * replaced, so each level only states the arguments it changes (spec §6, §15.4).
 */
import type { EnvVar } from '../api/common/env.ts';
import { ENV } from '../constants/env.ts';

export type { EnvVar } from '../api/common/env.ts';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseJsonObject(text: string): JsonObject | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    return isJsonObject(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** Objects merge key by key, recursively; anything else in `override` replaces `base`. */
export function deepMergeJson(base: Json, override: Json): Json {
  if (!isJsonObject(base) || !isJsonObject(override)) return override;
  const result: JsonObject = { ...base };
  for (const [key, value] of Object.entries(override)) {
    const existing = result[key];
    result[key] = existing === undefined ? value : deepMergeJson(existing, value);
  }
  return result;
}

/* Go's encoding/json writes map keys sorted; doing the same keeps the merged value stable. */
function sortKeys(value: Json): Json {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (!isJsonObject(value)) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortKeys(value[key] as Json)]),
  );
}

/**
 * Two `AIM_ENGINE_ARGS` values merged: both JSON objects ⇒ deep merge with `override` winning;
 * otherwise (invalid JSON, arrays, scalars) `override` replaces `base` as an ordinary variable would.
 */
export function mergeEngineArgs(base: string, override: string): string {
  const baseObject = parseJsonObject(base);
  const overrideObject = parseJsonObject(override);
  if (baseObject === undefined || overrideObject === undefined) return override;
  return JSON.stringify(sortKeys(deepMergeJson(baseObject, overrideObject)));
}

export interface EnvMergeOptions {
  /** Variables whose literal JSON-object values are deep-merged. Default: `AIM_ENGINE_ARGS`. */
  deepMergeNames?: readonly string[];
}

function mergeEntry(existing: EnvVar, next: EnvVar, deepMerge: ReadonlySet<string>): EnvVar {
  const mergeable =
    deepMerge.has(next.name) &&
    existing.valueFrom === undefined &&
    next.valueFrom === undefined &&
    existing.value !== undefined &&
    next.value !== undefined;
  if (!mergeable) return structuredClone(next);
  return { name: next.name, value: mergeEngineArgs(existing.value as string, next.value as string) };
}

/** Merges env lists in order of increasing precedence. Inputs are not modified. */
export function mergeEnv(
  lists: ReadonlyArray<readonly EnvVar[] | undefined>,
  options: EnvMergeOptions = {},
): EnvVar[] {
  const deepMerge = new Set(options.deepMergeNames ?? [ENV.aimEngineArgs]);
  const result: EnvVar[] = [];
  const index = new Map<string, number>();
  for (const list of lists) {
    for (const entry of list ?? []) {
      const at = index.get(entry.name);
      const existing = at === undefined ? undefined : result[at];
      if (at === undefined || existing === undefined) {
        index.set(entry.name, result.length);
        result.push(structuredClone(entry));
      } else {
        result[at] = mergeEntry(existing, entry, deepMerge);
      }
    }
  }
  return result;
}
