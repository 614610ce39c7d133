import { describe, expect, it } from 'vitest';
import { deepFreeze } from '../../../shared/cache/frozen.ts';
import { ObjectStore } from '../../../shared/cache/object-store.ts';
import { CACHED_STRINGS, StringPool } from '../../../shared/cache/string-pool.ts';

describe('the string pool of cached objects', () => {
  it('keeps one copy of each repeated value, but never a uid, a resourceVersion or a long text', () => {
    const pool = new StringPool();
    const object = {
      metadata: {
        name: 'svc-1',
        uid: 'u-1',
        resourceVersion: '7',
        labels: { model: 'llama', template: 'llama' },
      },
      spec: { args: ['--model', 'llama'], note: 'x'.repeat(300) },
    };
    deepFreeze(object, pool);
    // svc-1, llama, --model: the repeats of 'llama' share one entry.
    expect(pool.size).toBe(3);
    expect(Object.isFrozen(object.spec.args)).toBe(true);
    expect(object.metadata.labels.template).toBe('llama');
  });

  it('starts afresh when full, so what it holds stays bounded', () => {
    const pool = new StringPool(2);
    for (const value of ['a', 'b', 'c']) pool.intern('name', value);
    expect(pool.size).toBe(1);
  });

  it('is what the object store pools its objects’ strings in', () => {
    const before = CACHED_STRINGS.size;
    const unique = `pooled-${Date.now()}-${Math.random()}`;
    new ObjectStore().put({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: unique, namespace: unique },
    });
    expect(CACHED_STRINGS.size - before).toBeGreaterThanOrEqual(1);
  });
});
