/**
 * HTTPRoutes a service controls under a name the functions do not render: the Go operator named a
 * service's route `<isvc>`, the functions name it `<isvc>-route` (route-name.ts says why). After a
 * takeover both exist; the earlier one is removed — but only once the gateway accepted the
 * rendered one, so the service's path is never without a route — or at once when routing is off.
 */

import { isControlledBy } from '../kube/owner.ts';
import type { KubeObject } from '../kube/types.ts';
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
