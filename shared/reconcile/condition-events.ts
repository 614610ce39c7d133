/**
 * Which condition changes become Kubernetes Events (spec §5.7): every transition (a new
 * condition, or a status/reason change) with reason = the condition's reason; Warning for
 * error-level conditions, Normal otherwise.
 */
import { CONDITION_TYPES, conditionComponent } from '../constants/conditions.ts';
import { type AIMStatus, ERROR_STATUSES } from '../constants/status.ts';
import { type Condition, findCondition, isTransition } from './conditions.ts';

export type EventType = 'Normal' | 'Warning';

export interface ConditionEvent {
  conditionType: string;
  type: EventType;
  reason: string;
  message: string;
}

const LAZY_TYPES: readonly string[] = [
  CONDITION_TYPES.configValid,
  CONDITION_TYPES.authValid,
  CONDITION_TYPES.dependenciesReachable,
];

export interface ErrorLevelContext {
  /** The overall framework status (before any kind mapping), for the Ready condition. */
  overall: AIMStatus;
  /** Not-ready contribution of the components this writer knows (a writer only reports its own conditions). */
  contributionOf: (component: string) => AIMStatus | undefined;
}

/** Error-level: a False validity condition, a not-Ready component in an error state, Ready when the object is in error. */
export function isErrorLevel(condition: Condition, context: ErrorLevelContext): boolean {
  if (condition.status === 'True') return false;
  if (LAZY_TYPES.includes(condition.type)) return condition.status === 'False';
  if (condition.type === CONDITION_TYPES.ready) return ERROR_STATUSES.has(context.overall);
  const component = conditionComponent(condition.type);
  if (component === undefined) return false;
  const contribution = context.contributionOf(component);
  return contribution !== undefined && ERROR_STATUSES.has(contribution);
}

/**
 * A not-ready Ready condition repeats the reason of the component that decides the status
 * (readiness-cause.ts); that component's own condition already made (or makes) the event, so a
 * second one for Ready would only double the Events an object produces.
 */
function mirrorsComponent(condition: Condition, next: readonly Condition[]): boolean {
  if (condition.type !== CONDITION_TYPES.ready || condition.status === 'True') return false;
  return next.some(
    (other) =>
      other.status !== 'True' &&
      other.reason === condition.reason &&
      conditionComponent(other.type) !== undefined,
  );
}

/**
 * The events for the conditions in `next` that transitioned relative to `previous`. `previous`
 * holds every writer's conditions: a summary Ready (isvc-render) mirrors components whose
 * conditions another function writes.
 */
export function conditionTransitionEvents(
  previous: readonly Condition[],
  next: readonly Condition[],
  context: ErrorLevelContext,
): ConditionEvent[] {
  const events: ConditionEvent[] = [];
  const known = [
    ...next,
    ...previous.filter((condition) => findCondition(next, condition.type) === undefined),
  ];
  for (const condition of next) {
    if (!isTransition(findCondition(previous, condition.type), condition)) continue;
    if (mirrorsComponent(condition, known)) continue;
    const message = condition.message || `${condition.type} is ${condition.status}`;
    events.push({
      conditionType: condition.type,
      type: isErrorLevel(condition, context) ? 'Warning' : 'Normal',
      reason: condition.reason,
      message,
    });
  }
  return events;
}
