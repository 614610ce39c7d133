/**
 * Generic damage to a generated object, the way hand-written YAML goes wrong: a field of the wrong
 * type, a missing field, a huge string, unicode where ASCII was meant, an invalid name, an unknown
 * field. Most objects stay as generated, so the burst is mostly objects the API accepts.
 */
import fc from 'fast-check';
import type { KubeObject } from '../../../shared/kube/types.ts';

type Path = readonly (string | number)[];

/** Every path under `value` (objects and arrays included), depth first. */
function pathsOf(value: unknown, prefix: Path = []): Path[] {
  if (Array.isArray(value))
    return value.flatMap((item, index) => [[...prefix, index], ...pathsOf(item, [...prefix, index])]);
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).flatMap(([key, item]) => [
      [...prefix, key],
      ...pathsOf(item, [...prefix, key]),
    ]);
  return [];
}

function withAt(
  object: KubeObject,
  path: Path,
  change: (parent: Record<string | number, unknown>, key: string | number) => void,
): KubeObject {
  const copy = structuredClone(object) as unknown as Record<string | number, unknown>;
  let parent = copy;
  for (const step of path.slice(0, -1)) parent = parent[step] as Record<string | number, unknown>;
  change(parent, path.at(-1)!);
  return copy as unknown as KubeObject;
}

const wrongValue = fc.oneof(
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.constant([]),
  fc.constant({}),
  fc.string({ maxLength: 8 }),
  fc.double(),
);
const hugeString = fc.integer({ min: 2_000, max: 70_000 }).map((length) => 'x'.repeat(length));
const unicodeString = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 });
const badName = fc.constantFrom('UPPER', 'under_score', 'ünï', '-leading', 'a'.repeat(260), 'dot..dot', '');

/** The object itself most of the time, else one kind of damage at a random place in it. */
export function mutated(object: KubeObject): fc.Arbitrary<KubeObject> {
  const specPaths = pathsOf(object.spec).map((path) => ['spec', ...path]);
  const anyPath = specPaths.length > 0 ? fc.constantFrom(...specPaths) : fc.constant<Path>(['spec']);
  return fc.oneof(
    { weight: 14, arbitrary: fc.constant(object) },
    {
      weight: 2,
      arbitrary: fc.tuple(anyPath, wrongValue).map(([path, value]) =>
        withAt(object, path, (parent, key) => {
          parent[key] = value;
        }),
      ),
    },
    {
      weight: 1,
      arbitrary: fc.oneof(anyPath, fc.constant<Path>(['spec'])).map((path) =>
        withAt(object, path, (parent, key) => {
          if (Array.isArray(parent)) parent.splice(Number(key), 1);
          else delete parent[key];
        }),
      ),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(anyPath, fc.oneof(hugeString, unicodeString)).map(([path, value]) =>
        withAt(object, path, (parent, key) => {
          parent[key] = value;
        }),
      ),
    },
    {
      weight: 1,
      arbitrary: badName.map((name) => ({ ...object, metadata: { ...object.metadata, name } })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom('unknownField', 'spec', 'Image'), unicodeString)
        .map(([key, value]) => ({ ...object, spec: { ...(object.spec ?? {}), [key]: value } })),
    },
  );
}
