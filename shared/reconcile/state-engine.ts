/**
 * The state engine of spec §5.3: component health in, conditions and an overall status out.
 * Pure; `now` is a parameter so the 10 s infrastructure grace and transition times are testable.
 */
import {
  COMPONENT_CONDITION_SUFFIX,
  CONDITION_TYPES,
  componentConditionType,
  NON_COMPONENT_CONDITION_TYPES,
  STATE_ENGINE_REASONS,
} from '../constants/conditions.ts';
import { type AIMStatus, statusPriority } from '../constants/status.ts';
import { ERROR_CATEGORIES, type ErrorCategory, type StateError } from './categorize.ts';
import { type Condition, ConditionSet, type ConditionUpdate } from './conditions.ts';
import {
  type ComponentHealth,
  DEPENDENCY_TYPES,
  type DependencyType,
  type ResolvedHealth,
  resolveHealth,
} from './health.ts';

export const DEFAULT_DEPENDENCIES_GRACE_SECONDS = 10;

/** What the errors of all components add up to. */
export interface StateFlags {
  /** Infrastructure or Unknown errors: retry later, nothing is applied meanwhile. */
  hasInfra: boolean;
  hasAuth: boolean;
  hasInvalidSpec: boolean;
  hasMissingUpstream: boolean;
}

export function isInfraCategory(category: ErrorCategory): boolean {
  return category === ERROR_CATEGORIES.infrastructure || category === ERROR_CATEGORIES.unknown;
}

export function flagsFromCategories(categories: Iterable<ErrorCategory>): StateFlags {
  const flags: StateFlags = {
    hasInfra: false,
    hasAuth: false,
    hasInvalidSpec: false,
    hasMissingUpstream: false,
  };
  for (const category of categories) {
    if (isInfraCategory(category)) flags.hasInfra = true;
    else if (category === ERROR_CATEGORIES.auth) flags.hasAuth = true;
    else if (category === ERROR_CATEGORIES.invalidSpec) flags.hasInvalidSpec = true;
    else if (category === ERROR_CATEGORIES.missingUpstreamDependency) flags.hasMissingUpstream = true;
  }
  return flags;
}

export function isBlocked(flags: StateFlags): boolean {
  return flags.hasAuth || flags.hasInvalidSpec || flags.hasMissingUpstream;
}

const CONTRIBUTING_STATES: ReadonlySet<AIMStatus> = new Set([
  'Failed',
  'Degraded',
  'NotAvailable',
  'Pending',
]);
const ERROR_STATES: ReadonlySet<AIMStatus> = new Set(['Failed', 'Degraded', 'NotAvailable']);

/**
 * What a component whose condition is not True contributes to the overall status: its own state
 * when that is an error or Pending, otherwise Pending for an upstream dependency (waiting for
 * someone else) and Progressing for anything else (waiting for our own work).
 */
export function notReadyContribution(
  state: AIMStatus | undefined,
  dependencyType?: DependencyType,
): AIMStatus {
  if (state !== undefined && CONTRIBUTING_STATES.has(state)) return state;
  return dependencyType === DEPENDENCY_TYPES.upstream ? 'Pending' : 'Progressing';
}

/** Lazy DependenciesReachable: appears with the first infrastructure error, then stays. */
export function setDependenciesReachable(conditions: ConditionSet, flags: StateFlags): void {
  const type = CONDITION_TYPES.dependenciesReachable;
  if (flags.hasInfra) {
    conditions.set(type, 'False', STATE_ENGINE_REASONS.infrastructureError, 'Cannot reach dependencies');
  } else if (conditions.get(type)?.status === 'False') {
    conditions.set(type, 'True', STATE_ENGINE_REASONS.reachable, 'All dependencies are reachable');
  }
}

/** Lazy AuthValid and ConfigValid: appear with the first such error, then stay (True after recovery). */
export function setValidityConditions(conditions: ConditionSet, flags: StateFlags): void {
  const auth = CONDITION_TYPES.authValid;
  if (flags.hasAuth) {
    conditions.set(auth, 'False', STATE_ENGINE_REASONS.authError, 'Authentication or authorization failure');
  } else if (conditions.get(auth)?.status === 'False') {
    conditions.set(auth, 'True', STATE_ENGINE_REASONS.authenticationValid, 'Authentication is valid');
  }
  const config = CONDITION_TYPES.configValid;
  if (flags.hasInvalidSpec) {
    conditions.set(config, 'False', STATE_ENGINE_REASONS.invalidSpec, 'Configuration validation failed');
  } else if (flags.hasMissingUpstream) {
    conditions.set(config, 'False', STATE_ENGINE_REASONS.referenceNotFound, 'Referenced resource not found');
  } else if (conditions.get(config)?.status === 'False') {
    conditions.set(config, 'True', STATE_ENGINE_REASONS.configurationValid, 'Configuration is valid');
  }
}

/** How the Ready scan sees one component when its condition is not True. */
export interface ComponentContribution {
  /** The status this component pulls the object down to while its condition is not True. */
  notReady: AIMStatus;
}

export interface Readiness {
  ready: Omit<ConditionUpdate, 'observedGeneration'>;
  status: AIMStatus;
}

function blockingReadiness(flags: StateFlags, blockingMessage: string | undefined): Readiness {
  const reason = flags.hasAuth
    ? STATE_ENGINE_REASONS.authError
    : flags.hasInvalidSpec
      ? STATE_ENGINE_REASONS.invalidSpec
      : STATE_ENGINE_REASONS.referenceNotFound;
  const fallback = flags.hasAuth
    ? 'Authentication or authorization failure'
    : flags.hasInvalidSpec
      ? 'Configuration validation failed'
      : 'Referenced resource not found';
  return {
    ready: { type: CONDITION_TYPES.ready, status: 'False', reason, message: blockingMessage || fallback },
    status: 'Failed',
  };
}

/**
 * The Ready condition and overall status from every `<X>Ready` condition on the object (stale ones
 * included, as upstream does) and what is known about each component.
 */
export function aggregateReadiness(
  conditions: readonly Condition[],
  components: ReadonlyMap<string, ComponentContribution>,
  flags: StateFlags,
  blockingMessage?: string,
): Readiness {
  if (isBlocked(flags)) return blockingReadiness(flags, blockingMessage);
  let allReady = true;
  let worst: AIMStatus = 'Ready';
  let firstError: { component: string; condition: Condition } | undefined;
  for (const condition of conditions) {
    if (!condition.type.endsWith(COMPONENT_CONDITION_SUFFIX)) continue;
    if (NON_COMPONENT_CONDITION_TYPES.includes(condition.type)) continue;
    const component = condition.type.slice(0, -COMPONENT_CONDITION_SUFFIX.length);
    let status: AIMStatus = 'Ready';
    if (condition.status !== 'True') {
      allReady = false;
      status = components.get(component)?.notReady ?? notReadyContribution(undefined);
      if (firstError === undefined && ERROR_STATES.has(status)) firstError = { component, condition };
    }
    if (statusPriority(status) < statusPriority(worst)) worst = status;
  }
  const type = CONDITION_TYPES.ready;
  let ready: Readiness['ready'];
  if (allReady) {
    ready = {
      type,
      status: 'True',
      reason: STATE_ENGINE_REASONS.allComponentsReady,
      message: 'All components are ready',
    };
  } else if (firstError !== undefined) {
    const { component, condition } = firstError;
    ready = {
      type,
      status: 'False',
      reason: condition.reason,
      message: `Component ${component} is not ready: ${condition.message}`,
    };
  } else if (flags.hasInfra) {
    ready = {
      type,
      status: 'False',
      reason: STATE_ENGINE_REASONS.infrastructureError,
      message: 'Infrastructure error - waiting for retry',
    };
  } else {
    ready = {
      type,
      status: 'False',
      reason: STATE_ENGINE_REASONS.progressing,
      message: 'Waiting for components to become ready',
    };
  }
  return { ready, status: flags.hasInfra && worst !== 'Ready' ? 'Degraded' : worst };
}

/** The message of the first error of the blocking category that names Ready's reason. */
export function firstBlockingMessage(
  errors: ReadonlyArray<Pick<StateError, 'category' | 'message'>>,
  flags: StateFlags,
): string | undefined {
  const category = flags.hasAuth
    ? ERROR_CATEGORIES.auth
    : flags.hasInvalidSpec
      ? ERROR_CATEGORIES.invalidSpec
      : flags.hasMissingUpstream
        ? ERROR_CATEGORIES.missingUpstreamDependency
        : undefined;
  return category === undefined ? undefined : errors.find((err) => err.category === category)?.message;
}

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

export interface StateResult extends StateFlags {
  conditions: Condition[];
  /** The status to write (after `statusMapping`). */
  status: string;
  /** The framework status before mapping. */
  aimStatus: AIMStatus;
  ready: Condition;
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
    });
  }

  setValidityConditions(conditions, flags);
  input.decorate?.(conditions);

  const readiness = aggregateReadiness(
    conditions.list(),
    contributions,
    flags,
    firstBlockingMessage(errors, flags),
  );
  conditions.set(
    readiness.ready.type,
    readiness.ready.status,
    readiness.ready.reason,
    readiness.ready.message,
  );
  const list = conditions.list();
  return {
    ...flags,
    conditions: list,
    status: input.statusMapping ? input.statusMapping(readiness.status) : readiness.status,
    aimStatus: readiness.status,
    ready: list.find((condition) => condition.type === CONDITION_TYPES.ready)!,
    shouldApply: !flags.hasInfra && !isBlocked(flags),
    shouldRequeue: flags.hasInfra,
    components,
    infraErrors: errors.filter((err) => isInfraCategory(err.category)),
  };
}
