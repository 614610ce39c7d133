/**
 * One Event per fact. "Service is running" and the Ready condition turning True (reason
 * AllComponentsReady, spec §5.7) happen in the same write; recorded apart they were a tenth of
 * a new service's Events. A planned event that names the condition it restates (`foldsInto`)
 * lends its message to that condition's transition Event, which keeps the spec's reason; with
 * no such transition in the same write it is recorded on its own.
 */
import type { ConditionEvent } from './condition-events.ts';
import type { PlannedEvent } from './plan.ts';

export interface FoldedEvents {
  conditionEvents: ConditionEvent[];
  standalone: PlannedEvent[];
}

export function foldEvents(
  conditionEvents: readonly ConditionEvent[],
  planned: readonly PlannedEvent[],
): FoldedEvents {
  const merged = [...conditionEvents];
  const standalone: PlannedEvent[] = [];
  for (const event of planned) {
    const index =
      event.foldsInto === undefined
        ? -1
        : merged.findIndex((candidate) => candidate.conditionType === event.foldsInto);
    const target = merged[index];
    if (target === undefined) {
      standalone.push(event);
      continue;
    }
    merged[index] = {
      ...target,
      type: event.type === 'Warning' ? 'Warning' : target.type,
      message: event.message,
    };
  }
  return { conditionEvents: merged, standalone };
}
