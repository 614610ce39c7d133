import { AIM_API_VERSION } from '../api/group.ts';
import type { GroupVersionKind } from './types.ts';

/** How a kind is addressed over REST. */
export interface ResourceInfo {
  /** Lower-case plural used in URL paths (e.g. `aimservices`). */
  plural: string;
  namespaced: boolean;
}

export { AIM_API_VERSION };

/*
 * A fixed table instead of API discovery: every kind this project reads or writes is known at build
 * time, and a wrong table entry fails loudly in unit tests rather than at runtime in a cluster.
 */
const RESOURCE_TABLE: Record<string, Record<string, ResourceInfo>> = {
  v1: {
    Pod: { plural: 'pods', namespaced: true },
    Node: { plural: 'nodes', namespaced: false },
    Namespace: { plural: 'namespaces', namespaced: false },
    Secret: { plural: 'secrets', namespaced: true },
    ConfigMap: { plural: 'configmaps', namespaced: true },
    Event: { plural: 'events', namespaced: true },
    ServiceAccount: { plural: 'serviceaccounts', namespaced: true },
    PersistentVolumeClaim: { plural: 'persistentvolumeclaims', namespaced: true },
    Service: { plural: 'services', namespaced: true },
  },
  'apps/v1': {
    Deployment: { plural: 'deployments', namespaced: true },
    ReplicaSet: { plural: 'replicasets', namespaced: true },
  },
  'admissionregistration.k8s.io/v1': {
    MutatingWebhookConfiguration: { plural: 'mutatingwebhookconfigurations', namespaced: false },
    ValidatingWebhookConfiguration: { plural: 'validatingwebhookconfigurations', namespaced: false },
  },
  'keda.sh/v1alpha1': {
    ScaledObject: { plural: 'scaledobjects', namespaced: true },
  },
  'batch/v1': {
    Job: { plural: 'jobs', namespaced: true },
  },
  'coordination.k8s.io/v1': {
    Lease: { plural: 'leases', namespaced: true },
  },
  'rbac.authorization.k8s.io/v1': {
    Role: { plural: 'roles', namespaced: true },
    RoleBinding: { plural: 'rolebindings', namespaced: true },
    ClusterRole: { plural: 'clusterroles', namespaced: false },
    ClusterRoleBinding: { plural: 'clusterrolebindings', namespaced: false },
  },
  'autoscaling/v2': {
    HorizontalPodAutoscaler: { plural: 'horizontalpodautoscalers', namespaced: true },
  },
  'events.k8s.io/v1': {
    Event: { plural: 'events', namespaced: true },
  },
  'serving.kserve.io/v1beta1': {
    InferenceService: { plural: 'inferenceservices', namespaced: true },
  },
  'gateway.networking.k8s.io/v1': {
    HTTPRoute: { plural: 'httproutes', namespaced: true },
  },
  'sources.knative.dev/v1': {
    PingSource: { plural: 'pingsources', namespaced: true },
  },
  'apiextensions.k8s.io/v1': {
    CustomResourceDefinition: { plural: 'customresourcedefinitions', namespaced: false },
  },
  [AIM_API_VERSION]: {
    AIMService: { plural: 'aimservices', namespaced: true },
    AIMModel: { plural: 'aimmodels', namespaced: true },
    AIMClusterModel: { plural: 'aimclustermodels', namespaced: false },
    AIMServiceTemplate: { plural: 'aimservicetemplates', namespaced: true },
    AIMClusterServiceTemplate: { plural: 'aimclusterservicetemplates', namespaced: false },
    AIMTemplateCache: { plural: 'aimtemplatecaches', namespaced: true },
    AIMArtifact: { plural: 'aimartifacts', namespaced: true },
    AIMRuntimeConfig: { plural: 'aimruntimeconfigs', namespaced: true },
    AIMClusterRuntimeConfig: { plural: 'aimclusterruntimeconfigs', namespaced: false },
    AIMClusterModelSource: { plural: 'aimclustermodelsources', namespaced: false },
  },
};

export class UnknownResourceError extends Error {
  constructor(gvk: GroupVersionKind) {
    super(
      `unknown resource kind ${gvk.kind} in ${gvk.apiVersion}: add it to shared/kube/resources.ts (no API discovery is done)`,
    );
    this.name = 'UnknownResourceError';
  }
}

/** REST facts for a kind; throws `UnknownResourceError` for kinds outside the table. */
export function resourceInfo(gvk: GroupVersionKind): ResourceInfo {
  const info = RESOURCE_TABLE[gvk.apiVersion]?.[gvk.kind];
  if (!info) throw new UnknownResourceError(gvk);
  return info;
}

export function isKnownKind(gvk: GroupVersionKind): boolean {
  return RESOURCE_TABLE[gvk.apiVersion]?.[gvk.kind] !== undefined;
}

/** Splits `group/version` (or core `v1`) into its parts; the core group is `''`. */
export function parseApiVersion(apiVersion: string): { group: string; version: string } {
  const slash = apiVersion.indexOf('/');
  if (slash < 0) return { group: '', version: apiVersion };
  return { group: apiVersion.slice(0, slash), version: apiVersion.slice(slash + 1) };
}

/** `plural.group` as the API server names a resource in messages (`aimservices.aim.eai.amd.com`, `pods`). */
export function qualifiedResourceName(gvk: GroupVersionKind): string {
  const { group } = parseApiVersion(gvk.apiVersion);
  const { plural } = resourceInfo(gvk);
  return group === '' ? plural : `${plural}.${group}`;
}

export interface ResourcePathTarget extends GroupVersionKind {
  /** Required for objects of namespaced kinds; omitted on a collection it means all namespaces. */
  namespace?: string;
  /** Omitted: the collection path. */
  name?: string;
  /** e.g. `status`, `log`; needs a name. */
  subresource?: string;
}

/**
 * URL path (no host, no query) of a collection, an object or an object's subresource.
 * A namespace given for a cluster-scoped kind is ignored, as the API server does.
 */
export function resourcePath(target: ResourcePathTarget): string {
  const info = resourceInfo(target);
  const { group, version } = parseApiVersion(target.apiVersion);
  const segments: string[] = group === '' ? ['api', version] : ['apis', group, version];
  if (info.namespaced && target.namespace) {
    segments.push('namespaces', target.namespace);
  } else if (info.namespaced && target.name !== undefined) {
    throw new Error(`${target.kind} ${target.name}: namespace is required for a namespaced kind`);
  }
  segments.push(info.plural);
  if (target.name !== undefined) {
    if (target.name === '') throw new Error(`${target.kind}: object name must not be empty`);
    segments.push(target.name);
    if (target.subresource) segments.push(target.subresource);
  } else if (target.subresource) {
    throw new Error(`${target.kind}: subresource ${target.subresource} needs an object name`);
  }
  return `/${segments.map(encodeURIComponent).join('/')}`;
}
