/**
 * The summary of a multi-writer kind (AIMService): status.status, Ready and the lazy
 * ConfigValid/AuthValid/DependenciesReachable, derived by one writer from every component
 * condition on the object, with the same rules as the state engine (§5.3).
 *
 * How it mirrors `computeState` when the other writers' components are only visible as
 * conditions: each foreign `<X>Ready` condition is decoded from its mark (see component-mark.ts)
 * into the two facts the state engine uses — the component's not-ready contribution and the
 * categories of its errors. The categories of all components give the blocking/infra flags, and
 * from there the lazy conditions, the Ready scan and the status are computed by the very functions
 * `computeState` uses. The summary writer's own components are passed as `health` and take
 * precedence over their conditions' marks (it writes them unmarked). Component conditions
 * themselves, including the grace period for infrastructure blips, are each writer's business.
 */
import {
  COMPONENT_CONDITION_SUFFIX,
  CONDITION_TYPES,
  NON_COMPONENT_CONDITION_TYPES,
} from '../constants/conditions.ts';
import type { AIMStatus } from '../constants/status.ts';
import type { StateError } from './categorize.ts';
import { readMark } from './component-mark.ts';
import { type Condition, ConditionSet } from './conditions.ts';
import { type ComponentHealth, resolveHealth } from './health.ts';
import {
  aggregateReadiness,
  type ComponentContribution,
  firstBlockingMessage,
  flagsFromCategories,
  notReadyContribution,
  type StateFlags,
  setDependenciesReachable,
  setValidityConditions,
} from './state-engine.ts';

export interface SummaryOptions {
  now: Date;
  /** The summary writer's own components (exact); others are decoded from their conditions. */
  health?: readonly ComponentHealth[];
  /** Stamped on the conditions this summary sets. */
  observedGeneration?: number;
  statusMapping?: (status: AIMStatus) => string;
}

export interface Summary extends StateFlags {
  /** The input conditions with Ready and the lazy conditions updated; component entries untouched. */
  conditions: Condition[];
  status: string;
  aimStatus: AIMStatus;
  ready: Condition;
}

/** The component behind a `<X>Ready` condition type, or undefined for any other condition. */
export function conditionComponent(type: string): string | undefined {
  if (!type.endsWith(COMPONENT_CONDITION_SUFFIX) || NON_COMPONENT_CONDITION_TYPES.includes(type))
    return undefined;
  return type.slice(0, -COMPONENT_CONDITION_SUFFIX.length);
}

type CategorizedText = Pick<StateError, 'category' | 'message'>;

export function summarizeConditions(conditions: readonly Condition[], options: SummaryOptions): Summary {
  const contributions = new Map<string, ComponentContribution>();
  const errors: CategorizedText[] = [];
  for (const component of (options.health ?? []).map(resolveHealth)) {
    if (component.component === '') continue;
    contributions.set(component.component, {
      notReady: notReadyContribution(component.state, component.dependencyType),
    });
    errors.push(...component.errors);
  }

  // Foreign components: decode the mark; the scan below sees their messages without it.
  const shownMessages = new Map<string, string>();
  for (const condition of conditions) {
    const component = conditionComponent(condition.type);
    if (component === undefined || contributions.has(component)) continue;
    const { message, mark } = readMark(condition.message);
    shownMessages.set(condition.type, message);
    contributions.set(component, { notReady: mark?.notReady ?? notReadyContribution(undefined) });
    for (const category of mark?.categories ?? []) errors.push({ category, message });
  }

  const flags = flagsFromCategories(errors.map((err) => err.category));
  const set = new ConditionSet(conditions, options.now, options.observedGeneration);
  setDependenciesReachable(set, flags);
  setValidityConditions(set, flags);

  const scanned = set.list().map((condition) => {
    const message = shownMessages.get(condition.type);
    return message === undefined ? condition : { ...condition, message };
  });
  const readiness = aggregateReadiness(scanned, contributions, flags, firstBlockingMessage(errors, flags));
  set.set(readiness.ready.type, readiness.ready.status, readiness.ready.reason, readiness.ready.message);
  const list = set.list();
  return {
    ...flags,
    conditions: list,
    status: options.statusMapping ? options.statusMapping(readiness.status) : readiness.status,
    aimStatus: readiness.status,
    ready: list.find((condition) => condition.type === CONDITION_TYPES.ready)!,
  };
}
