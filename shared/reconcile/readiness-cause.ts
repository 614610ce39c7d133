/**
 * Which component condition explains the overall status, so that Ready can repeat its reason and
 * message (issue 14: the top-level status never hides the precise cause a component knows):
 *
 * 1. blocked (Failed by an auth, invalid-spec or missing-reference error): the first component
 *    with an error of the category that names the block (auth before invalid spec before a
 *    missing reference, as ConfigValid/AuthValid do);
 * 2. a component in an error state (Failed, Degraded, NotAvailable): the first at the worst one;
 * 3. an infrastructure retry: the first not-ready component with an infrastructure error;
 * 4. otherwise (Pending, Progressing): the first component at the worst status.
 *
 * "First" is the order of the conditions on the object, which is stable across reconciles.
 * Undefined when no condition carries the cause (the error came from an unnamed component).
 */
import { conditionComponent } from '../constants/conditions.ts';
import { type AIMStatus, ERROR_STATUSES } from '../constants/status.ts';
import type { Condition } from './conditions.ts';
import type { ComponentContribution } from './readiness.ts';
import { blockingCategory, isInfraCategory, type StateFlags } from './state-flags.ts';

export interface ReadinessCause {
  component: string;
  condition: Condition;
}

/** What a stale condition without a component contributes (`notReadyContribution(undefined)`). */
const UNKNOWN_CONTRIBUTION: AIMStatus = 'Progressing';

type Test = (condition: Condition, contribution: ComponentContribution | undefined) => boolean;

function firstComponent(
  conditions: readonly Condition[],
  components: ReadonlyMap<string, ComponentContribution>,
  test: Test,
): ReadinessCause | undefined {
  for (const condition of conditions) {
    const component = conditionComponent(condition.type);
    if (component !== undefined && test(condition, components.get(component)))
      return { component, condition };
  }
  return undefined;
}

export function readinessCause(
  conditions: readonly Condition[],
  components: ReadonlyMap<string, ComponentContribution>,
  flags: StateFlags,
  worst: AIMStatus,
): ReadinessCause | undefined {
  const find = (test: Test) => firstComponent(conditions, components, test);
  const blocking = blockingCategory(flags);
  if (blocking !== undefined)
    return find((_, contribution) => contribution?.categories?.includes(blocking) ?? false);
  const atWorst = find(
    (condition, contribution) =>
      condition.status !== 'True' && (contribution?.notReady ?? UNKNOWN_CONTRIBUTION) === worst,
  );
  if (ERROR_STATUSES.has(worst) || !flags.hasInfra) return atWorst;
  const infra = find(
    (condition, contribution) =>
      condition.status !== 'True' && (contribution?.categories?.some(isInfraCategory) ?? false),
  );
  return infra ?? atWorst;
}
