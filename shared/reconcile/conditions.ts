/**
 * Condition bookkeeping with the ConditionManager semantics of spec §5.4: a condition keyed by
 * `type`; its lastTransitionTime moves only when its status or reason changes, so a message-only
 * update is not a transition. Order is stable: existing entries keep their place and new ones are
 * appended, which matters because the state engine reports the *first* failing component.
 */
import { CONDITION_MESSAGE_MAX_LENGTH, type Condition } from '../api/common/condition.ts';

export type { Condition } from '../api/common/condition.ts';

export type ConditionStatus = Condition['status'];

/** What a writer decides; the transition time is the manager's business. */
export interface ConditionUpdate {
  type: string;
  status: ConditionStatus;
  reason: string;
  message: string;
  observedGeneration?: number;
}

/** metav1.Time serialises at second precision (RFC 3339, UTC). */
export function formatConditionTime(now: Date): string {
  return now.toISOString().replace(/\.\d+Z$/, 'Z');
}

export function findCondition(
  conditions: readonly Condition[] | undefined,
  type: string,
): Condition | undefined {
  return conditions?.find((condition) => condition.type === type);
}

/** True when setting `update` over `existing` counts as a transition (new, or status/reason changed). */
export function isTransition(existing: Condition | undefined, update: ConditionUpdate): boolean {
  return existing === undefined || existing.status !== update.status || existing.reason !== update.reason;
}

/**
 * A message within what the API server takes: one over the bound would make it refuse the whole
 * status write, and the object would be left with no status at all. Values quoted in messages are
 * shortened where they are quoted; this bounds what nothing else did (an API server's answer
 * listing many fields, many children's errors in one line).
 */
export function boundedMessage(message: string): string {
  return message.length <= CONDITION_MESSAGE_MAX_LENGTH
    ? message
    : `${message.slice(0, CONDITION_MESSAGE_MAX_LENGTH - 1)}…`;
}

/** A new list with `update` applied; the input is not modified. */
export function setCondition(
  conditions: readonly Condition[],
  update: ConditionUpdate,
  now: Date,
): Condition[] {
  const index = conditions.findIndex((condition) => condition.type === update.type);
  const existing = index >= 0 ? conditions[index] : undefined;
  const next: Condition = {
    type: update.type,
    status: update.status,
    reason: update.reason,
    message: boundedMessage(update.message),
    lastTransitionTime:
      existing !== undefined && !isTransition(existing, update)
        ? existing.lastTransitionTime
        : formatConditionTime(now),
  };
  if (update.observedGeneration !== undefined) next.observedGeneration = update.observedGeneration;
  if (index < 0) return [...conditions, next];
  const result = [...conditions];
  result[index] = next;
  return result;
}

/**
 * A mutable view over a condition list for code that sets several conditions in a row (the state
 * engine, domain `decorate` hooks). Every `set` goes through `setCondition`.
 */
export class ConditionSet {
  #conditions: Condition[];
  readonly #now: Date;
  readonly #observedGeneration: number | undefined;

  constructor(initial: readonly Condition[] | undefined, now: Date, observedGeneration?: number) {
    this.#conditions = [...(initial ?? [])];
    this.#now = now;
    this.#observedGeneration = observedGeneration;
  }

  get(type: string): Condition | undefined {
    return findCondition(this.#conditions, type);
  }

  set(type: string, status: ConditionStatus, reason: string, message: string): void {
    const update: ConditionUpdate = { type, status, reason, message };
    if (this.#observedGeneration !== undefined) update.observedGeneration = this.#observedGeneration;
    this.#conditions = setCondition(this.#conditions, update, this.#now);
  }

  /** A copy of the current list, in order. */
  list(): Condition[] {
    return [...this.#conditions];
  }
}
