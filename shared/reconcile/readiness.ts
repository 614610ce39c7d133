/**
 * The Ready condition and overall status (spec §5.3): blocking errors fail the object; otherwise
 * the worst contribution of every `<X>Ready` condition that is not True decides.
 */
import { CONDITION_TYPES, conditionComponent, STATE_ENGINE_REASONS } from '../constants/conditions.ts';
import { type AIMStatus, statusPriority } from '../constants/status.ts';
import type { StateError } from './categorize.ts';
import type { Condition, ConditionSet, ConditionUpdate } from './conditions.ts';
import { DEPENDENCY_TYPES, type DependencyType } from './health.ts';
import { firstBlockingMessage, isBlocked, type StateFlags } from './state-flags.ts';
import { AUTH_FAILED, REFERENCE_MISSING, SPEC_INVALID } from './validity-conditions.ts';

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
  // The same words the lazy AuthValid / ConfigValid conditions carry.
  const [reason, fallback] = flags.hasAuth
    ? AUTH_FAILED
    : flags.hasInvalidSpec
      ? SPEC_INVALID
      : REFERENCE_MISSING;
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
    const component = conditionComponent(condition.type);
    if (component === undefined) continue;
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
