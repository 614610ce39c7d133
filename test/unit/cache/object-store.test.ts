import { describe, expect, it } from 'vitest';
import { ObjectStore, slim } from '../../../shared/cache/object-store.ts';
import { compareResourceVersions, isNewer } from '../../../shared/cache/resource-version.ts';
import type { KubeObject } from '../../../shared/kube/types.ts';

function obj(
  name: string,
  namespace: string | undefined,
  resourceVersion: string,
  extra: { labels?: Record<string, string>; spec?: unknown } = {},
): KubeObject {
  const metadata: KubeObject['metadata'] = { name, resourceVersion };
  if (namespace) metadata.namespace = namespace;
  if (extra.labels) metadata.labels = extra.labels;
  return { apiVersion: 'aim.eai.amd.com/v1alpha1', kind: 'AIMModel', metadata, spec: extra.spec ?? {} };
}

const names = (objects: KubeObject[]) =>
  objects.map((o) => `${o.metadata.namespace ?? ''}/${o.metadata.name}`);

describe('compareResourceVersions', () => {
  it('orders integer resourceVersions numerically, not as text', () => {
    expect(compareResourceVersions('9', '10')).toBe(-1);
    expect(compareResourceVersions('10', '9')).toBe(1);
    expect(compareResourceVersions('42', '42')).toBe(0);
    expect(compareResourceVersions('18446744073709551617', '18446744073709551616')).toBe(1);
  });

  it('answers undefined when either side is missing or not an integer', () => {
    expect(compareResourceVersions(undefined, '1')).toBeUndefined();
    expect(compareResourceVersions('1', undefined)).toBeUndefined();
    expect(compareResourceVersions('abc', '1')).toBeUndefined();
    expect(compareResourceVersions('1', '1.5')).toBeUndefined();
    expect(compareResourceVersions('-1', '1')).toBeUndefined();
    expect(compareResourceVersions('', '1')).toBeUndefined();
  });

  it('isNewer takes what is newer or cannot be compared', () => {
    expect(isNewer('11', '10')).toBe(true);
    expect(isNewer('10', '10')).toBe(false);
    expect(isNewer('9', '10')).toBe(false);
    expect(isNewer('x', '10')).toBe(true);
  });
});

describe('ObjectStore', () => {
  it('keeps the newer copy: an older or equal resourceVersion does not replace it', () => {
    const store = new ObjectStore();
    store.put(obj('a', 'ns', '10', { spec: { v: 'ten' } }));
    store.put(obj('a', 'ns', '9', { spec: { v: 'nine' } }));
    store.put(obj('a', 'ns', '10', { spec: { v: 'ten again' } }));
    expect(store.get('ns', 'a')?.spec).toEqual({ v: 'ten' });
    store.put(obj('a', 'ns', '11', { spec: { v: 'eleven' } }));
    expect(store.get('ns', 'a')?.spec).toEqual({ v: 'eleven' });
    expect(store.size).toBe(1);
  });

  it('removes objects and counts them', () => {
    const store = new ObjectStore();
    store.put(obj('a', 'ns', '1'));
    store.put(obj('b', 'ns', '2'));
    store.put(obj('c', undefined, '3'));
    expect(store.size).toBe(3);
    store.remove('ns', 'a');
    store.remove('ns', 'missing');
    store.remove(undefined, 'c');
    expect(store.size).toBe(1);
    expect(store.get('ns', 'a')).toBeUndefined();
    expect(store.get(undefined, 'c')).toBeUndefined();
    expect(names(store.select({}))).toEqual(['ns/b']);
  });

  it('a write answer arriving after the watch delivered the deletion does not bring the object back', () => {
    const store = new ObjectStore();
    store.put(obj('cache', 'ns', '10'));
    store.remove('ns', 'cache', '12');
    // The answer to the write that released the last finalizer (RV 11), folded in late.
    store.put(obj('cache', 'ns', '11'));
    expect(store.get('ns', 'cache')).toBeUndefined();
    // Created again under the same name: newer than the deletion, so it is held.
    store.put(obj('cache', 'ns', '13'));
    expect(store.get('ns', 'cache')?.metadata.resourceVersion).toBe('13');
  });

  it('after a LIST, an object it did not hold that is older than the LIST is not brought back', () => {
    const store = new ObjectStore();
    store.replaceAll([obj('kept', 'ns', '5')], '20');
    store.put(obj('gone-before-the-list', 'ns', '15'));
    store.put(obj('created-after', 'ns', '21'));
    expect(names(store.select({}))).toEqual(['ns/created-after', 'ns/kept']);
  });

  it('replaceAll forgets what the new LIST does not hold', () => {
    const store = new ObjectStore();
    store.put(obj('old', 'ns', '50'));
    store.replaceAll([obj('new', 'ns', '2')]);
    expect(names(store.select({}))).toEqual(['ns/new']);
    expect(store.size).toBe(1);
  });

  it('selects by namespace, label and field selectors, sorted by namespace then name', () => {
    const store = new ObjectStore();
    store.put(obj('zeta', 'b', '1', { labels: { app: 'x' } }));
    store.put(obj('alpha', 'b', '2', { labels: { app: 'y' } }));
    store.put(obj('mid', 'a', '3', { labels: { app: 'x', tier: 'gpu' } }));
    store.put(obj('beta', 'b', '4'));
    expect(names(store.select({}))).toEqual(['a/mid', 'b/alpha', 'b/beta', 'b/zeta']);
    expect(names(store.select({ namespace: 'b' }))).toEqual(['b/alpha', 'b/beta', 'b/zeta']);
    expect(names(store.select({ namespace: 'none' }))).toEqual([]);
    expect(names(store.select({ labelSelector: 'app=x' }))).toEqual(['a/mid', 'b/zeta']);
    expect(names(store.select({ labelSelector: 'app=x,tier' }))).toEqual(['a/mid']);
    expect(names(store.select({ labelSelector: '!app' }))).toEqual(['b/beta']);
    expect(names(store.select({ fieldSelector: 'metadata.name=alpha' }))).toEqual(['b/alpha']);
    expect(names(store.select({ fieldSelector: 'metadata.namespace!=b' }))).toEqual(['a/mid']);
    expect(names(store.select({ namespace: 'b', labelSelector: 'app in (x,y)' }))).toEqual([
      'b/alpha',
      'b/zeta',
    ]);
  });
});

describe('slim', () => {
  const managed = [
    { manager: 'aim-model-inspect', operation: 'Apply' },
    { manager: 'kubectl', operation: 'Update' },
    { manager: 'aim-model-inspect', operation: 'Apply', subresource: 'status' },
  ];
  const full: KubeObject = {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: {
      name: 'c',
      namespace: 'ns',
      annotations: { 'kubectl.kubernetes.io/last-applied-configuration': '{"huge":true}', keep: 'me' },
      managedFields: managed,
    } as KubeObject['metadata'],
    data: { a: '1' },
  };

  it("keeps only the own manager's managedFields and drops the last-applied annotation", () => {
    const slimmed = slim(full, 'aim-model-inspect') as KubeObject & {
      metadata: { managedFields?: unknown[] };
    };
    expect(slimmed.metadata.managedFields).toEqual([managed[0], managed[2]]);
    expect(slimmed.metadata.annotations).toEqual({ keep: 'me' });
    expect(slimmed.data).toEqual({ a: '1' });
  });

  it('drops managedFields entirely when none are the own manager’s or no manager is given', () => {
    expect('managedFields' in slim(full, 'someone-else').metadata).toBe(false);
    expect('managedFields' in slim(full, undefined).metadata).toBe(false);
  });

  it('leaves the input untouched', () => {
    const before = structuredClone(full);
    slim(full, 'aim-model-inspect');
    expect(full).toEqual(before);
  });
});
