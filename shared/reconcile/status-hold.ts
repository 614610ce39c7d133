/**
 * Holds: a summary writer's status change that waits for a change known to be seconds away, so
 * that the object's status is written once, with both, instead of twice. Unlike pacing
 * (status-pacing.ts) a hold is the kind's own judgement (`firstStatusHoldMs`,
 * `settlingStatusHoldMs`); the pipeline bounds both to an object that would say it is under way,
 * so an error is never held.
 *
 *   first status:  the object has no summary yet (no observedGeneration);
 *   settling:      its summary is current (observedGeneration is its generation) and says it is
 *                  under way too, so a user already reads where it is.
 */
import type { AIMStatus } from '../constants/status.ts';
import type { KindReconciler } from './reconciler.ts';
import { UNDER_WAY } from './status-pacing.ts';

export interface HoldInput<Obj, Fetched> {
  obj: Obj;
  fetched: Fetched;
  now: Date;
  /** Whether this reconcile applied its plan's children. */
  applied: boolean;
  aimStatus: AIMStatus;
  /** The status as read. */
  current: Readonly<Record<string, unknown>>;
  generation: number | undefined;
}

export function statusHeldMs<Obj, Fetched>(
  reconciler: Pick<KindReconciler<Obj, Fetched>, 'firstStatusHoldMs' | 'settlingStatusHoldMs'>,
  input: HoldInput<Obj, Fetched>,
): number {
  const { obj, fetched, now, current } = input;
  if (!UNDER_WAY.has(input.aimStatus)) return 0;
  if (current.observedGeneration === undefined) return reconciler.firstStatusHoldMs?.(obj, fetched, now) ?? 0;
  const summaryCurrent = current.observedGeneration === input.generation;
  if (!summaryCurrent || !UNDER_WAY.has(current.status as AIMStatus)) return 0;
  return reconciler.settlingStatusHoldMs?.(obj, fetched, now, input.applied) ?? 0;
}
