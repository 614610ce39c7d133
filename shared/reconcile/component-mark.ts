/**
 * How a writer of a multi-writer kind (AIMService, see docs/architecture.md) tells the summary
 * writer what its component conditions mean.
 *
 * Why a mark is needed: the summary (status.status, Ready, ConfigValid/AuthValid/
 * DependenciesReachable) depends on each component's *state* and *error categories*, and upstream
 * reuses one reason for several states, so type/status/reason cannot carry them. Examples that are
 * all MUSTs: `ModelReady=False ModelNotReady` is Failed for a failed model but Pending for a
 * progressing one; `TemplateReady=False TemplateNotFound` is Failed (blocking, explicit name) or
 * Pending (auto-selection found nothing); `CacheReady=False CacheCreating` is Progressing or
 * Degraded (dedicated cache being recreated). A reason table therefore cannot reproduce §5.3.
 *
 * The encoding keeps every upstream-observable field (type, status, reason) exactly as the state
 * engine computes it and appends one machine-readable suffix to the human message:
 *
 *     <message> [state: <S>]                       e.g. "AIMModel m is not ready yet [state: Pending]"
 *     <message> [state: <S>; errors: <C1>,<C2>]    e.g. "... not found [state: Failed; errors: MissingUpstreamDependency]"
 *
 * `<S>` is what the component contributes while its condition is not True (already resolved for
 * upstream/downstream: see `notReadyContribution`), `<C…>` are the categories of its errors.
 * A condition that is True and error-free carries no mark. Readers strip the mark before showing
 * the message (e.g. in `Ready`'s "Component X is not ready: …"). No status field, annotation or
 * CRD change is involved, and a condition without a mark (written by a human, or by an older
 * writer) still decodes, as a Progressing component without errors.
 *
 * Writers never do this by hand: the pipeline marks the conditions of every reconciler declared
 * with `writesSummary: false`, and `summarizeConditions` decodes them.
 */
import { componentConditionType } from '../constants/conditions.ts';
import { AIM_STATUSES, type AIMStatus } from '../constants/status.ts';
import { type ErrorCategory, isErrorCategory } from './categorize.ts';
import type { Condition } from './conditions.ts';
import type { ResolvedHealth } from './health.ts';
import { notReadyContribution } from './state-engine.ts';

export interface ComponentMark {
  /** The component's contribution to the overall status while its condition is not True. */
  notReady: AIMStatus;
  /** Distinct categories of its errors, in first-seen order. */
  categories: ErrorCategory[];
}

/** metav1.Condition.message limit. */
const MAX_MESSAGE_LENGTH = 32768;
const MARK_PATTERN = /(?:^| )\[state: ([A-Za-z]+)(?:; errors: ([A-Za-z]+(?:,[A-Za-z]+)*))?\]$/;
const STATUS_VALUES: ReadonlySet<string> = new Set(AIM_STATUSES);

export function componentMark(component: ResolvedHealth): ComponentMark {
  const categories: ErrorCategory[] = [];
  for (const err of component.errors) if (!categories.includes(err.category)) categories.push(err.category);
  return { notReady: notReadyContribution(component.state, component.dependencyType), categories };
}

/** Whether a condition needs a mark: it is not True, or it is True only thanks to the infra grace. */
export function needsMark(conditionStatus: string, component: ResolvedHealth): boolean {
  return conditionStatus !== 'True' || component.errors.length > 0;
}

export function formatMark(mark: ComponentMark): string {
  const errors = mark.categories.length > 0 ? `; errors: ${mark.categories.join(',')}` : '';
  return `[state: ${mark.notReady}${errors}]`;
}

/** `message` with the mark appended (the human part is shortened if the whole would exceed the limit). */
export function markMessage(message: string, mark: ComponentMark): string {
  const suffix = formatMark(mark);
  const room = MAX_MESSAGE_LENGTH - suffix.length - 1;
  const human = message.length > room ? `${message.slice(0, Math.max(0, room - 1))}…` : message;
  return human === '' ? suffix : `${human} ${suffix}`;
}

/** Splits a possibly marked message into the human text and the mark. */
export function readMark(message: string): { message: string; mark?: ComponentMark } {
  const match = MARK_PATTERN.exec(message);
  const state = match?.[1];
  if (match === null || state === undefined || !STATUS_VALUES.has(state)) return { message };
  const categories = (match[2]?.split(',') ?? []).filter(isErrorCategory);
  return {
    message: message.slice(0, match.index),
    mark: { notReady: state as AIMStatus, categories },
  };
}

/** The message without its mark. */
export function stripMark(message: string): string {
  return readMark(message).message;
}

/**
 * A component writer's conditions with each of its components' conditions marked where needed
 * (the last health entry of a name wins, as it does for the condition itself).
 */
export function markComponentConditions(
  conditions: readonly Condition[],
  components: readonly ResolvedHealth[],
): Condition[] {
  const byType = new Map(
    components
      .filter((component) => component.component !== '')
      .map((component) => [componentConditionType(component.component), component]),
  );
  return conditions.map((condition) => {
    const component = byType.get(condition.type);
    if (component === undefined || !needsMark(condition.status, component)) return condition;
    return { ...condition, message: markMessage(stripMark(condition.message), componentMark(component)) };
  });
}
