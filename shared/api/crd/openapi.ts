import type { z } from 'zod';
import { type CelRule, type K8sExtensions, k8sExtensionsOf } from './extensions.ts';
import type { JSONSchemaProps, ValidationRule } from './types.ts';

/*
 * Converts a zod 4 schema into a Kubernetes *structural* OpenAPI v3 schema by walking the schema
 * definitions. Only the zod constructs the API uses are supported; anything else throws, naming the
 * path, so a new construct can never silently disappear from the CRD.
 */

type AnySchema = z.core.$ZodType;
// biome-ignore lint/suspicious/noExplicitAny: zod definitions are a union we read structurally
type AnyDef = any;

const WRAPPER_TYPES = new Set(['optional', 'default', 'prefault', 'readonly', 'nonoptional']);

interface Unwrapped {
  core: AnySchema;
  description?: string;
  defaultValue?: unknown;
  hasDefault: boolean;
  extensions: K8sExtensions;
}

function descriptionOf(schema: AnySchema): string | undefined {
  const meta = (schema as z.ZodType).meta?.();
  return typeof meta?.description === 'string' ? meta.description : undefined;
}

function mergeExtensions(outer: K8sExtensions, inner: K8sExtensions | undefined): K8sExtensions {
  if (!inner) return outer;
  const validations = [...(inner.validations ?? []), ...(outer.validations ?? [])];
  const merged: K8sExtensions = { ...inner, ...outer };
  if (validations.length > 0) merged.validations = validations;
  else delete merged.validations;
  return merged;
}

/**
 * Peels optional/default wrappers, keeping the outermost description and default. A pipe (a schema
 * with a `.transform()` normalising what users write) is described by its input side: the CRD
 * declares what may be written, the transform only shapes what the functions read.
 */
function unwrap(schema: AnySchema): Unwrapped {
  const result: Unwrapped = { core: schema, hasDefault: false, extensions: {} };
  let current = schema;
  for (;;) {
    result.description ??= descriptionOf(current);
    result.extensions = mergeExtensions(result.extensions, k8sExtensionsOf(current as z.ZodType));
    const def: AnyDef = current._zod.def;
    if (def.type === 'pipe') {
      current = def.in;
      continue;
    }
    if (!WRAPPER_TYPES.has(def.type)) break;
    if ((def.type === 'default' || def.type === 'prefault') && !result.hasDefault) {
      result.hasDefault = true;
      result.defaultValue = def.defaultValue;
    }
    current = def.innerType;
  }
  result.core = current;
  return result;
}

function checksOf(def: AnyDef): AnyDef[] {
  const own = def.check !== undefined ? [def] : [];
  return [...own, ...(def.checks ?? []).map((check: AnyDef) => check._zod.def)];
}

/** RE2 (the API server) accepts `\/`, but the plain form reads better in YAML. */
function patternSource(pattern: RegExp): string {
  return pattern.source.replace(/\\\//g, '/');
}

function convertString(def: AnyDef, path: string): JSONSchemaProps {
  const node: JSONSchemaProps = { type: 'string' };
  for (const check of checksOf(def)) {
    switch (check.check) {
      case 'min_length':
        node.minLength = check.minimum;
        break;
      case 'max_length':
        node.maxLength = check.maximum;
        break;
      case 'length_equals':
        node.minLength = check.length;
        node.maxLength = check.length;
        break;
      case 'string_format':
        if (check.format === 'regex') node.pattern = patternSource(check.pattern);
        else if (check.format === 'datetime') node.format = 'date-time';
        else throw new Error(`${path}: unsupported string format ${check.format}`);
        break;
      case 'custom':
        break;
      default:
        throw new Error(`${path}: unsupported string check ${check.check}`);
    }
  }
  return node;
}

function convertNumber(def: AnyDef, path: string): JSONSchemaProps {
  const node: JSONSchemaProps = { type: 'number' };
  for (const check of checksOf(def)) {
    switch (check.check) {
      case 'number_format':
        node.type = 'integer';
        node.format = check.format === 'int32' ? 'int32' : 'int64';
        break;
      case 'greater_than':
        node.minimum = check.value;
        if (!check.inclusive) node.exclusiveMinimum = true;
        break;
      case 'less_than':
        node.maximum = check.value;
        if (!check.inclusive) node.exclusiveMaximum = true;
        break;
      case 'custom':
        break;
      default:
        throw new Error(`${path}: unsupported number check ${check.check}`);
    }
  }
  return node;
}

function convertArray(def: AnyDef, path: string): JSONSchemaProps {
  const node: JSONSchemaProps = { type: 'array', items: convert(def.element, `${path}[]`) };
  for (const check of checksOf(def)) {
    if (check.check === 'min_length') node.minItems = check.minimum;
    else if (check.check === 'max_length') node.maxItems = check.maximum;
    else if (check.check === 'length_equals') {
      node.minItems = check.length;
      node.maxItems = check.length;
    } else if (check.check !== 'custom') throw new Error(`${path}: unsupported array check ${check.check}`);
  }
  return node;
}

function convertObject(def: AnyDef, path: string): JSONSchemaProps {
  const properties: Record<string, JSONSchemaProps> = {};
  const required: string[] = [];
  for (const [key, field] of Object.entries(def.shape as Record<string, AnySchema>)) {
    properties[key] = convert(field, `${path}.${key}`);
    // optin is 'optional' or 'defaulted' when the key may be absent on input.
    if (field._zod.optin === undefined) required.push(key);
  }
  const node: JSONSchemaProps = { type: 'object' };
  if (Object.keys(properties).length > 0) node.properties = properties;
  if (required.length > 0) node.required = required.sort();
  // A loose object keeps unknown keys on parse; the API server must keep them as well.
  if (def.catchall?._zod.def.type === 'unknown') node['x-kubernetes-preserve-unknown-fields'] = true;
  return node;
}

function literalNode(values: readonly unknown[], path: string): JSONSchemaProps {
  const types = new Set(values.map((value) => typeof value));
  if (types.size !== 1 || !types.has('string')) throw new Error(`${path}: only string enums are supported`);
  return { type: 'string', enum: [...values] };
}

function intOrStringNode(def: AnyDef): JSONSchemaProps {
  const node: JSONSchemaProps = {
    anyOf: [{ type: 'integer' }, { type: 'string' }],
    'x-kubernetes-int-or-string': true,
  };
  const stringOption = (def.options ?? []).find((option: AnySchema) => option._zod.def.type === 'string');
  const pattern = stringOption ? convertString(stringOption._zod.def, '').pattern : undefined;
  if (pattern !== undefined) node.pattern = pattern;
  return node;
}

function convertCore(schema: AnySchema, extensions: K8sExtensions, path: string): JSONSchemaProps {
  const def: AnyDef = schema._zod.def;
  if (extensions.intOrString) return intOrStringNode(def);
  switch (def.type) {
    case 'string':
      return convertString(def, path);
    case 'number':
      return convertNumber(def, path);
    case 'boolean':
      return { type: 'boolean' };
    case 'enum':
      return literalNode(Object.values(def.entries), path);
    case 'literal':
      return literalNode(def.values, path);
    case 'array':
      return convertArray(def, path);
    case 'object':
      return convertObject(def, path);
    case 'record':
      if (def.keyType._zod.def.type !== 'string') throw new Error(`${path}: record keys must be strings`);
      if (extensions.preserveUnknownFields) return { type: 'object' };
      return { type: 'object', additionalProperties: convert(def.valueType, `${path}.*`) };
    case 'union':
      // A union other than int-or-string (e.g. a string or an object) has no structural form: the
      // CRD keeps it free-form and the zod schema is the check.
      if (!extensions.preserveUnknownFields) {
        throw new Error(`${path}: a union needs intOrString or preserveUnknownFields`);
      }
      return {};
    case 'unknown':
    case 'any':
      if (!extensions.preserveUnknownFields) {
        throw new Error(`${path}: free-form values need preserveUnknownFields (use freeFormValue())`);
      }
      return {};
    default:
      throw new Error(`${path}: zod type "${def.type}" has no structural OpenAPI form`);
  }
}

function validationRule(rule: CelRule): ValidationRule {
  const out: ValidationRule = { rule: rule.rule, message: rule.message };
  if (rule.fieldPath !== undefined) out.fieldPath = rule.fieldPath;
  if (rule.reason !== undefined) out.reason = rule.reason;
  return out;
}

function convert(schema: AnySchema, path: string): JSONSchemaProps {
  const { core, description, hasDefault, defaultValue, extensions } = unwrap(schema);
  const node = convertCore(core, extensions, path);
  if (description !== undefined) node.description = description;
  if (hasDefault) node.default = structuredClone(defaultValue);
  if (extensions.preserveUnknownFields) node['x-kubernetes-preserve-unknown-fields'] = true;
  if (extensions.listType !== undefined) node['x-kubernetes-list-type'] = extensions.listType;
  if (extensions.listMapKeys !== undefined) node['x-kubernetes-list-map-keys'] = [...extensions.listMapKeys];
  if (extensions.mapType !== undefined) node['x-kubernetes-map-type'] = extensions.mapType;
  if (extensions.validations && extensions.validations.length > 0) {
    node['x-kubernetes-validations'] = extensions.validations.map(validationRule);
  }
  return node;
}

/** The structural OpenAPI v3 schema of a zod schema (e.g. a kind's spec). */
export function toOpenApiSchema(schema: z.ZodType, path = ''): JSONSchemaProps {
  return convert(schema, path);
}
