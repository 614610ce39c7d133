/**
 * Effective routing of a service (spec §10.10): each setting from the service's `spec.routing`
 * when set there, else from the merged runtime config. Annotations merge, the service's winning
 * per key — upstream ignores the service's annotations (quirk 10), the documented intent is this.
 */
import type { ParentReference, RoutingConfig } from '../api/common/routing.ts';

export interface EffectiveRouting {
  enabled: boolean;
  gatewayRef?: ParentReference;
  pathTemplate?: string;
  requestTimeout?: string;
  annotations: Record<string, string>;
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
}

export function effectiveRouting(
  service: RoutingConfig | undefined,
  runtimeConfig: RoutingConfig | undefined,
): EffectiveRouting {
  const routing: EffectiveRouting = {
    enabled: service?.enabled ?? runtimeConfig?.enabled ?? false,
    annotations: { ...(runtimeConfig?.annotations ?? {}), ...(service?.annotations ?? {}) },
  };
  const gatewayRef = service?.gatewayRef ?? runtimeConfig?.gatewayRef;
  if (gatewayRef !== undefined) routing.gatewayRef = structuredClone(gatewayRef);
  const pathTemplate = nonEmpty(service?.pathTemplate) ?? nonEmpty(runtimeConfig?.pathTemplate);
  if (pathTemplate !== undefined) routing.pathTemplate = pathTemplate;
  const requestTimeout = nonEmpty(service?.requestTimeout) ?? nonEmpty(runtimeConfig?.requestTimeout);
  if (requestTimeout !== undefined) routing.requestTimeout = requestTimeout;
  return routing;
}
