/**
 * The Model / ClusterModel component of a template (spec §8.2). A missing model is a broken
 * reference (the template fails); a model with an empty image cannot be discovered; a failing
 * model drags the template down only when it fails for a reason of its own — not merely because
 * its templates are not ready, which would deadlock model and template on each other.
 */
import { CONDITION_TYPES, ERROR_REASONS } from '../constants/conditions.ts';
import { MODEL_COMPONENTS } from '../constants/model-conditions.ts';
import type { AIMStatus } from '../constants/status.ts';
import { TEMPLATE_REASONS } from '../constants/template-conditions.ts';
import { isNotFound } from '../kube/errors.ts';
import type { KubeObject } from '../kube/types.ts';
import { ERROR_CATEGORIES, StateError } from '../reconcile/categorize.ts';
import {
  type ComponentHealth,
  type FetchResult,
  fetchFailed,
  toUpstreamComponentHealth,
} from '../reconcile/health.ts';
import { quoteValue } from '../registry/reference.ts';
import { type AnyTemplate, modelKey, type TemplateScope } from './scope.ts';

/** The model conditions that say nothing about the model itself. */
const IGNORED_MODEL_CONDITIONS: readonly string[] = [
  CONDITION_TYPES.ready,
  `${MODEL_COMPONENTS.serviceTemplates}Ready`,
  `${MODEL_COMPONENTS.clusterServiceTemplates}Ready`,
];

interface ModelCondition {
  type?: unknown;
  status?: unknown;
  reason?: unknown;
  message?: unknown;
}

function ownFailure(model: KubeObject): ModelCondition | undefined {
  const conditions: unknown = model.status?.conditions;
  if (!Array.isArray(conditions)) return undefined;
  return (conditions as ModelCondition[]).find(
    (condition) =>
      typeof condition.type === 'string' &&
      condition.type.endsWith('Ready') &&
      !IGNORED_MODEL_CONDITIONS.includes(condition.type) &&
      condition.status === 'False',
  );
}

/**
 * A model that does not exist: still the blocking ReferenceNotFound of spec §8.2 / quirk 22, with
 * a message naming the field, its value and where it was looked for (issue 14).
 */
function modelNotFound(scope: TemplateScope, template: AnyTemplate, cause: unknown): StateError {
  const key = modelKey(scope, template);
  const where = key.namespace === undefined ? '' : ` in namespace ${JSON.stringify(key.namespace)}`;
  const hint =
    key.namespace === undefined
      ? ''
      : ' (a namespaced template refers to an AIMModel of its own namespace, never to an AIMClusterModel)';
  return new StateError(
    ERROR_CATEGORIES.missingUpstreamDependency,
    ERROR_REASONS.referenceNotFound,
    `spec.modelName ${quoteValue(template.spec.modelName)}: ${key.kind} not found${where}${hint}`,
    { cause },
  );
}

export function modelHealth(
  scope: TemplateScope,
  template: AnyTemplate,
  model: FetchResult<KubeObject>,
): ComponentHealth {
  const result =
    !model.ok && isNotFound(model.error) ? fetchFailed(modelNotFound(scope, template, model.error)) : model;
  return toUpstreamComponentHealth(scope.modelComponent, result, (value) => {
    const name = value.metadata.name;
    const image: unknown = value.spec?.image;
    if (typeof image !== 'string' || image.trim() === '') {
      return {
        errors: [
          new StateError(
            ERROR_CATEGORIES.invalidSpec,
            TEMPLATE_REASONS.imageNotSpecified,
            `${value.kind} ${name} does not specify an image`,
          ),
        ],
      };
    }
    const status: unknown = value.status?.status;
    const failing = status === 'Failed' || status === 'Degraded' ? ownFailure(value) : undefined;
    if (failing !== undefined) {
      const detail =
        typeof failing.message === 'string' && failing.message !== '' ? `: ${failing.message}` : '';
      return {
        state: status as AIMStatus,
        reason: scope.modelFailedReason,
        message: `${value.kind} ${name} is ${String(status)} (${String(failing.type)} ${String(failing.reason ?? '')})${detail}`,
      };
    }
    return { reason: scope.modelFoundReason, message: `${value.kind} ${name} found` };
  });
}
