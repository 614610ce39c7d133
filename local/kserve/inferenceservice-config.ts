import type { KubeObject } from '../../shared/kube/types.ts';
import { yamlObjects } from '../../shared/kube/yaml-objects.ts';
import { kserveModuleFile } from '../control-plane/third-party-crds.ts';

export const KSERVE_NAMESPACE = 'kserve';

/**
 * What the product expects of the cluster's KServe configuration (docs/install.md says the same):
 * - `deploy.defaultDeploymentMode: Standard`: predictors are plain Deployments (AIM also asks for
 *   it per InferenceService; this is the default an owner without Knative Serving sets).
 * - `ingress.disableIngressCreation: true`: the product routes with its own HTTPRoute, so KServe
 *   must not create an Ingress (or a Gateway API route of its own) beside it;
 *   `disableIstioVirtualHost: true` without Istio, or KServe records a Warning Event on every
 *   reconcile of every InferenceService (700 for 100 services in bench:platform).
 * - `inferenceService.resource.cpuLimit: ""`: KServe's defaulting webhook adds the configured CPU
 *   limit (1 as shipped) to every container without one, and AIM asks 4 CPUs per GPU with no limit
 *   (as the Go operator does), so with the shipped value the predictor Deployment is refused
 *   ("must be less than or equal to cpu limit of 1"). Requests and the memory limit stay default.
 */
export const PRODUCT_EXPECTS: Record<string, Record<string, unknown>> = {
  deploy: { defaultDeploymentMode: 'Standard' },
  ingress: { disableIngressCreation: true, enableGatewayApi: false, disableIstioVirtualHost: true },
  inferenceService: { resource: { cpuLimit: '' } },
};

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `over` merged into `base`, objects key by key, anything else replaced. */
function merged(base: Json, over: Json): Json {
  const result: Json = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const current = result[key];
    result[key] = isObject(current) && isObject(value) ? merged(current, value) : value;
  }
  return result;
}

/**
 * KServe's own `inferenceservice-config` as its release ships it (taken from the pinned module),
 * with the settings above merged over it: the ConfigMap a cluster owner installs.
 */
export function inferenceServiceConfig(
  shipped = kserveModuleFile('config/configmap/inferenceservice.yaml'),
): KubeObject {
  const [configMap] = yamlObjects(shipped);
  if (configMap === undefined) throw new Error('KServe module has no inferenceservice-config');
  const data = { ...(configMap.data as Record<string, string>) };
  for (const [key, settings] of Object.entries(PRODUCT_EXPECTS)) {
    data[key] = JSON.stringify(merged(JSON.parse(data[key] ?? '{}') as Json, settings), null, 2);
  }
  return { ...configMap, metadata: { name: 'inferenceservice-config', namespace: KSERVE_NAMESPACE }, data };
}
