import type { JSONSchemaProps } from '../../../shared/api/crd/types.ts';

/** The schema node at a dotted path such as `spec.model.custom`; `[]` steps into array items. */
export function nodeAt(schema: JSONSchemaProps, path: string): JSONSchemaProps {
  let node = schema;
  for (const step of path.split('.')) {
    const next =
      step === '[]' ? node.items : step === '*' ? node.additionalProperties : node.properties?.[step];
    if (!next) throw new Error(`no schema node at ${path} (stuck at ${step})`);
    node = next;
  }
  return node;
}
