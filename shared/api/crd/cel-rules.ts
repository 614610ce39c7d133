import type { JSONSchemaProps, ValidationRule } from './types.ts';

/** A CEL rule together with the JSON path of the schema node that carries it. */
export interface CelRuleAt extends ValidationRule {
  path: string;
}

/** Every `x-kubernetes-validations` rule in a schema, in document order. */
export function listCelRules(schema: JSONSchemaProps, path = ''): CelRuleAt[] {
  const here = (schema['x-kubernetes-validations'] ?? []).map((rule) => ({ ...rule, path: path || '.' }));
  const below: CelRuleAt[] = [];
  for (const [key, child] of Object.entries(schema.properties ?? {}))
    below.push(...listCelRules(child, `${path}.${key}`));
  if (schema.items) below.push(...listCelRules(schema.items, `${path}[*]`));
  if (schema.additionalProperties) below.push(...listCelRules(schema.additionalProperties, `${path}.*`));
  return [...here, ...below];
}
