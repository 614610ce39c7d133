/**
 * Canonical quantities (canonical.ts) in the parts of user input the functions copy into objects
 * they write: hardware requirements, resource requirements and model-source sizes. Each returns a
 * copy, so the user's own object is never rewritten. Shapes are checked as they are walked — a
 * template read from the cluster is not validated — and anything unexpected is copied unchanged.
 */
import { canonicalQuantityOrSelf } from './canonical.ts';

type Fields = Record<string, unknown>;

function isFields(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function canonicalFieldsOf(fields: unknown, names: readonly string[]): void {
  if (!isFields(fields)) return;
  for (const name of names) {
    const value = fields[name];
    if (typeof value === 'string' || typeof value === 'number') fields[name] = canonicalQuantityOrSelf(value);
  }
}

function canonicalList(list: unknown): void {
  if (isFields(list)) canonicalFieldsOf(list, Object.keys(list));
}

/** `gpu.minVram`, `cpu.requests` and `cpu.limits`. */
export function canonicalHardware<T>(hardware: T): T {
  const copy = structuredClone(hardware);
  if (!isFields(copy)) return copy;
  canonicalFieldsOf(copy.gpu, ['minVram']);
  canonicalFieldsOf(copy.cpu, ['requests', 'limits']);
  return copy;
}

/** Every quantity in `requests` and `limits` (a corev1.ResourceRequirements). */
export function canonicalResources<T>(resources: T): T {
  const copy = structuredClone(resources);
  if (!isFields(copy)) return copy;
  canonicalList(copy.requests);
  canonicalList(copy.limits);
  return copy;
}

/** Each source's `size`. */
export function canonicalModelSources<T>(sources: T): T {
  const copy = structuredClone(sources);
  if (Array.isArray(copy)) for (const source of copy) canonicalFieldsOf(source, ['size']);
  return copy;
}
