/**
 * A pure derivation of a frozen shared object (a cached object, frozen.ts), computed once per
 * object: the same version of a template or service is read by many reconciles — every service
 * on a template, a service reconciled once per event about its pods — and parsing it with its
 * schema each time was a noticeable share of a function's CPU. The result is frozen too, since
 * every caller shares it; an object that is not frozen (a live read, a write's answer) is derived
 * anew each time, as it may still change.
 */
import { deepFreeze } from './frozen.ts';

export function memoizeFrozen<T extends object, R>(derive: (object: T) => R): (object: T) => R {
  const memo = new WeakMap<T, R>();
  return (object) => {
    if (!Object.isFrozen(object)) return derive(object);
    if (memo.has(object)) return memo.get(object) as R;
    const result = deepFreeze(derive(object));
    memo.set(object, result);
    return result;
  };
}
