/**
 * What differs between AIMServiceTemplate and AIMClusterServiceTemplate (spec §8): which model
 * kind they reference, the component and reasons naming it, where discovery runs, and the
 * controller name their children carry. Everything else is shared.
 */
import type { AIMClusterServiceTemplate } from '../api/aim-cluster-service-template.ts';
import type { AIMServiceTemplate } from '../api/aim-service-template.ts';
import type { TemplateScope as ApiTemplateScope } from '../api/common/references.ts';
import { AIM_API_VERSION } from '../api/group.ts';
import { CONTROLLER_NAMES, type ControllerName } from '../constants/labels.ts';
import { TEMPLATE_COMPONENTS, TEMPLATE_REASONS } from '../constants/template-conditions.ts';
import type { GroupVersionKind, ObjectKey } from '../kube/types.ts';

export type AnyTemplate = AIMServiceTemplate | AIMClusterServiceTemplate;

export interface TemplateScope {
  gvk: GroupVersionKind;
  scope: Extract<ApiTemplateScope, 'Namespace' | 'Cluster'>;
  controllerName: ControllerName;
  modelGvk: GroupVersionKind;
  /** `Model` / `ClusterModel`: the component, hence the condition `ModelReady` / `ClusterModelReady`. */
  modelComponent: string;
  modelFoundReason: string;
  modelFailedReason: string;
}

export const NAMESPACED_TEMPLATE: TemplateScope = {
  gvk: { apiVersion: AIM_API_VERSION, kind: 'AIMServiceTemplate' },
  scope: 'Namespace',
  controllerName: CONTROLLER_NAMES.serviceTemplate,
  modelGvk: { apiVersion: AIM_API_VERSION, kind: 'AIMModel' },
  modelComponent: TEMPLATE_COMPONENTS.model,
  modelFoundReason: TEMPLATE_REASONS.modelFound,
  modelFailedReason: TEMPLATE_REASONS.modelFailed,
};

export const CLUSTER_TEMPLATE: TemplateScope = {
  gvk: { apiVersion: AIM_API_VERSION, kind: 'AIMClusterServiceTemplate' },
  scope: 'Cluster',
  controllerName: CONTROLLER_NAMES.clusterServiceTemplate,
  modelGvk: { apiVersion: AIM_API_VERSION, kind: 'AIMClusterModel' },
  modelComponent: TEMPLATE_COMPONENTS.clusterModel,
  modelFoundReason: TEMPLATE_REASONS.clusterModelFound,
  modelFailedReason: TEMPLATE_REASONS.clusterModelFailed,
};

export const TEMPLATE_SCOPES: readonly TemplateScope[] = [NAMESPACED_TEMPLATE, CLUSTER_TEMPLATE];

/** A namespaced template uses the AIMModel of its own namespace only (quirk 22); a cluster one an AIMClusterModel. */
export function modelKey(scope: TemplateScope, template: AnyTemplate): ObjectKey {
  const key: ObjectKey = { ...scope.modelGvk, name: template.spec.modelName };
  if (scope.scope === 'Namespace' && template.metadata.namespace) key.namespace = template.metadata.namespace;
  return key;
}

/** Discovery runs in the template's namespace, or in the operator namespace for cluster templates. */
export function discoveryNamespace(
  scope: TemplateScope,
  template: AnyTemplate,
  operatorNamespace: string,
): string {
  return scope.scope === 'Namespace' ? (template.metadata.namespace ?? operatorNamespace) : operatorNamespace;
}

export function isCachingEnabled(template: AnyTemplate): boolean {
  return 'caching' in template.spec && template.spec.caching?.enabled === true;
}

export function hasInlineModelSources(template: AnyTemplate): boolean {
  return (template.spec.modelSources ?? []).length > 0;
}
