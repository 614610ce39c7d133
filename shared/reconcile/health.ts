/**
 * Component health (spec §5.2): what a reconciler observed about one dependency, before the state
 * engine turns it into a `<component>Ready` condition and an overall status.
 */
import type { ComponentDependencyType } from '../api/common/component-health.ts';
import { ERROR_REASONS, STATE_ENGINE_REASONS } from '../constants/conditions.ts';
import type { AIMStatus } from '../constants/status.ts';
import { isNotFound } from '../kube/errors.ts';
import { categorizeError, ERROR_CATEGORIES, StateError } from './categorize.ts';

export const DEPENDENCY_TYPES = {
  upstream: 'Upstream',
  downstream: 'Downstream',
} as const satisfies Record<string, ComponentDependencyType>;
export type DependencyType = (typeof DEPENDENCY_TYPES)[keyof typeof DEPENDENCY_TYPES];

export interface ComponentHealth {
  /** Becomes the condition type `<component>Ready`; entries with an empty name write no condition. */
  component: string;
  /** Derived from `errors` when absent (`deriveState`). */
  state?: AIMStatus;
  /** First error's reason when absent, else `Ready`. */
  reason?: string;
  /** First error's message when absent, else empty. */
  message?: string;
  /** Raw or already-categorized errors; the state engine categorizes them. */
  errors: readonly unknown[];
  /**
   * Upstream: something this object needs before it can work (a model for a template); while it is
   * merely not ready the object is Pending. Downstream: something this object creates; while it is
   * not ready the object is Progressing.
   */
  dependencyType?: DependencyType;
}

export type ComponentHealthFields = Omit<ComponentHealth, 'component' | 'dependencyType' | 'errors'> & {
  errors?: readonly unknown[];
};

/** Builds one component's health entries: its name and dependency type fixed, no errors unless given. */
export function componentHealthBuilder(
  component: string,
  dependencyType: DependencyType,
): (fields: ComponentHealthFields) => ComponentHealth {
  return (fields) => ({ component, dependencyType, errors: [], ...fields });
}

/** A component with every optional field filled in and its errors categorized. */
export interface ResolvedHealth {
  component: string;
  state: AIMStatus;
  reason: string;
  message: string;
  errors: StateError[];
  dependencyType?: DependencyType;
}

/** Spec §5.2 `deriveStateFromErrors`. */
export function deriveState(errors: readonly StateError[]): AIMStatus {
  if (errors.length === 0) return 'Ready';
  const has = (...categories: string[]) => errors.some((err) => categories.includes(err.category));
  if (has(ERROR_CATEGORIES.auth, ERROR_CATEGORIES.resourceExhaustion, ERROR_CATEGORIES.invalidSpec)) {
    return 'Failed';
  }
  if (has(ERROR_CATEGORIES.missingUpstreamDependency, ERROR_CATEGORIES.infrastructure)) return 'Degraded';
  return 'Progressing';
}

export function resolveHealth(health: ComponentHealth): ResolvedHealth {
  const errors = health.errors.map(categorizeError);
  const first = errors[0];
  const resolved: ResolvedHealth = {
    component: health.component,
    state: health.state ?? deriveState(errors),
    reason: health.reason || first?.reason || STATE_ENGINE_REASONS.ready,
    message: health.message || first?.message || '',
    errors,
  };
  if (health.dependencyType !== undefined) resolved.dependencyType = health.dependencyType;
  return resolved;
}

/** The outcome of one read, kept as a value so that fetching never throws (architecture: fetch). */
export type FetchResult<T> = { ok: true; value: T } | { ok: false; error: unknown };

export function fetched<T>(value: T): FetchResult<T> {
  return { ok: true, value };
}

export function fetchFailed<T = never>(error: unknown): FetchResult<T> {
  return { ok: false, error };
}

/** Awaits `promise` (or calls and awaits `read`) and captures a rejection as a value. */
export async function captureFetch<T>(promise: Promise<T> | (() => Promise<T>)): Promise<FetchResult<T>> {
  try {
    return fetched(await (typeof promise === 'function' ? promise() : promise));
  } catch (error) {
    return fetchFailed(error);
  }
}

/** What an inspector says about a fetched value; the component name is filled in for it. */
export type HealthInspection = Omit<ComponentHealth, 'component' | 'errors'> & {
  errors?: readonly unknown[];
};

function inspect<T>(
  component: string,
  value: T,
  inspector: (value: T) => HealthInspection,
  dependencyType?: DependencyType,
): ComponentHealth {
  const inspection = inspector(value);
  const health: ComponentHealth = { ...inspection, component, errors: inspection.errors ?? [] };
  if (health.dependencyType === undefined && dependencyType !== undefined)
    health.dependencyType = dependencyType;
  return health;
}

/** A failed read becomes the component's only error (categorized later); a value is inspected. */
export function toComponentHealth<T>(
  component: string,
  result: FetchResult<T>,
  inspector: (value: T) => HealthInspection,
): ComponentHealth {
  if (!result.ok) return { component, errors: [result.error] };
  return inspect(component, result.value, inspector);
}

function isNotFoundError(err: unknown): boolean {
  if (isNotFound(err)) return true;
  const categorized = categorizeError(err);
  return categorized.reason === ERROR_REASONS.notFound;
}

/**
 * For dependencies this object needs: NotFound means the reference points nowhere, a blocking
 * MissingUpstreamDependency (the object fails until the dependency appears).
 */
export function toUpstreamComponentHealth<T>(
  component: string,
  result: FetchResult<T>,
  inspector: (value: T) => HealthInspection,
): ComponentHealth {
  const upstream = DEPENDENCY_TYPES.upstream;
  if (result.ok) return inspect(component, result.value, inspector, upstream);
  const error = isNotFoundError(result.error)
    ? notFoundAs(
        ERROR_CATEGORIES.missingUpstreamDependency,
        ERROR_REASONS.referenceNotFound,
        'Upstream dependency not found',
        result.error,
      )
    : result.error;
  return { component, errors: [error], dependencyType: upstream };
}

/** For objects this object creates: NotFound means "not created yet", which only delays readiness. */
export function toDownstreamComponentHealth<T>(
  component: string,
  result: FetchResult<T>,
  inspector: (value: T) => HealthInspection,
): ComponentHealth {
  const downstream = DEPENDENCY_TYPES.downstream;
  if (result.ok) return inspect(component, result.value, inspector, downstream);
  const error = isNotFoundError(result.error)
    ? notFoundAs(
        ERROR_CATEGORIES.missingDownstreamDependency,
        ERROR_REASONS.resourceNotReady,
        'Resource not found',
        result.error,
      )
    : result.error;
  return { component, errors: [error], dependencyType: downstream };
}

function notFoundAs(
  category: StateError['category'],
  reason: string,
  message: string,
  cause: unknown,
): StateError {
  return new StateError(category, reason, message, { cause });
}
