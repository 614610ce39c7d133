import type { JSONSchemaProps } from './types.ts';

/*
 * The rules kube-apiserver applies to a CRD schema ("structural schema", list/map extensions, CEL
 * cost bounds), checked before anything is written so a bad schema fails at generation time.
 */

const ALLOWED_KEYS = new Set([
  'type',
  'format',
  'description',
  'properties',
  'required',
  'items',
  'additionalProperties',
  'enum',
  'default',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'pattern',
  'minItems',
  'maxItems',
  'anyOf',
  'x-kubernetes-int-or-string',
  'x-kubernetes-preserve-unknown-fields',
  'x-kubernetes-list-type',
  'x-kubernetes-list-map-keys',
  'x-kubernetes-map-type',
  'x-kubernetes-validations',
]);

const KNOWN_FORMATS = new Set(['int32', 'int64', 'float', 'double', 'date-time', 'date', 'byte', 'duration']);
const SCALAR_TYPES = new Set(['string', 'integer', 'number', 'boolean']);
const COMPREHENSION = /self\.([A-Za-z_][A-Za-z0-9_]*)\.(all|exists|exists_one|map|filter)\(/g;

function matchesType(value: unknown, type: JSONSchemaProps['type']): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number';
    case 'boolean':
      return typeof value === 'boolean';
    case 'array':
      return Array.isArray(value);
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    default:
      return true;
  }
}

function isIntOrStringAnyOf(anyOf: JSONSchemaProps[]): boolean {
  const types = anyOf.map((option) => JSON.stringify(option)).sort();
  return JSON.stringify(types) === JSON.stringify(['{"type":"integer"}', '{"type":"string"}']);
}

function checkListMap(node: JSONSchemaProps, path: string, out: string[]): void {
  const keys = node['x-kubernetes-list-map-keys'];
  if (node['x-kubernetes-list-type'] !== 'map') {
    if (keys !== undefined)
      out.push(`${path}: x-kubernetes-list-map-keys requires x-kubernetes-list-type: map`);
    return;
  }
  if (node.type !== 'array' || node.items?.type !== 'object') {
    out.push(`${path}: a map list must be an array of objects`);
    return;
  }
  if (!keys || keys.length === 0) {
    out.push(`${path}: a map list needs x-kubernetes-list-map-keys`);
    return;
  }
  for (const key of keys) {
    const keyNode = node.items.properties?.[key];
    if (!keyNode) out.push(`${path}: list map key "${key}" is not a property of the items`);
    else if (!SCALAR_TYPES.has(keyNode.type ?? ''))
      out.push(`${path}: list map key "${key}" must be a scalar`);
    else if (!node.items.required?.includes(key) && keyNode.default === undefined) {
      out.push(`${path}: list map key "${key}" must be required or defaulted`);
    }
  }
}

function checkCelBounds(node: JSONSchemaProps, path: string, out: string[]): void {
  for (const validation of node['x-kubernetes-validations'] ?? []) {
    if (!validation.rule?.trim()) out.push(`${path}: a CEL rule is empty`);
    if (!validation.message?.trim()) out.push(`${path}: CEL rule "${validation.rule}" has no message`);
    for (const match of validation.rule.matchAll(COMPREHENSION)) {
      const field = node.properties?.[match[1] ?? ''];
      if (field?.type === 'array' && field.maxItems === undefined) {
        out.push(`${path}: CEL rule iterates ${match[1]}, which needs maxItems to bound its cost`);
      }
    }
  }
}

function checkNode(node: JSONSchemaProps, path: string, out: string[]): void {
  for (const key of Object.keys(node)) {
    if (!ALLOWED_KEYS.has(key)) out.push(`${path}: "${key}" is not allowed in a structural schema`);
  }
  const intOrString = node['x-kubernetes-int-or-string'] === true;
  const preserve = node['x-kubernetes-preserve-unknown-fields'] === true;
  if (node.type === undefined && !intOrString && !preserve) out.push(`${path}: type is missing`);
  if (intOrString && node.type !== undefined)
    out.push(`${path}: an int-or-string node must not declare a type`);
  if (node.anyOf !== undefined && !(intOrString && isIntOrStringAnyOf(node.anyOf))) {
    out.push(`${path}: anyOf is only allowed as the int-or-string form`);
  }
  if (node.format !== undefined && !KNOWN_FORMATS.has(node.format))
    out.push(`${path}: unknown format ${node.format}`);
  if (node.type === 'object' && node.properties && node.additionalProperties) {
    out.push(`${path}: properties and additionalProperties are mutually exclusive`);
  }
  if (node.additionalProperties !== undefined && typeof node.additionalProperties !== 'object') {
    out.push(`${path}: additionalProperties must be a schema`);
  }
  if (node.type === 'array' && (node.items === undefined || Array.isArray(node.items))) {
    out.push(`${path}: an array needs a single items schema`);
  }
  if (node.type !== 'object' && (node.properties !== undefined || node.required !== undefined)) {
    out.push(`${path}: properties/required on a non-object`);
  }
  for (const name of node.required ?? []) {
    if (!node.properties?.[name]) out.push(`${path}: required property "${name}" is not declared`);
  }
  for (const value of node.enum ?? []) {
    if (!matchesType(value, node.type))
      out.push(`${path}: enum value ${JSON.stringify(value)} is not a ${node.type}`);
  }
  if (node.default !== undefined && !intOrString && !matchesType(node.default, node.type)) {
    out.push(`${path}: default ${JSON.stringify(node.default)} is not a ${node.type}`);
  }
  if (node.default !== undefined && node.enum && !node.enum.includes(node.default)) {
    out.push(`${path}: default ${JSON.stringify(node.default)} is not one of the enum values`);
  }
  checkListMap(node, path, out);
  checkCelBounds(node, path, out);

  for (const [name, child] of Object.entries(node.properties ?? {})) checkNode(child, `${path}.${name}`, out);
  if (node.items && !Array.isArray(node.items)) checkNode(node.items, `${path}[*]`, out);
  if (node.additionalProperties && typeof node.additionalProperties === 'object') {
    checkNode(node.additionalProperties, `${path}.*`, out);
  }
  for (const [index, option] of (node.anyOf ?? []).entries()) {
    const keys = Object.keys(option);
    if (keys.some((key) => key !== 'type')) out.push(`${path}.anyOf[${index}]: only a type is allowed here`);
  }
}

/** Every way `schema` (a CRD's openAPIV3Schema) breaks the API server's rules; empty when valid. */
export function structuralViolations(schema: JSONSchemaProps): string[] {
  const out: string[] = [];
  if (schema.type !== 'object') out.push('root: type must be object');
  const metadata = schema.properties?.metadata;
  if (metadata && JSON.stringify(metadata) !== JSON.stringify({ type: 'object' })) {
    out.push('.metadata: only `type: object` is allowed for metadata');
  }
  checkNode(schema, '', out);
  return out;
}
