/**
 * The HTTPRoute of a service (spec §10.10): one rule matching the service's path prefix,
 * rewriting it to `/` and sending the request to KServe's predictor Service on port 80.
 */
import type { ParentReference } from '../api/common/routing.ts';
import { INFERENCE_SERVICE } from '../constants/kserve.ts';
import { K8S_LABELS, LABEL_VALUES, LABELS } from '../constants/labels.ts';
import type { KubeObject } from '../kube/types.ts';
import { predictorServiceName } from '../naming/service-names.ts';
import { gatewayRequestTimeout } from './gateway-duration.ts';
import { safeLabelValue } from './label-values.ts';

export const HTTP_ROUTE_GVK = { apiVersion: 'gateway.networking.k8s.io/v1', kind: 'HTTPRoute' } as const;

export interface RouteInputs {
  name: string;
  service: { name: string; namespace: string };
  isvcName: string;
  gatewayRef: ParentReference;
  path: string;
  /** A Go duration string from the routing config. */
  requestTimeout?: string;
  annotations?: Record<string, string>;
}

export function renderHttpRoute(inputs: RouteInputs): KubeObject {
  const labels: Record<string, string> = {
    [K8S_LABELS.component]: LABEL_VALUES.component.routing,
    [K8S_LABELS.managedBy]: LABEL_VALUES.managedBy.engine,
  };
  const serviceLabel = safeLabelValue(inputs.service.name);
  if (serviceLabel !== undefined) labels[LABELS.service] = serviceLabel;

  const rule: Record<string, unknown> = {
    matches: [{ path: { type: 'PathPrefix', value: inputs.path } }],
    filters: [
      {
        type: 'URLRewrite',
        urlRewrite: { path: { type: 'ReplacePrefixMatch', replacePrefixMatch: '/' } },
      },
    ],
    backendRefs: [
      {
        kind: 'Service',
        name: predictorServiceName(inputs.isvcName),
        namespace: inputs.service.namespace,
        port: INFERENCE_SERVICE.gatewayPort,
      },
    ],
  };
  if (inputs.requestTimeout !== undefined) {
    rule.timeouts = { request: gatewayRequestTimeout(inputs.requestTimeout) };
  }

  const metadata: KubeObject['metadata'] = { name: inputs.name, namespace: inputs.service.namespace, labels };
  if (inputs.annotations !== undefined && Object.keys(inputs.annotations).length > 0) {
    metadata.annotations = { ...inputs.annotations };
  }
  return {
    ...HTTP_ROUTE_GVK,
    metadata,
    spec: { parentRefs: [structuredClone(inputs.gatewayRef)], rules: [rule] },
  };
}

/** The path prefix an existing route matches (what `status.routing.path` reports). */
export function routePathOf(route: KubeObject): string | undefined {
  const value = route.spec?.rules?.[0]?.matches?.[0]?.path?.value;
  return typeof value === 'string' ? value : undefined;
}
