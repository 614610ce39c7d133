/**
 * The state engine of spec §5.3: component health in, conditions and an overall status out.
 * Pure; `now` is a parameter so the 10 s infrastructure grace and transition times are testable.
 */
import { CONDITION_TYPES, componentConditionType } from '../constants/conditions.ts';
import type { AIMStatus } from '../constants/status.ts';
import type { StateError } from './categorize.ts';
import { type Condition, ConditionSet } from './conditions.ts';
import { type ComponentHealth, type ResolvedHealth, resolveHealth } from './health.ts';
import {
  type ComponentContribution,
  notReadyContribution,
  type SettledReadiness,
  settleReadiness,
} from './readiness.ts';
import { flagsFromCategories, isBlocked, isInfraCategory, type StateFlags } from './state-flags.ts';
import { setDependenciesReachable, setValidityConditions } from './validity-conditions.ts';

// pipeline-run.ts reads these two from the state engine.
export { isBlocked, notReadyContribution };

export const DEFAULT_DEPENDENCIES_GRACE_SECONDS = 10;

export interface StateInput {
  health: readonly ComponentHealth[];
  previousConditions?: readonly Condition[] | undefined;
  now: Date;
  dependenciesGraceSeconds?: number;
  /** Stamped on every condition set in this pass (metadata.generation). */
  observedGeneration?: number;
  /** Domain hook run before the Ready scan (upstream `decorateStatus`); it may add or override conditions. */
  decorate?: (conditions: ConditionSet) => void;
  /** Maps the framework status to the kind's enum (AIMService); identity when absent. */
  statusMapping?: (status: AIMStatus) => string;
}

export interface StateResult extends StateFlags, SettledReadiness {
  /** Children may be applied: no infrastructure error and nothing blocking. */
  shouldApply: boolean;
  /** An infrastructure error: retry later. */
  shouldRequeue: boolean;
  /** The components with defaults filled in and errors categorized, in input order. */
  components: ResolvedHealth[];
  /** Infrastructure and Unknown errors, for logs and the retry decision. */
  infraErrors: StateError[];
}

function withinGrace(conditions: ConditionSet, now: Date, graceSeconds: number): boolean {
  const reachable = conditions.get(CONDITION_TYPES.dependenciesReachable);
  if (reachable?.status !== 'False') return false;
  const since = Date.parse(reachable.lastTransitionTime);
  return Number.isFinite(since) && now.getTime() - since < graceSeconds * 1000;
}

/** Spec §5.3, step by step. Never throws for any health input. */
export function computeState(input: StateInput): StateResult {
  const { now } = input;
  const graceSeconds = input.dependenciesGraceSeconds ?? DEFAULT_DEPENDENCIES_GRACE_SECONDS;
  const components = input.health.map(resolveHealth);
  const errors = components.flatMap((component) => component.errors);
  const flags = flagsFromCategories(errors.map((err) => err.category));
  const conditions = new ConditionSet(input.previousConditions, now, input.observedGeneration);

  setDependenciesReachable(conditions, flags);
  const grace = flags.hasInfra && withinGrace(conditions, now, graceSeconds);

  const contributions = new Map<string, ComponentContribution>();
  for (const component of components) {
    // An unnamed entry (a disabled feature) has no condition of its own (quirk 19 not copied).
    if (component.component === '') continue;
    const type = componentConditionType(component.component);
    const previous = conditions.get(type);
    const infraError = component.errors.some((err) => isInfraCategory(err.category));
    let status: Condition['status'] = component.state === 'Ready' ? 'True' : 'False';
    if (grace && infraError && previous !== undefined) {
      // A blip shorter than the grace period must not flap a condition that was fine.
      status = previous.status === 'True' || previous.status === 'Unknown' ? previous.status : 'False';
    }
    conditions.set(type, status, component.reason, component.message);
    contributions.set(component.component, {
      notReady: notReadyContribution(component.state, component.dependencyType),
      categories: component.errors.map((err) => err.category),
    });
  }

  setValidityConditions(conditions, flags);
  input.decorate?.(conditions);

  return {
    ...flags,
    ...settleReadiness(conditions, contributions, flags, errors, input.statusMapping),
    shouldApply: !flags.hasInfra && !isBlocked(flags),
    shouldRequeue: flags.hasInfra,
    components,
    infraErrors: errors.filter((err) => isInfraCategory(err.category)),
  };
}
