/**
 * ObjectStore.select answers equality selectors from indexes built on first use: property-tested
 * against a plain filter over every object held, through puts (new objects, label changes,
 * stale copies), removals and relists, with the index built before, between or after them.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ObjectStore } from '../../../shared/cache/object-store.ts';
import { matchesFieldSelector, matchesLabelSelector } from '../../../shared/kube/selectors.ts';
import type { KubeObject, ListOptions } from '../../../shared/kube/types.ts';

const NAMESPACES = ['a', 'a-b', 'b', ''];
const NAMES = ['p0', 'p1', 'p10', 'p2', 'x'];
const VALUES = ['svc-1', 'svc-2', ''];

function object(
  namespace: string,
  name: string,
  rv: number,
  app: string | undefined,
  about: string,
): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Event',
    metadata: {
      name,
      resourceVersion: String(rv),
      ...(namespace === '' ? {} : { namespace }),
      ...(app === undefined ? {} : { labels: { app, tier: 'web' } }),
    },
    ...(about === '' ? {} : { involvedObject: { kind: 'Pod', name: about } }),
  } as KubeObject;
}

type Step =
  | { op: 'put'; namespace: string; name: string; app: string | undefined; about: string }
  | { op: 'remove'; namespace: string; name: string }
  | { op: 'relist'; keep: number }
  | { op: 'select'; options: ListOptions };

const selectors = fc.constantFrom(
  ...VALUES.flatMap((value) => [`app=${value}`, `app==${value},tier`, `app=${value},tier!=web`]),
  'app',
  '!app',
  'app!=svc-1',
);
const fieldSelectors = fc.constantFrom(
  ...VALUES.map((value) => `involvedObject.name=${value}`),
  'involvedObject.kind=Pod,involvedObject.name=svc-2',
  'involvedObject.name=svc-1,involvedObject.kind=Pod',
  'involvedObject.name!=svc-1',
);
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    op: fc.constant('put' as const),
    namespace: fc.constantFrom(...NAMESPACES),
    name: fc.constantFrom(...NAMES),
    app: fc.option(fc.constantFrom(...VALUES), { nil: undefined }),
    about: fc.constantFrom(...VALUES),
  }),
  fc.record({
    op: fc.constant('remove' as const),
    namespace: fc.constantFrom(...NAMESPACES),
    name: fc.constantFrom(...NAMES),
  }),
  fc.record({ op: fc.constant('relist' as const), keep: fc.nat(6) }),
  fc.record({
    op: fc.constant('select' as const),
    options: fc.record(
      {
        namespace: fc.constantFrom(...NAMESPACES.filter((n) => n !== '')),
        labelSelector: selectors,
        fieldSelector: fieldSelectors,
      },
      { requiredKeys: [] },
    ),
  }),
);

/** What select must answer: a filter over everything held, ordered by namespace then name. */
function expected(held: Map<string, KubeObject>, options: ListOptions): string[] {
  return [...held.values()]
    .filter((o) => !options.namespace || (o.metadata.namespace ?? '') === options.namespace)
    .filter((o) => !options.labelSelector || matchesLabelSelector(options.labelSelector, o.metadata.labels))
    .filter((o) => !options.fieldSelector || matchesFieldSelector(options.fieldSelector, o))
    .map((o) => [o.metadata.namespace ?? '', o.metadata.name] as const)
    .sort((x, y) => (x[0] === y[0] ? (x[1] < y[1] ? -1 : 1) : x[0] < y[0] ? -1 : 1))
    .map(([namespace, name]) => `${namespace}/${name}`);
}

const ids = (objects: KubeObject[]) => objects.map((o) => `${o.metadata.namespace ?? ''}/${o.metadata.name}`);

describe('ObjectStore.select with equality indexes', () => {
  it('answers as a filter over every object would, whatever came and went', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
        const store = new ObjectStore();
        const held = new Map<string, KubeObject>();
        let rv = 0;
        for (const s of steps) {
          rv += 1;
          if (s.op === 'put') {
            const next = object(s.namespace, s.name, rv, s.app, s.about);
            store.put(next);
            held.set(`${s.namespace}/${s.name}`, next);
          } else if (s.op === 'remove') {
            store.remove(s.namespace === '' ? undefined : s.namespace, s.name, String(rv));
            held.delete(`${s.namespace}/${s.name}`);
          } else if (s.op === 'relist') {
            const kept = [...held.values()].slice(0, s.keep);
            store.replaceAll(kept, String(rv));
            held.clear();
            for (const o of kept) held.set(`${o.metadata.namespace ?? ''}/${o.metadata.name}`, o);
          } else {
            expect(ids(store.select(s.options))).toEqual(expected(held, s.options));
          }
        }
        for (const options of [
          { labelSelector: 'app=svc-1' },
          { fieldSelector: 'involvedObject.name=svc-2' },
          {},
        ])
          expect(ids(store.select(options))).toEqual(expected(held, options));
      }),
      { numRuns: 300, seed: 1126 },
    );
  });

  it('keeps an index current when an object changes the value it is indexed under', () => {
    const store = new ObjectStore();
    store.put(object('ns', 'p0', 1, 'svc-1', 'svc-1'));
    expect(ids(store.select({ labelSelector: 'app=svc-1' }))).toEqual(['ns/p0']);
    store.put(object('ns', 'p0', 2, 'svc-2', 'svc-1'));
    expect(ids(store.select({ labelSelector: 'app=svc-1' }))).toEqual([]);
    expect(ids(store.select({ labelSelector: 'app=svc-2' }))).toEqual(['ns/p0']);
    // A stale copy changes nothing, in the store or its index.
    store.put(object('ns', 'p0', 1, 'svc-1', 'svc-1'));
    expect(ids(store.select({ labelSelector: 'app=svc-1' }))).toEqual([]);
  });
});
