import { describe, expect, it } from 'vitest';
import { deepFreeze } from '../../../shared/cache/frozen.ts';
import { memoizeFrozen } from '../../../shared/cache/frozen-memo.ts';

describe('memoizeFrozen', () => {
  const counting = () => {
    let calls = 0;
    const derive = memoizeFrozen((object: { n: number }) => {
      calls++;
      return { double: object.n * 2, nested: { n: object.n } };
    });
    return { derive, calls: () => calls };
  };

  it('derives a frozen object once and shares the frozen result', () => {
    const { derive, calls } = counting();
    const object = deepFreeze({ n: 2 });
    const first = derive(object);
    expect(derive(object)).toBe(first);
    expect(calls()).toBe(1);
    expect(first).toEqual({ double: 4, nested: { n: 2 } });
    expect(Object.isFrozen(first.nested)).toBe(true);
    // Another version of the object (a new frozen copy) is derived anew.
    expect(derive(deepFreeze({ n: 3 })).double).toBe(6);
    expect(calls()).toBe(2);
  });

  it('derives an object that may still change every time, and leaves its result writable', () => {
    const { derive, calls } = counting();
    const object = { n: 1 };
    const first = derive(object);
    object.n = 5;
    expect(derive(object).double).toBe(10);
    expect(calls()).toBe(2);
    expect(Object.isFrozen(first)).toBe(false);
  });
});
