/** An object's parse by its kind's schema, once per frozen object version (frozen-memo.ts). */
import type { ZodType } from 'zod';
import { memoizeFrozen } from '../cache/frozen-memo.ts';
import type { KubeObject } from '../kube/types.ts';

type Parse<Obj> = (object: KubeObject) => ReturnType<ZodType<Obj>['safeParse']>;

/** Per schema, its parse of each frozen (cached, shared) object: done once per object version. */
const parsers = new WeakMap<ZodType, Parse<unknown>>();

export function parserOf<Obj>(schema: ZodType<Obj>): Parse<Obj> {
  let parse = parsers.get(schema) as Parse<Obj> | undefined;
  if (parse === undefined) {
    parse = memoizeFrozen((object: KubeObject) => schema.safeParse(object));
    parsers.set(schema, parse as Parse<unknown>);
  }
  return parse;
}
