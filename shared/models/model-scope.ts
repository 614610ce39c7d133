/**
 * What differs between AIMModel and AIMClusterModel (spec §7): the template kind they generate,
 * the controller name, the templates component, where pull secrets live, and how the runtime
 * config and image metadata components are reported (cluster models treat them as upstream).
 */
import { AIM_API_VERSION } from '../api/group.ts';
import { CONTROLLER_NAMES, type ControllerName } from '../constants/labels.ts';
import { MODEL_COMPONENTS } from '../constants/model-conditions.ts';
import type { GroupVersionKind } from '../kube/types.ts';

export interface ModelScope {
  model: GroupVersionKind;
  template: GroupVersionKind;
  controllerName: ControllerName;
  templatesComponent: string;
  namespaced: boolean;
  /** RuntimeConfig and ImageMetadata components via `toUpstreamComponentHealth`. */
  upstreamComponents: boolean;
}

export const NAMESPACED_MODEL_SCOPE: ModelScope = {
  model: { apiVersion: AIM_API_VERSION, kind: 'AIMModel' },
  template: { apiVersion: AIM_API_VERSION, kind: 'AIMServiceTemplate' },
  controllerName: CONTROLLER_NAMES.model,
  templatesComponent: MODEL_COMPONENTS.serviceTemplates,
  namespaced: true,
  upstreamComponents: false,
};

export const CLUSTER_MODEL_SCOPE: ModelScope = {
  model: { apiVersion: AIM_API_VERSION, kind: 'AIMClusterModel' },
  template: { apiVersion: AIM_API_VERSION, kind: 'AIMClusterServiceTemplate' },
  controllerName: CONTROLLER_NAMES.clusterModel,
  templatesComponent: MODEL_COMPONENTS.clusterServiceTemplates,
  namespaced: false,
  upstreamComponents: true,
};

export const MODEL_SCOPES: readonly ModelScope[] = [NAMESPACED_MODEL_SCOPE, CLUSTER_MODEL_SCOPE];

/** The scope whose template kind is `kind`. */
export function scopeOfTemplateKind(kind: string): ModelScope | undefined {
  return MODEL_SCOPES.find((scope) => scope.template.kind === kind);
}
