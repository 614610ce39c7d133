/**
 * Pure: what the InferenceService and the HTTPRoute of a service should be, from what was fetched.
 *
 * The InferenceService is created only once the model, the template and the template cache are
 * all Ready (spec §10.7). Once it exists it is re-rendered on every reconcile — whatever their
 * state — as long as the model and template can be read, so changed service fields reach it.
 * A service field the pods could not carry (an env name, a quantity, min above max) leaves the
 * InferenceService untouched and is reported as InvalidSpec.
 */
import type { AIMService } from '../api/aim-service.ts';
import { STATE_ENGINE_REASONS } from '../constants/conditions.ts';
import { SERVICE_REASONS } from '../constants/service-conditions.ts';
import { keepWrittenSetOrder } from '../kube/set-order.ts';
import type { KubeObject } from '../kube/types.ts';
import { ERROR_CATEGORIES, isStateError } from '../reconcile/categorize.ts';
import type { FetchResult } from '../reconcile/health.ts';
import { DurationError } from './gateway-duration.ts';
import { buildResources } from './isvc-resources.ts';
import { type PredictorScaling, planScaling } from './isvc-scaling.ts';
import { cacheVolumesFromArtifacts, cacheVolumesOf, chooseCacheVolumes } from './isvc-volumes.ts';
import { type RoutePathResult, resolveRoutePath } from './path-template.ts';
import type { RenderFetched } from './render-fetch.ts';
import { renderInferenceService } from './render-isvc.ts';
import { renderHttpRoute } from './render-route.ts';
import { readModel, readTemplate, readTemplateCache } from './source-objects.ts';
import { envNameProblems, replicaProblems, resourceProblems, type SpecProblem } from './spec-problems.ts';

export interface InferenceDecision {
  /** The InferenceService to apply; undefined leaves any existing one as it is. */
  desired?: KubeObject;
  /** The InferenceService as read (undefined when absent or unreadable). */
  existing?: KubeObject;
  /** Service fields the InferenceService cannot carry. */
  problems: SpecProblem[];
  /** Inputs that are not Ready (or not known) yet, while no InferenceService exists. */
  waitingFor: string[];
  /** Failed reads of inputs (transient): nothing is rendered meanwhile. */
  inputErrors: unknown[];
  scaling: PredictorScaling;
}

function isMissing(error: unknown): boolean {
  return isStateError(error) && error.category === ERROR_CATEGORIES.missingUpstreamDependency;
}

function value<T>(result: FetchResult<T | undefined> | undefined, errors: unknown[]): T | undefined {
  if (result === undefined) return undefined;
  if (!result.ok) {
    errors.push(result.error);
    return undefined;
  }
  return result.value;
}

/** Problems visible from the service alone, reported even before anything can be rendered. */
function serviceProblems(svc: AIMService, scaling: PredictorScaling): SpecProblem[] {
  return [
    ...envNameProblems(svc.spec.env ?? []),
    ...resourceProblems(buildResources(undefined, undefined, svc.spec.resources)),
    ...replicaProblems(scaling.minReplicas, scaling.maxReplicas),
  ];
}

export function decideInferenceService(svc: AIMService, fetched: RenderFetched): InferenceDecision {
  const name = fetched.isvcName.ok ? fetched.isvcName.name : svc.metadata.name;
  const scaling = planScaling(svc.spec, name);
  const inputErrors: unknown[] = [];
  const decision: InferenceDecision = { problems: [], waitingFor: [], inputErrors, scaling };
  if (!fetched.isvcName.ok) {
    decision.problems.push({
      reason: SERVICE_REASONS.invalidInferenceServiceName,
      message: fetched.isvcName.error.message,
    });
    return decision;
  }
  const existing = value(fetched.isvc, inputErrors);
  if (existing !== undefined) decision.existing = existing;
  // A named runtime config that does not exist is service-resolve's RuntimeConfigReady to report;
  // here it only means there is nothing to render from. Any other failed read is retried.
  const runtimeConfigMissing =
    fetched.runtimeConfig !== undefined &&
    !fetched.runtimeConfig.ok &&
    isMissing(fetched.runtimeConfig.error);
  if (fetched.runtimeConfig !== undefined && !fetched.runtimeConfig.ok && !runtimeConfigMissing)
    inputErrors.push(fetched.runtimeConfig.error);

  const modelObject = value(fetched.model, inputErrors);
  const templateObject = value(fetched.template, inputErrors);
  const cacheObject = value(fetched.cache, inputErrors);
  const model = modelObject === undefined ? undefined : readModel(modelObject);
  const templateRead = templateObject === undefined ? undefined : readTemplate(templateObject);
  if (templateRead !== undefined && !templateRead.ok) {
    decision.problems.push({ reason: STATE_ENGINE_REASONS.invalidSpec, message: templateRead.message });
    return decision;
  }
  const template = templateRead?.template;
  const cacheSource = cacheObject === undefined ? undefined : readTemplateCache(cacheObject);
  const cache = cacheSource?.ready && cacheSource.templateName === template?.name ? cacheSource : undefined;

  if (existing === undefined) {
    if (runtimeConfigMissing) decision.waitingFor.push('runtime config');
    if (!model?.ready) decision.waitingFor.push('model');
    if (!template?.ready) decision.waitingFor.push('template');
    if (cache === undefined) decision.waitingFor.push('template cache');
  }
  const canRender =
    inputErrors.length === 0 &&
    !runtimeConfigMissing &&
    model !== undefined &&
    template !== undefined &&
    (existing !== undefined || decision.waitingFor.length === 0);
  if (!canRender) {
    decision.problems = serviceProblems(svc, scaling);
    return decision;
  }

  const cacheVolumes = chooseCacheVolumes({
    existing: existing === undefined ? undefined : cacheVolumesOf(existing),
    fromCache: cache === undefined ? undefined : cacheVolumesFromArtifacts(cache.status.artifacts),
    missingClaims: fetched.missingClaims,
  });
  const runtimeConfigSpec = fetched.runtimeConfig?.ok ? fetched.runtimeConfig.value?.spec : undefined;
  const rendered = renderInferenceService({
    isvcName: name,
    service: { name: svc.metadata.name, namespace: svc.metadata.namespace ?? '', spec: svc.spec },
    modelImage: model.image,
    template: { name: template.name, spec: template.spec, status: template.status },
    runtimeConfigEnv: runtimeConfigSpec?.env,
    cacheVolumes: cacheVolumes ?? [],
  });
  if (rendered.ok)
    decision.desired = existing === undefined ? rendered.isvc : keepWrittenSetOrder(rendered.isvc, existing);
  else decision.problems = rendered.problems;
  return decision;
}

export interface RouteDecision {
  /** Routing is on for the service. */
  enabled: boolean;
  desired?: KubeObject;
  /** The path the route has or will have; what `status.routing.path` reports. */
  path?: string;
  /** Why the route cannot be rendered (InvalidSpec). */
  problem?: SpecProblem;
  /** A route left from when routing was on: to be deleted. */
  leftover?: KubeObject;
}

function pathProblem(result: RoutePathResult): SpecProblem | undefined {
  return result.ok
    ? undefined
    : {
        reason: SERVICE_REASONS.pathTemplateInvalid,
        message: `invalid route path template: ${result.error.message}`,
      };
}

export function decideHttpRoute(svc: AIMService, fetched: RenderFetched): RouteDecision {
  const observed = fetched.route?.ok ? fetched.route.value : undefined;
  const observedPath = observed?.spec?.rules?.[0]?.matches?.[0]?.path?.value;
  const { routing } = fetched;
  if (!routing.enabled)
    return observed === undefined ? { enabled: false } : { enabled: false, leftover: observed };
  const keepPath = typeof observedPath === 'string' ? { path: observedPath } : {};
  if (routing.gatewayRef === undefined) {
    return {
      enabled: true,
      ...keepPath,
      problem: {
        reason: SERVICE_REASONS.gatewayNotConfigured,
        message: 'routing is enabled but no gatewayRef is configured on the service or its runtime config',
      },
    };
  }
  if (!fetched.isvcName.ok) return { enabled: true, ...keepPath };
  const path = resolveRoutePath(routing.pathTemplate, fetched.service);
  const problem = pathProblem(path);
  if (problem !== undefined || !path.ok)
    return { enabled: true, ...keepPath, ...(problem ? { problem } : {}) };
  try {
    const desired = renderHttpRoute({
      name: fetched.routeName,
      service: { name: svc.metadata.name, namespace: svc.metadata.namespace ?? '' },
      isvcName: fetched.isvcName.name,
      gatewayRef: routing.gatewayRef,
      path: path.path,
      ...(routing.requestTimeout !== undefined ? { requestTimeout: routing.requestTimeout } : {}),
      annotations: routing.annotations,
    });
    return { enabled: true, path: path.path, desired };
  } catch (err) {
    if (!(err instanceof DurationError)) throw err;
    return {
      enabled: true,
      ...keepPath,
      problem: { reason: SERVICE_REASONS.invalidRequestTimeout, message: err.message },
    };
  }
}
