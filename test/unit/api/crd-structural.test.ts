import { describe, expect, it } from 'vitest';
import { kindOpenApiSchema } from '../../../shared/api/crd/render.ts';
import { structuralViolations } from '../../../shared/api/crd/structural.ts';
import type { JSONSchemaProps } from '../../../shared/api/crd/types.ts';
import { AIM_KIND_LIST } from '../../../shared/api/kinds.ts';

function* walk(node: JSONSchemaProps, path = ''): Generator<[string, JSONSchemaProps]> {
  yield [path, node];
  for (const [name, child] of Object.entries(node.properties ?? {})) yield* walk(child, `${path}.${name}`);
  if (node.items) yield* walk(node.items, `${path}[]`);
  if (node.additionalProperties) yield* walk(node.additionalProperties, `${path}.*`);
}

describe.each(AIM_KIND_LIST.map((kind) => [kind.kind, kind] as const))(
  '%s schema is structural',
  (_, kind) => {
    const schema = kindOpenApiSchema(kind);
    const nodes = [...walk(schema)];

    it('passes every structural rule', () => {
      expect(structuralViolations(schema)).toEqual([]);
    });

    it('gives every node a type, except int-or-string and free-form nodes', () => {
      const untyped = nodes.filter(
        ([, node]) =>
          node.type === undefined &&
          node['x-kubernetes-int-or-string'] !== true &&
          node['x-kubernetes-preserve-unknown-fields'] !== true,
      );
      expect(untyped.map(([path]) => path)).toEqual([]);
    });

    it('has no $ref, no closed objects and no unions other than int-or-string', () => {
      const text = JSON.stringify(schema);
      expect(text).not.toContain('$ref');
      expect(text).not.toContain('"additionalProperties":false');
      for (const key of ['oneOf', 'allOf', 'not', 'nullable']) expect(text).not.toContain(`"${key}"`);
      for (const [path, node] of nodes) {
        if (node.anyOf) {
          expect(node['x-kubernetes-int-or-string'], path).toBe(true);
          expect(node.anyOf, path).toEqual([{ type: 'integer' }, { type: 'string' }]);
        }
      }
    });

    it('merges conditions by type and env lists by name', () => {
      const conditions = schema.properties?.status?.properties?.conditions;
      expect(conditions?.['x-kubernetes-list-type']).toBe('map');
      expect(conditions?.['x-kubernetes-list-map-keys']).toEqual(['type']);
      const envLists = nodes.filter(([path]) => path.endsWith('.env'));
      for (const [path, node] of envLists) {
        expect(node['x-kubernetes-list-type'], path).toBe('map');
        expect(node['x-kubernetes-list-map-keys'], path).toEqual(['name']);
      }
    });

    it('keeps the metadata envelope to `type: object`', () => {
      expect(schema.properties?.metadata).toEqual({ type: 'object' });
    });
  },
);

describe('the structural checker itself', () => {
  const valid: JSONSchemaProps = {
    type: 'object',
    properties: {
      metadata: { type: 'object' },
      spec: { type: 'object', properties: { a: { type: 'string' } } },
    },
  };

  it('accepts a valid schema', () => {
    expect(structuralViolations(valid)).toEqual([]);
  });

  it('reports a missing type', () => {
    const schema = structuredClone(valid);
    schema.properties!.spec!.properties!.a = { description: 'no type' };
    expect(structuralViolations(schema)).toEqual(['.spec.a: type is missing']);
  });

  it('reports keys a structural schema may not use', () => {
    const schema = { ...structuredClone(valid), $ref: '#/x' } as JSONSchemaProps;
    expect(structuralViolations(schema)).toContain(': "$ref" is not allowed in a structural schema');
  });

  it('reports unions other than int-or-string', () => {
    const schema = structuredClone(valid);
    schema.properties!.spec!.properties!.a = { anyOf: [{ type: 'string' }, { type: 'boolean' }] };
    expect(structuralViolations(schema)).toContain(
      '.spec.a: anyOf is only allowed as the int-or-string form',
    );
  });

  it('reports a map list whose key is neither required nor defaulted', () => {
    const schema = structuredClone(valid);
    schema.properties!.spec!.properties!.a = {
      type: 'array',
      items: { type: 'object', properties: { name: { type: 'string' } } },
      'x-kubernetes-list-type': 'map',
      'x-kubernetes-list-map-keys': ['name'],
    };
    expect(structuralViolations(schema)).toEqual([
      '.spec.a: list map key "name" must be required or defaulted',
    ]);
  });

  it('reports a CEL comprehension over an unbounded list', () => {
    const schema = structuredClone(valid);
    schema.properties!.spec = {
      type: 'object',
      properties: { items: { type: 'array', items: { type: 'string' } } },
      'x-kubernetes-validations': [{ rule: "self.items.all(i, i != '')", message: 'no empty items' }],
    };
    expect(structuralViolations(schema)).toEqual([
      '.spec: CEL rule iterates items, which needs maxItems to bound its cost',
    ]);
  });

  it('reports a default that does not fit the type or the enum', () => {
    const schema = structuredClone(valid);
    schema.properties!.spec!.properties!.a = { type: 'string', enum: ['x'], default: 'y' };
    expect(structuralViolations(schema)).toEqual(['.spec.a: default "y" is not one of the enum values']);
  });
});
