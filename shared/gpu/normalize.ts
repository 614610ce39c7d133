import { AMD_GPU_MODEL_BY_DEVICE_ID } from './device-ids.ts';

/** Vendor words that precede the model in free-form names. */
const SKIPPED_TOKENS = new Set(['AMD', 'INSTINCT']);
const TOKEN_SEPARATORS = /[- /:]/;
const MODEL_TOKEN = /^(MI|ME|RX|RTX|GTX|A|H|L|T|V|K|P|QUADRO|TESLA|GRID)?[A-Z]*[0-9]+[A-Z0-9]*$/;

/**
 * Canonical GPU model from a free-form name (spec §9.2): upper-case, `_` → `-`, split on `- /:`;
 * the first token that looks like a model (letters then digits), else the first token.
 * `"MI300X (rev 2)"` → `MI300X`, `"Instinct-MI325X"` → `MI325X`, `"RX7900-XTX"` → `RX7900`.
 */
export function normalizeGPUModel(name: string): string {
  const tokens = name.trim().toUpperCase().replaceAll('_', '-').split(TOKEN_SEPARATORS).filter(Boolean);
  return tokens.find((token) => !SKIPPED_TOKENS.has(token) && MODEL_TOKEN.test(token)) ?? tokens[0] ?? '';
}

/** Device ids are compared as lower-case hex without `0x` (`0x74A1` → `74a1`). */
export function normalizeDeviceId(id: string): string {
  const lower = id.trim().toLowerCase();
  return lower.startsWith('0x') ? lower.slice(2) : lower;
}

/** The model of a device id; unknown ids become `AMD-<ID>` so they still count as a distinct GPU. */
export function gpuModelFromDeviceId(id: string): string {
  const normalized = normalizeDeviceId(id);
  // hasOwn: label values are arbitrary text, and `constructor` must not find Object's prototype.
  return Object.hasOwn(AMD_GPU_MODEL_BY_DEVICE_ID, normalized)
    ? AMD_GPU_MODEL_BY_DEVICE_ID[normalized]!
    : `AMD-${normalized.toUpperCase()}`;
}
