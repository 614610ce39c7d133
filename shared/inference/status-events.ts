/** Events on an AIMService when its status turns Running or Failed (besides condition transitions). */
import { CONDITION_TYPES } from '../constants/conditions.ts';
import { SERVICE_EVENT_REASONS } from '../constants/service-conditions.ts';
import type { Condition } from '../reconcile/conditions.ts';
import type { PlannedEvent } from '../reconcile/plan.ts';

export function serviceStatusEvents(
  previous: string | undefined,
  next: string,
  conditions: readonly Condition[],
): PlannedEvent[] {
  const ready = conditions.find((condition) => condition.type === CONDITION_TYPES.ready);
  if (next === 'Running') {
    const from = previous === undefined ? '' : ` (was ${previous})`;
    return [
      {
        type: 'Normal',
        reason: SERVICE_EVENT_REASONS.serviceRunning,
        message: `Service is running${from}`,
        foldsInto: CONDITION_TYPES.ready,
      },
    ];
  }
  if (next === 'Failed') {
    const why = ready?.message ? `: ${ready.message}` : '';
    return [
      { type: 'Warning', reason: SERVICE_EVENT_REASONS.serviceFailed, message: `Service failed${why}` },
    ];
  }
  return [];
}
