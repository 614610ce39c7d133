/**
 * HTTPRoutes a service controls under a name the functions do not render: the Go operator named a
 * service's route `<isvc>`, the functions name it `<isvc>-route` (route-name.ts says why). After a
 * takeover both exist; the earlier one is removed — but only once the gateway accepted the
 * rendered one, so the service's path is never without a route — or at once when routing is off.
 */
import { SERVICE_REASONS } from '../constants/service-conditions.ts';
import { isControlledBy } from '../kube/owner.ts';
import type { KubeObject } from '../kube/types.ts';
import type { ComponentHealth } from '../reconcile/health.ts';
import type { RouteDecision } from './render-decision.ts';
import { httpRouteHealth } from './route-health.ts';

/** The routes `service` controls other than the one named `renderedName`. */
export function earlierRoutesOf(
  routes: readonly KubeObject[],
  service: KubeObject,
  renderedName: string,
): KubeObject[] {
  return routes.filter((route) => route.metadata.name !== renderedName && isControlledBy(route, service));
}

/**
 * While an earlier route waits for the rendered one to be accepted, the service is looked at
 * again this often: the gateway's acceptance may come before the event sources watch (a takeover
 * starts the functions first), and nothing else would bring it back before the periodic resync.
 */
export const HANDOVER_RECHECK_SECONDS = 5;

/**
 * Whether earlier routes wait for the rendered one to be accepted, given what
 * `earlierRoutesToRemove` chose to remove.
 */
export function handoverPending(earlier: readonly KubeObject[], removed: readonly KubeObject[]): boolean {
  return earlier.length > 0 && removed.length === 0;
}

export function earlierRoutesToRemove(
  decision: RouteDecision,
  rendered: KubeObject | undefined,
  earlier: readonly KubeObject[],
): KubeObject[] {
  if (earlier.length === 0) return [];
  if (!decision.enabled) return [...earlier];
  const accepted = rendered !== undefined && httpRouteHealth({ ok: true, value: rendered }).state === 'Ready';
  return accepted ? [...earlier] : [];
}

/**
 * The HTTPRoute component while the rendered route is not accepted yet: an accepted earlier route
 * serves the path meanwhile, so a service that was Running stays Running through the handover.
 */
export function routeHealthDuringHandover(
  rendered: ComponentHealth,
  earlier: readonly KubeObject[],
): ComponentHealth {
  if (rendered.state === 'Ready' || rendered.state === 'Failed') return rendered;
  const serving = earlier.find((route) => httpRouteHealth({ ok: true, value: route }).state === 'Ready');
  if (serving === undefined) return rendered;
  return {
    ...rendered,
    state: 'Ready',
    reason: SERVICE_REASONS.httpRouteAccepted,
    errors: [],
    message: `HTTPRoute ${serving.metadata.name}, made by an earlier controller, serves the path meanwhile: ${rendered.message}`,
  };
}
