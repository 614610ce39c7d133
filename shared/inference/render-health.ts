/**
 * The components isvc-render owns on an AIMService (spec §10.8): InferenceService, its pods,
 * HTTPRoute (routing on) and HPA (autoscaling on). Pure.
 *
 * A component this writer reported before but no longer has (routing or autoscaling switched
 * off, the InferenceService gone) is not simply dropped: its old condition would stay on the
 * object and keep the service from Ready forever (conditions are never deleted, spec §5.3). It is
 * reported once more as what it now is — off, or without pods.
 */
import type { AIMService } from '../api/aim-service.ts';
import { componentConditionType } from '../constants/conditions.ts';
import { POD_REASONS } from '../constants/pod-conditions.ts';
import { SERVICE_COMPONENTS, SERVICE_REASONS } from '../constants/service-conditions.ts';
import { kedaHpaName } from '../naming/service-names.ts';
import { ERROR_CATEGORIES, StateError } from '../reconcile/categorize.ts';
import { type ComponentHealth, DEPENDENCY_TYPES, fetched as fetchedValue } from '../reconcile/health.ts';
import { routeHealthDuringHandover } from './earlier-routes.ts';
import { hpaHealth } from './hpa-health.ts';
import { inferenceServiceHealth } from './isvc-health.ts';
import { conditionIn } from './kube-conditions.ts';
import { predictorPodsHealth } from './predictor-pods.ts';
import type { InferenceDecision, RouteDecision } from './render-decision.ts';
import type { RenderFetched } from './render-fetch.ts';
import { httpRouteHealth } from './route-health.ts';
import type { SpecProblem } from './spec-problems.ts';

const DOWNSTREAM = DEPENDENCY_TYPES.downstream;

function invalid(component: string, problems: readonly SpecProblem[]): ComponentHealth {
  return {
    component,
    errors: problems.map(
      (problem) => new StateError(ERROR_CATEGORIES.invalidSpec, problem.reason, problem.message),
    ),
    dependencyType: DOWNSTREAM,
  };
}

/** Whether the service's status already has `component`'s condition (whoever wrote it). */
export function hadCondition(svc: AIMService, component: string): boolean {
  const type = componentConditionType(component);
  return (svc.status?.conditions ?? []).some((condition) => condition.type === type);
}

function switchedOff(component: string, reason: string, message: string): ComponentHealth {
  return { component, state: 'Ready', reason, message, errors: [], dependencyType: DOWNSTREAM };
}

function inferenceComponent(fetched: RenderFetched, decision: InferenceDecision): ComponentHealth {
  const component = SERVICE_COMPONENTS.inferenceService;
  if (decision.problems.length > 0) return invalid(component, decision.problems);
  const health = inferenceServiceHealth({
    isvc: fetched.isvc ?? fetchedValue(undefined),
    events: fetched.isvcEvents,
    waitingFor: decision.waitingFor,
  });
  // Inputs that could not be read keep the InferenceService from being rendered: retry.
  const known = new Set(health.errors);
  const extra = decision.inputErrors.filter((err) => !known.has(err));
  return extra.length > 0 ? { ...health, errors: [...health.errors, ...extra] } : health;
}

function podsComponent(svc: AIMService, fetched: RenderFetched): ComponentHealth | undefined {
  const component = SERVICE_COMPONENTS.inferenceServicePods;
  if (fetched.pods !== undefined) {
    if (!fetched.pods.ok) return { component, errors: [fetched.pods.error], dependencyType: DOWNSTREAM };
    return predictorPodsHealth(fetched.pods.value);
  }
  if (!hadCondition(svc, component)) return undefined;
  return {
    component,
    errors: [
      new StateError(
        ERROR_CATEGORIES.missingDownstreamDependency,
        POD_REASONS.noPods,
        'No InferenceService, so no pods',
      ),
    ],
    dependencyType: DOWNSTREAM,
  };
}

function routeComponent(
  svc: AIMService,
  fetched: RenderFetched,
  route: RouteDecision,
): ComponentHealth | undefined {
  const component = SERVICE_COMPONENTS.httpRoute;
  if (!route.enabled) {
    return hadCondition(svc, component)
      ? switchedOff(component, SERVICE_REASONS.routingDisabled, 'Routing is disabled')
      : undefined;
  }
  if (route.problem !== undefined) return invalid(component, [route.problem]);
  if (!fetched.isvcName.ok) {
    return invalid(component, [
      { reason: SERVICE_REASONS.invalidInferenceServiceName, message: fetched.isvcName.error.message },
    ]);
  }
  const health = httpRouteHealth(fetched.route ?? fetchedValue(undefined));
  return routeHealthDuringHandover(health, fetched.earlierRoutes?.ok ? fetched.earlierRoutes.value : []);
}

function hpaComponent(
  svc: AIMService,
  fetched: RenderFetched,
  decision: InferenceDecision,
): ComponentHealth | undefined {
  const component = SERVICE_COMPONENTS.hpa;
  if (!fetched.autoscaling) {
    return hadCondition(svc, component)
      ? switchedOff(component, SERVICE_REASONS.autoscalingDisabled, 'Autoscaling is disabled')
      : undefined;
  }
  const name = fetched.isvcName.ok ? kedaHpaName(fetched.isvcName.name) : '';
  const isvcReady = conditionIn(decision.existing?.status, 'Ready')?.status === 'True';
  return hpaHealth(fetched.hpa ?? fetchedValue(undefined), name, isvcReady);
}

export function renderHealth(
  svc: AIMService,
  fetched: RenderFetched,
  decision: InferenceDecision,
  route: RouteDecision,
): ComponentHealth[] {
  return [
    inferenceComponent(fetched, decision),
    podsComponent(svc, fetched),
    routeComponent(svc, fetched, route),
    hpaComponent(svc, fetched, decision),
  ].filter((component): component is ComponentHealth => component !== undefined);
}
