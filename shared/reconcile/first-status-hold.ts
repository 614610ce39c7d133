/** When a component writer holds its first status write (KindReconciler.firstStatusHoldMs). */

import type { KindReconciler } from './reconciler.ts';
import { conditionsOf, type WriterMode } from './status-write.ts';

export function firstStatusHoldMs<Obj, Fetched>(
  reconciler: Pick<KindReconciler<Obj, Fetched>, 'firstStatusHoldMs' | 'ownedConditionTypes'>,
  mode: WriterMode,
  previous: Record<string, unknown>,
  inputs: () => [Obj, Fetched, Date],
): number {
  const hold = reconciler.firstStatusHoldMs;
  const owned = reconciler.ownedConditionTypes;
  if (hold === undefined || mode !== 'component' || owned === undefined) return 0;
  if (conditionsOf(previous).some((condition) => owned.includes(condition.type))) return 0;
  return Math.max(0, hold(...inputs()));
}
