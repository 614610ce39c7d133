import { z } from 'zod';

/**
 * Kubernetes-specific facts about a schema node that zod itself cannot express. They live in the
 * zod schema's metadata (`.meta({ k8s })`) so the schema files stay the single source of truth and
 * the CRD converter only reads them.
 */
export interface CelRule {
  rule: string;
  message: string;
  /** Where the API server reports the error, relative to the node carrying the rule. */
  fieldPath?: string;
  reason?: 'FieldValueInvalid' | 'FieldValueForbidden' | 'FieldValueRequired' | 'FieldValueDuplicate';
}

export interface K8sExtensions {
  /** Rendered as `anyOf: [integer, string]` + `x-kubernetes-int-or-string` (e.g. Quantity). */
  intOrString?: boolean;
  /** Free-form JSON below this node: `x-kubernetes-preserve-unknown-fields`. */
  preserveUnknownFields?: boolean;
  listType?: 'atomic' | 'set' | 'map';
  listMapKeys?: readonly string[];
  mapType?: 'atomic' | 'granular';
  validations?: readonly CelRule[];
}

const META_KEY = 'k8s';

/** The Kubernetes extensions attached to exactly this schema instance (inherited through clones). */
export function k8sExtensionsOf(schema: z.ZodType): K8sExtensions | undefined {
  const meta = z.globalRegistry.get(schema);
  const value = meta?.[META_KEY];
  return typeof value === 'object' && value !== null ? (value as K8sExtensions) : undefined;
}

/**
 * Returns a clone of `schema` carrying `extensions`, merged with what it already had. Validation
 * rules accumulate (a field can be both "exactly one of" and "immutable"); other keys are replaced.
 */
export function withK8s<T extends z.ZodType>(schema: T, extensions: K8sExtensions): T {
  const current = k8sExtensionsOf(schema) ?? {};
  const validations = [...(current.validations ?? []), ...(extensions.validations ?? [])];
  const merged: K8sExtensions = { ...current, ...extensions };
  if (validations.length > 0) merged.validations = validations;
  return schema.meta({ [META_KEY]: merged }) as T;
}

/**
 * Adds a CEL rule the API server enforces and, when `holds` is given, the same rule as a zod
 * refinement so parsing in the functions rejects what the API server would reject.
 * Transition rules (those using `oldSelf`) cannot be checked without the old object: pass no `holds`.
 */
export function withRule<T extends z.ZodType>(
  schema: T,
  rule: CelRule,
  holds?: (value: z.output<T>) => boolean,
  issuePath?: readonly PropertyKey[],
): T {
  const checked = holds
    ? (schema.refine(holds, { message: rule.message, ...(issuePath ? { path: [...issuePath] } : {}) }) as T)
    : schema;
  return withK8s(checked, { validations: [rule] });
}

/** `self == oldSelf`: the field may not change once set. */
export function immutable<T extends z.ZodType>(schema: T, message: string): T {
  return withRule(schema, { rule: 'self == oldSelf', message });
}

/**
 * The rule for an object whose optional `fields` may be neither added nor removed after creation
 * (field-level `self == oldSelf` only runs when the field exists on both sides).
 */
export function fixedPresenceRules(fields: readonly string[]): CelRule[] {
  return fields.map((field) => ({
    rule: `has(self.${field}) == has(oldSelf.${field})`,
    message: `${field} cannot be added or removed after creation`,
  }));
}

/**
 * A list the API server merges by key (`x-kubernetes-list-type: map`). Duplicate keys are rejected
 * by the API server, so they are rejected here too.
 */
export function listMap<T extends z.ZodArray>(schema: T, keys: readonly string[]): T {
  const unique = schema.superRefine((items, ctx) => {
    const seen = new Set<string>();
    items.forEach((item, index) => {
      const record = item as Record<string, unknown>;
      const key = JSON.stringify(keys.map((k) => record[k]));
      if (seen.has(key)) {
        ctx.addIssue({
          code: 'custom',
          message: `duplicate entry for key ${keys.map((k) => `${k}=${String(record[k])}`).join(', ')}`,
          path: [index, ...keys.slice(0, 1)],
          input: item,
        });
      }
      seen.add(key);
    });
  }) as T;
  return withK8s(unique, { listType: 'map', listMapKeys: keys });
}

/** A list replaced as a whole on merge (`x-kubernetes-list-type: atomic`). */
export function atomicList<T extends z.ZodArray>(schema: T): T {
  return withK8s(schema, { listType: 'atomic' });
}

/** Free-form JSON object, stored verbatim by the API server. */
export function freeFormObject() {
  return withK8s(z.record(z.string(), z.unknown()), { preserveUnknownFields: true });
}

/** Any JSON value, stored verbatim by the API server. */
export function freeFormValue() {
  return withK8s(z.unknown(), { preserveUnknownFields: true });
}
