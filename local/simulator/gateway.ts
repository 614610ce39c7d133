import { isNotFound } from '../../shared/kube/errors.ts';
import type { KubeObject } from '../../shared/kube/types.ts';
import { FirstSeen } from './age.ts';
import type { SimulatorApi } from './api.ts';
import type { ThrottledLog } from './log.ts';
import { firstMatching, identityOf } from './match.ts';
import { rfc3339 } from './pod-lifecycle.ts';
import { type HttpRouteRule, HttpRouteRuleSchema, type SimulatorRules } from './rules.ts';

export const HTTP_ROUTE_GVK = { apiVersion: 'gateway.networking.k8s.io/v1', kind: 'HTTPRoute' } as const;
export const GATEWAY_CONTROLLER_NAME = 'sim.aim.eai.amd.com/gateway';
const DEFAULT_RULE = HttpRouteRuleSchema.parse({});

interface RouteParentStatus {
  parentRef: Record<string, unknown>;
  controllerName: string;
  conditions: {
    type: string;
    status: 'True' | 'False';
    reason: string;
    message: string;
    observedGeneration: number;
    lastTransitionTime: string;
  }[];
}

/** The `status.parents` entries a gateway controller writes for a route, one per parentRef. */
export function routeParentStatuses(
  route: KubeObject,
  rule: HttpRouteRule,
  nowMs: number,
): RouteParentStatus[] {
  const generation = route.metadata.generation ?? 1;
  const time = rfc3339(nowMs);
  const refs: Record<string, unknown>[] = route.spec?.parentRefs ?? [];
  const acceptedReason = rule.reason ?? (rule.accepted ? 'Accepted' : 'NotAllowedByListeners');
  return refs.map((parentRef) => ({
    parentRef,
    controllerName: GATEWAY_CONTROLLER_NAME,
    conditions: [
      {
        type: 'Accepted',
        status: rule.accepted ? 'True' : 'False',
        reason: acceptedReason,
        message: rule.message ?? (rule.accepted ? 'Route is accepted' : 'Route is not allowed by the parent'),
        observedGeneration: generation,
        lastTransitionTime: time,
      },
      {
        type: 'ResolvedRefs',
        status: rule.resolvedRefs ? 'True' : 'False',
        reason: rule.resolvedRefs ? 'ResolvedRefs' : 'BackendNotFound',
        message: rule.resolvedRefs ? 'All references resolved' : 'A backend reference cannot be resolved',
        observedGeneration: generation,
        lastTransitionTime: time,
      },
    ],
  }));
}

function signature(parents: readonly Partial<RouteParentStatus>[]): string {
  return JSON.stringify(
    parents.map((p) => [
      p.parentRef,
      (p.conditions ?? []).map((c) => `${c.type}=${c.status}/${c.reason}/${c.observedGeneration}`),
    ]),
  );
}

/**
 * Plays a Gateway API implementation: writes this controller's entries of each HTTPRoute's
 * `status.parents` (other controllers' entries are kept), per the first matching rule.
 */
export class GatewaySimulator {
  readonly #api: SimulatorApi;
  readonly #log: ThrottledLog;
  readonly #firstSeen = new FirstSeen();

  constructor(api: SimulatorApi, log: ThrottledLog) {
    this.#api = api;
    this.#log = log;
  }

  async sync(rules: SimulatorRules, nowMs: number): Promise<void> {
    let routes: KubeObject[];
    try {
      routes = (await this.#api.client.list(HTTP_ROUTE_GVK)).items;
    } catch (err) {
      if (isNotFound(err)) {
        this.#log.warn('route-crd', {}, 'HTTPRoute CRD is not installed; gateway simulation idle');
        return;
      }
      throw err;
    }
    for (const route of routes) {
      if (route.metadata.deletionTimestamp) continue;
      const key = `${route.metadata.namespace}/${route.metadata.name}`;
      try {
        const rule = firstMatching(rules.httpRoutes.rules, identityOf(route)) ?? DEFAULT_RULE;
        const age = this.#firstSeen.ageSeconds(
          route.metadata.uid ?? key,
          route.metadata.creationTimestamp,
          nowMs,
        );
        if (age < rule.afterSeconds) continue;
        const all: Partial<RouteParentStatus>[] = route.status?.parents ?? [];
        const ours = all.filter((p) => p.controllerName === GATEWAY_CONTROLLER_NAME);
        const desired = routeParentStatuses(route, rule, nowMs);
        if (signature(ours) === signature(desired)) continue;
        const others = all.filter((p) => p.controllerName !== GATEWAY_CONTROLLER_NAME);
        await this.#api.patchStatus(
          { ...HTTP_ROUTE_GVK, namespace: route.metadata.namespace ?? 'default', name: route.metadata.name },
          { parents: [...others, ...desired] },
        );
        this.#log.log.info({ route: key, accepted: rule.accepted }, 'HTTPRoute status');
      } catch (err) {
        this.#log.failure(`route/${key}`, err, { route: key }, 'cannot sync HTTPRoute');
      }
    }
    this.#firstSeen.retain(new Set(routes.map((r) => r.metadata.uid ?? '')));
  }
}
