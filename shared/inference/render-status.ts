/**
 * The status fields isvc-render owns besides its conditions: `runtime` (replica counts and their
 * display), `routing` (the route's path) and `url` (where the service answers).
 */

import { runtimeStatus } from './hpa-health.ts';
import { inferenceServiceUrl } from './isvc-health.ts';
import type { InferenceDecision, RouteDecision } from './render-decision.ts';
import type { RenderFetched } from './render-fetch.ts';

export const RENDER_STATUS_FIELDS = ['runtime', 'routing', 'url'] as const;

export function decorateRenderStatus(
  status: Record<string, unknown>,
  fetched: RenderFetched,
  decision: InferenceDecision,
  route: RouteDecision,
): void {
  const hpa = fetched.autoscaling && fetched.hpa?.ok ? fetched.hpa.value : undefined;
  status.runtime = runtimeStatus(decision.scaling, hpa);
  if (route.enabled && route.path !== undefined) status.routing = { path: route.path };
  else delete status.routing;
  const url = inferenceServiceUrl(decision.existing) ?? (route.enabled ? route.path : undefined);
  if (url !== undefined) status.url = url;
  else delete status.url;
}
