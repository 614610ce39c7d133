/**
 * What a failed apply of a reconciler's children means for the parent's status.
 *
 * Upstream (spec §5.1) reports every apply error as DependenciesReachable=False/InfrastructureError
 * and keeps the status computed before the apply. A child the API server refuses (422 Invalid or
 * 400 BadRequest: a value from the spec Kubernetes does not accept, such as a storage class name
 * that is not a DNS subdomain; or a denial by the cluster's admission policies) left its parent
 * "Progressing" for good, the cause hidden in a condition underneath. Issue 14: such a parent is
 * Failed and Ready names the child and what the API server said (field and value). The same apply
 * would get the same answer, so only a transient error (rate limit, 5xx, network, conflict) asks
 * for a retry.
 */
import { CONDITION_TYPES, ERROR_REASONS, STATE_ENGINE_REASONS } from '../constants/conditions.ts';
import { isConflict, isRetryable, KubeError } from '../kube/errors.ts';
import { describeObject } from '../kube/objects.ts';
import type { ObjectKey } from '../kube/types.ts';
import { ERROR_CATEGORIES, StateError } from './categorize.ts';
import { setCondition } from './conditions.ts';
import type { ComponentHealth } from './health.ts';
import type { Evaluation } from './pipeline-evaluation.ts';

export interface ChildFailure {
  key: ObjectKey;
  err: unknown;
}

export interface PlanFailure {
  /** Every error in one line, for DependenciesReachable. */
  message: string;
  errors: unknown[];
  /** The children whose apply failed (none when a deletion failed and nothing was applied). */
  children: ChildFailure[];
}

export function isTransient(err: unknown): boolean {
  return isRetryable(err) || isConflict(err);
}

/** An admission webhook's or ValidatingAdmissionPolicy's denial, as opposed to RBAC's. */
const ADMISSION_DENIAL = /\bdenied (the )?request\b/;

/**
 * The API server refused the object itself (its validation, or an admission policy of the
 * cluster): no retry of the same object can succeed. A 403 from RBAC is not one: the function's
 * own permissions are wrong, which the deployment must fix.
 */
export function isRejection(err: unknown): err is KubeError {
  if (!(err instanceof KubeError)) return false;
  if (err.reason === 'Invalid' || err.reason === 'BadRequest') return true;
  return err.reason === 'Forbidden' && ADMISSION_DENIAL.test(err.details.message ?? err.message);
}

/** `PersistentVolumeClaim ns/x was rejected by the API server: PersistentVolumeClaim "x" is invalid: spec.storageClassName: …`. */
export function rejectionMessage(key: ObjectKey, err: KubeError): string {
  return `${describeObject(key)} was rejected by the API server: ${err.details.message ?? err.message}`;
}

/**
 * A health entry without a component (it writes no condition of its own) that blocks the object as
 * an invalid spec, worded after the rejected children; undefined when none was rejected.
 */
export function childRejectionHealth(children: readonly ChildFailure[]): ComponentHealth | undefined {
  const rejected = children.flatMap(({ key, err }) => (isRejection(err) ? [rejectionMessage(key, err)] : []));
  if (rejected.length === 0) return undefined;
  const error = new StateError(ERROR_CATEGORIES.invalidSpec, ERROR_REASONS.invalidSpec, rejected.join('; '));
  return { component: '', errors: [error] };
}

export interface ApplyFailureInput {
  evaluation: Evaluation;
  failure: PlanFailure;
  now: Date;
  generation: number | undefined;
  /** The same evaluation with one more health entry. */
  reevaluate: (extra: ComponentHealth) => Evaluation;
  /** A component writer leaves Ready and the status to the summary writer. */
  writesReady: boolean;
}

export function evaluateApplyFailure(input: ApplyFailureInput): Evaluation {
  const { failure, now, generation } = input;
  const rejection = input.writesReady ? childRejectionHealth(failure.children) : undefined;
  const evaluation = rejection ? input.reevaluate(rejection) : input.evaluation;
  const others = failure.children.length === 0 || failure.children.some(({ err }) => !isRejection(err));
  if (rejection === undefined || others) {
    const update = {
      type: CONDITION_TYPES.dependenciesReachable,
      status: 'False' as const,
      reason: STATE_ENGINE_REASONS.infrastructureError,
      message: failure.message,
      ...(generation !== undefined ? { observedGeneration: generation } : {}),
    };
    evaluation.conditions = setCondition(evaluation.conditions, update, now);
  }
  if (failure.errors.some(isTransient)) evaluation.infraMessages.push(failure.message);
  return evaluation;
}
