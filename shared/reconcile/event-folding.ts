/**
 * One Event per fact. "Service is running" and the Ready condition turning True (reason
 * AllComponentsReady, spec §5.7) happen in the same write; recorded apart they were a tenth of
 * a new service's Events. A planned event that names the condition it restates (`foldsInto`)
 * lends its message to that condition's transition Event, which keeps the spec's reason; with
 * no such transition in the same write it is recorded on its own. A plan's event may also name
 * conditions whose transition it accompanies (`joins`): "Created InferenceService x" is appended
 * to the CacheReady Event of the write in which the cache turned Ready and the InferenceService
 * was made, a fact and its consequence in one Event. Should the status write fail, the retry's
 * transition Event keeps its own message.
 */
import type { ConditionEvent } from './condition-events.ts';
import type { PlannedEvent } from './plan.ts';

export interface FoldedEvents {
  conditionEvents: ConditionEvent[];
  standalone: PlannedEvent[];
}

/** Where the first transition of one of `types` is among `events`; -1 when none is. */
function transitionIndex(events: readonly ConditionEvent[], types: readonly string[]): number {
  for (const type of types) {
    const index = events.findIndex((candidate) => candidate.conditionType === type);
    if (index >= 0) return index;
  }
  return -1;
}

export function foldEvents(
  conditionEvents: readonly ConditionEvent[],
  planned: readonly PlannedEvent[],
): FoldedEvents {
  const merged = [...conditionEvents];
  const standalone: PlannedEvent[] = [];
  for (const event of planned) {
    const restated = transitionIndex(merged, event.foldsInto === undefined ? [] : [event.foldsInto]);
    const index = restated >= 0 ? restated : transitionIndex(merged, event.joins ?? []);
    const target = merged[index];
    if (target === undefined) {
      standalone.push(event);
      continue;
    }
    merged[index] = {
      ...target,
      type: event.type === 'Warning' ? 'Warning' : target.type,
      message: restated >= 0 ? event.message : `${target.message}; ${event.message}`,
    };
  }
  return { conditionEvents: merged, standalone };
}
