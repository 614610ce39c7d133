/**
 * The Ready condition and overall status (spec §5.3): blocking errors fail the object; otherwise
 * the worst contribution of every `<X>Ready` condition that is not True decides.
 *
 * Ready's reason and message always come from the component that decides the status (issue 14:
 * the top-level condition never hides the precise cause a component condition already knows).
 * Upstream wrote generic words in three of the four cases (`InvalidSpec`/`ReferenceNotFound`/
 * `AuthError` when blocked, `InfrastructureError` on a retry, `Progressing` while waiting); those
 * remain only as a fallback when no component condition carries the cause. See `readinessCause`.
 */
import { CONDITION_TYPES, conditionComponent, STATE_ENGINE_REASONS } from '../constants/conditions.ts';
import { type AIMStatus, statusPriority } from '../constants/status.ts';
import { ERROR_CATEGORIES, type ErrorCategory, type StateError } from './categorize.ts';
import type { Condition, ConditionSet, ConditionUpdate } from './conditions.ts';
import { DEPENDENCY_TYPES, type DependencyType } from './health.ts';
import { readinessCause } from './readiness-cause.ts';
import { blockingCategory, firstBlockingMessage, isBlocked, type StateFlags } from './state-flags.ts';
import { AUTH_FAILED, REFERENCE_MISSING, SPEC_INVALID } from './validity-conditions.ts';

const CONTRIBUTING_STATES: ReadonlySet<AIMStatus> = new Set([
  'Failed',
  'Degraded',
  'NotAvailable',
  'Pending',
]);

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

/** How the Ready scan sees one component when its condition is not True. */
export interface ComponentContribution {
  /** The status this component pulls the object down to while its condition is not True. */
  notReady: AIMStatus;
  /** The categories of the component's errors: which component caused a block or a retry. */
  categories?: readonly ErrorCategory[];
}

export interface Readiness {
  ready: Omit<ConditionUpdate, 'observedGeneration'>;
  status: AIMStatus;
}

/** The words the lazy AuthValid / ConfigValid conditions carry, per blocking category. */
const BLOCKING_WORDS: Partial<Record<ErrorCategory, readonly [string, string]>> = {
  [ERROR_CATEGORIES.auth]: AUTH_FAILED,
  [ERROR_CATEGORIES.invalidSpec]: SPEC_INVALID,
  [ERROR_CATEGORIES.missingUpstreamDependency]: REFERENCE_MISSING,
};

/** Upstream's generic words, used only when no component condition names the cause. */
function genericReady(flags: StateFlags, blockingMessage: string | undefined): [string, string] {
  const blocking = blockingCategory(flags);
  if (blocking !== undefined) {
    const [reason, fallback] = BLOCKING_WORDS[blocking] ?? REFERENCE_MISSING;
    return [reason, blockingMessage || fallback];
  }
  if (flags.hasInfra)
    return [STATE_ENGINE_REASONS.infrastructureError, 'Infrastructure error - waiting for retry'];
  return [STATE_ENGINE_REASONS.progressing, 'Waiting for components to become ready'];
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
  const type = CONDITION_TYPES.ready;
  let worst: AIMStatus = 'Ready';
  for (const condition of conditions) {
    const component = conditionComponent(condition.type);
    if (component === undefined || condition.status === 'True') continue;
    const status = components.get(component)?.notReady ?? notReadyContribution(undefined);
    if (statusPriority(status) < statusPriority(worst)) worst = status;
  }
  const blocked = isBlocked(flags);
  const status: AIMStatus = blocked ? 'Failed' : flags.hasInfra && worst !== 'Ready' ? 'Degraded' : worst;
  if (!blocked && worst === 'Ready') {
    const message = 'All components are ready';
    return {
      ready: { type, status: 'True', reason: STATE_ENGINE_REASONS.allComponentsReady, message },
      status,
    };
  }
  const cause = readinessCause(conditions, components, flags, worst);
  if (cause === undefined) {
    const [reason, message] = genericReady(flags, blockingMessage);
    return { ready: { type, status: 'False', reason, message }, status };
  }
  const { component, condition } = cause;
  const message = condition.message
    ? `Component ${component} is not ready: ${condition.message}`
    : `Component ${component} is not ready`;
  return { ready: { type, status: 'False', reason: condition.reason, message }, status };
}

export interface SettledReadiness {
  /** The conditions with Ready set. */
  conditions: Condition[];
  /** The status to write (after `statusMapping`). */
  status: string;
  /** The framework status before mapping. */
  aimStatus: AIMStatus;
  ready: Condition;
}

/**
 * The last step of §5.3, shared by `computeState` and the multi-writer summary: the Ready scan over
 * `conditions`, Ready set from it, and the overall status mapped to the kind's enum.
 */
export function settleReadiness(
  conditions: ConditionSet,
  contributions: ReadonlyMap<string, ComponentContribution>,
  flags: StateFlags,
  errors: ReadonlyArray<Pick<StateError, 'category' | 'message'>>,
  statusMapping: ((status: AIMStatus) => string) | undefined,
): SettledReadiness {
  const readiness = aggregateReadiness(
    conditions.list(),
    contributions,
    flags,
    firstBlockingMessage(errors, flags),
  );
  const { type, status, reason, message } = readiness.ready;
  conditions.set(type, status, reason, message);
  const list = conditions.list();
  return {
    conditions: list,
    status: statusMapping ? statusMapping(readiness.status) : readiness.status,
    aimStatus: readiness.status,
    ready: list.find((condition) => condition.type === CONDITION_TYPES.ready)!,
  };
}
