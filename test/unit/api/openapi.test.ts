import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { QuantitySchema } from '../../../shared/api/common/quantity.ts';
import { freeFormObject, immutable, listMap, withK8s, withRule } from '../../../shared/api/crd/extensions.ts';
import { toOpenApiSchema } from '../../../shared/api/crd/openapi.ts';

describe('zod to structural OpenAPI', () => {
  it('maps scalars with their bounds, formats and patterns', () => {
    const schema = z.object({
      name: z
        .string()
        .min(1)
        .max(63)
        .regex(/^[a-z]+\/[a-z]+$/),
      count: z.int32().min(0).max(10),
      big: z.int().gt(0),
      ratio: z.number(),
      on: z.boolean(),
      at: z.iso.datetime({ offset: true }),
    });
    expect(toOpenApiSchema(schema).properties).toEqual({
      name: { type: 'string', minLength: 1, maxLength: 63, pattern: '^[a-z]+/[a-z]+$' },
      count: { type: 'integer', format: 'int32', minimum: 0, maximum: 10 },
      big: { type: 'integer', format: 'int64', minimum: 0, exclusiveMinimum: true },
      ratio: { type: 'number' },
      on: { type: 'boolean' },
      at: { type: 'string', format: 'date-time' },
    });
  });

  it('lists required keys only for fields that are neither optional nor defaulted', () => {
    const schema = z.object({
      b: z.string(),
      a: z.string(),
      c: z.string().optional(),
      d: z.string().default('x'),
    });
    const node = toOpenApiSchema(schema);
    expect(node.required).toEqual(['a', 'b']);
    expect(node.properties?.d).toEqual({ type: 'string', default: 'x' });
  });

  it('keeps descriptions and defaults from any wrapper layer', () => {
    const node = toOpenApiSchema(
      z.object({ x: z.enum(['a', 'b']).default('a').describe('pick one').optional() }),
    );
    expect(node.properties?.x).toEqual({
      type: 'string',
      enum: ['a', 'b'],
      default: 'a',
      description: 'pick one',
    });
  });

  it('renders quantities as int-or-string', () => {
    const node = toOpenApiSchema(QuantitySchema());
    expect(node.type).toBeUndefined();
    expect(node['x-kubernetes-int-or-string']).toBe(true);
    expect(node.anyOf).toEqual([{ type: 'integer' }, { type: 'string' }]);
    expect(node.pattern).toMatch(/^\^/);
  });

  it('renders records as additionalProperties and free-form objects as preserved', () => {
    expect(toOpenApiSchema(z.record(z.string(), z.string()))).toEqual({
      type: 'object',
      additionalProperties: { type: 'string' },
    });
    expect(toOpenApiSchema(freeFormObject())).toEqual({
      type: 'object',
      'x-kubernetes-preserve-unknown-fields': true,
    });
    expect(toOpenApiSchema(z.looseObject({ a: z.string() }))['x-kubernetes-preserve-unknown-fields']).toBe(
      true,
    );
  });

  it('emits list-map extensions and accumulates CEL rules', () => {
    const list = listMap(z.array(z.object({ name: z.string() })), ['name']);
    expect(toOpenApiSchema(list)).toMatchObject({
      'x-kubernetes-list-type': 'map',
      'x-kubernetes-list-map-keys': ['name'],
    });
    const field = immutable(withRule(z.string(), { rule: "self != ''", message: 'not empty' }), 'frozen');
    expect(toOpenApiSchema(field.optional())['x-kubernetes-validations']).toEqual([
      { rule: "self != ''", message: 'not empty' },
      { rule: 'self == oldSelf', message: 'frozen' },
    ]);
  });

  it('does not leak the metadata key into the schema', () => {
    const node = toOpenApiSchema(withK8s(z.string(), { mapType: 'atomic' }).describe('d'));
    expect(node).toEqual({ type: 'string', description: 'd', 'x-kubernetes-map-type': 'atomic' });
  });

  it('describes a normalising pipe by what may be written, not by what the transform returns', () => {
    const schema = z.object({
      a: z
        .object({ short: z.string().optional() })
        .transform((value) => ({ long: value.short ?? '' }))
        .optional()
        .describe('outer'),
    });
    expect(toOpenApiSchema(schema).properties?.a).toEqual({
      type: 'object',
      description: 'outer',
      properties: { short: { type: 'string' } },
    });
  });

  it('renders a free-form union (a string or an object) as an untyped preserved node', () => {
    const union = withK8s(z.union([z.string(), z.object({ mode: z.string() })]), {
      preserveUnknownFields: true,
    });
    expect(toOpenApiSchema(z.object({ a: union })).properties?.a).toEqual({
      'x-kubernetes-preserve-unknown-fields': true,
    });
  });

  it('refuses constructs that have no structural form, naming the path', () => {
    expect(() => toOpenApiSchema(z.object({ a: z.union([z.string(), z.boolean()]) }))).toThrow(
      /\.a: a union needs intOrString or preserveUnknownFields/,
    );
    expect(() => toOpenApiSchema(z.object({ b: z.unknown() }))).toThrow(/\.b: free-form values need/);
    expect(() => toOpenApiSchema(z.object({ c: z.string().email() }))).toThrow(
      /\.c: unsupported string format email/,
    );
  });
});
