/**
 * The state engine's lazy conditions (spec §5.3): DependenciesReachable, AuthValid and ConfigValid
 * appear with the first error of their kind, then stay (True once it is over).
 */
import { CONDITION_TYPES, STATE_ENGINE_REASONS } from '../constants/conditions.ts';
import type { ConditionSet } from './conditions.ts';
import type { StateFlags } from './state-flags.ts';

export type ReasonAndMessage = readonly [reason: string, message: string];

/** False while `failure` is given; True once it is over; absent until the first failure. */
function setLazy(
  conditions: ConditionSet,
  type: string,
  failure: ReasonAndMessage | undefined,
  recovery: ReasonAndMessage,
): void {
  if (failure) conditions.set(type, 'False', ...failure);
  else if (conditions.get(type)?.status === 'False') conditions.set(type, 'True', ...recovery);
}

const UNREACHABLE: ReasonAndMessage = [STATE_ENGINE_REASONS.infrastructureError, 'Cannot reach dependencies'];
const REACHABLE: ReasonAndMessage = [STATE_ENGINE_REASONS.reachable, 'All dependencies are reachable'];
// The blocking failures' words; Ready repeats them when no error message is more specific.
export const AUTH_FAILED: ReasonAndMessage = [
  STATE_ENGINE_REASONS.authError,
  'Authentication or authorization failure',
];
const AUTH_VALID: ReasonAndMessage = [STATE_ENGINE_REASONS.authenticationValid, 'Authentication is valid'];
export const SPEC_INVALID: ReasonAndMessage = [
  STATE_ENGINE_REASONS.invalidSpec,
  'Configuration validation failed',
];
export const REFERENCE_MISSING: ReasonAndMessage = [
  STATE_ENGINE_REASONS.referenceNotFound,
  'Referenced resource not found',
];
const CONFIG_VALID: ReasonAndMessage = [STATE_ENGINE_REASONS.configurationValid, 'Configuration is valid'];

/** Lazy DependenciesReachable: appears with the first infrastructure error, then stays. */
export function setDependenciesReachable(conditions: ConditionSet, flags: StateFlags): void {
  setLazy(
    conditions,
    CONDITION_TYPES.dependenciesReachable,
    flags.hasInfra ? UNREACHABLE : undefined,
    REACHABLE,
  );
}

/** Lazy AuthValid and ConfigValid: appear with the first such error, then stay (True after recovery). */
export function setValidityConditions(conditions: ConditionSet, flags: StateFlags): void {
  setLazy(conditions, CONDITION_TYPES.authValid, flags.hasAuth ? AUTH_FAILED : undefined, AUTH_VALID);
  const configFailure = flags.hasInvalidSpec
    ? SPEC_INVALID
    : flags.hasMissingUpstream
      ? REFERENCE_MISSING
      : undefined;
  setLazy(conditions, CONDITION_TYPES.configValid, configFailure, CONFIG_VALID);
}
