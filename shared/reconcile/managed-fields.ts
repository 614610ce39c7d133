/**
 * Server-side apply removes a field its manager applied before and no longer applies. Skipping an
 * apply because every desired field already holds (`isContainedIn`) would therefore miss a removal
 * — a dropped `imagePullSecrets`, an autoscaling block no longer wanted. The observed object's
 * `metadata.managedFields` say which fields this manager owns; one it owns that the desired
 * object lacks means the apply is still needed.
 *
 * fieldsV1 keys: `f:<field>` a map field, `k:<json>` a list element by its key fields, `v:<json>`
 * a set element, `i:<n>` a list index, `.` the element itself. Anything unreadable counts as
 * covered, so the check can only ever add applies, never skip one.
 */
import type { KubeObject } from '../kube/types.ts';

interface ManagedFieldsEntry {
  manager?: unknown;
  operation?: unknown;
  subresource?: unknown;
  fieldsType?: unknown;
  fieldsV1?: unknown;
}

type FieldSet = Record<string, unknown>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function sameJson(a: unknown, b: unknown): boolean {
  if (isRecord(a) && isRecord(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((key) => sameJson(a[key], b[key]));
  }
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((item, i) => sameJson(item, b[i]));
  return a === b;
}

function elementWithKey(list: unknown[], key: Record<string, unknown>): unknown {
  return list.find(
    (item) => isRecord(item) && Object.entries(key).every(([field, value]) => sameJson(item[field], value)),
  );
}

/** Whether `value` has every field `fields` names (recursively). */
export function coversFields(fields: FieldSet, value: unknown): boolean {
  for (const [key, sub] of Object.entries(fields)) {
    if (key === '.') continue;
    const nested = isRecord(sub) ? sub : {};
    const prefix = key.slice(0, 2);
    const rest = key.slice(2);
    let child: unknown;
    if (prefix === 'f:') {
      if (!isRecord(value) || value[rest] === undefined) return false;
      child = value[rest];
    } else if (prefix === 'k:') {
      const keyObject = parseJson(rest);
      if (!isRecord(keyObject)) continue;
      if (!Array.isArray(value)) return false;
      child = elementWithKey(value, keyObject);
      if (child === undefined) return false;
    } else if (prefix === 'v:') {
      const element = parseJson(rest);
      if (element === undefined) continue;
      if (!Array.isArray(value) || !value.some((item) => sameJson(item, element))) return false;
      continue;
    } else if (prefix === 'i:') {
      const index = Number(rest);
      if (!Number.isInteger(index)) continue;
      if (!Array.isArray(value) || index >= value.length) return false;
      child = value[index];
    } else {
      continue;
    }
    if (!coversFields(nested, child)) return false;
  }
  return true;
}

/** The fields `fieldManager` owns on the main resource through server-side apply, if recorded. */
export function appliedFields(observed: KubeObject, fieldManager: string): FieldSet | undefined {
  const entries = (observed.metadata as { managedFields?: unknown }).managedFields;
  if (!Array.isArray(entries)) return undefined;
  const entry = (entries as ManagedFieldsEntry[]).find(
    (candidate) =>
      candidate.manager === fieldManager &&
      candidate.operation === 'Apply' &&
      (candidate.subresource === undefined || candidate.subresource === '') &&
      isRecord(candidate.fieldsV1),
  );
  return entry === undefined ? undefined : (entry.fieldsV1 as FieldSet);
}

/** Whether `fieldManager` owns a field of `observed` that `desired` no longer sets. */
export function ownsFieldsBeyond(observed: KubeObject, desired: KubeObject, fieldManager: string): boolean {
  const fields = appliedFields(observed, fieldManager);
  return fields !== undefined && !coversFields(fields, desired);
}
