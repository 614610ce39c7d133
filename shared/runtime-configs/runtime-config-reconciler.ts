/**
 * AIMRuntimeConfig and AIMClusterRuntimeConfig: upstream never writes their status (spec §4.6),
 * but every object the API accepts must get `status.observedGeneration` and a top-level status
 * (issue 14). The reconciler reads nothing and creates nothing: the pipeline validates the
 * schema, this checks what the schema cannot (spec-problems.ts), and the state engine writes
 * `Ready`, or `Failed` with a `SpecReady` condition naming the field and the value.
 */
import type { AIMRuntimeConfig } from '../api/aim-runtime-config.ts';
import { AIM_KINDS } from '../api/kinds.ts';
import { CONTROLLER_NAMES } from '../constants/labels.ts';
import {
  RUNTIME_CONFIG_SPEC_COMPONENT,
  RUNTIME_CONFIG_SPEC_REASONS,
} from '../constants/runtime-config-conditions.ts';
import { ERROR_CATEGORIES, StateError } from '../reconcile/categorize.ts';
import type { ComponentHealth } from '../reconcile/health.ts';
import type { KindReconciler } from '../reconcile/pipeline.ts';
import { emptyPlan } from '../reconcile/plan.ts';
import { runtimeConfigProblems } from './spec-problems.ts';

/** Pure: the one component a runtime config reports. */
export function runtimeConfigSpecHealth(config: Pick<AIMRuntimeConfig, 'spec'>): ComponentHealth {
  const problems = runtimeConfigProblems(config.spec);
  if (problems.length === 0) {
    return {
      component: RUNTIME_CONFIG_SPEC_COMPONENT,
      reason: RUNTIME_CONFIG_SPEC_REASONS.valid,
      message: 'the runtime config is valid',
      errors: [],
    };
  }
  return {
    component: RUNTIME_CONFIG_SPEC_COMPONENT,
    errors: problems.map(
      (problem) => new StateError(ERROR_CATEGORIES.invalidSpec, problem.reason, problem.message),
    ),
    message: problems.map((problem) => problem.message).join('; '),
  };
}

function reconcilerFor(
  kind: 'AIMRuntimeConfig' | 'AIMClusterRuntimeConfig',
): KindReconciler<AIMRuntimeConfig, undefined> {
  const definition = AIM_KINDS[kind];
  return {
    gvk: { apiVersion: definition.apiVersion, kind: definition.kind },
    schema: (() => definition.schema) as KindReconciler<AIMRuntimeConfig, undefined>['schema'],
    controllerName:
      kind === 'AIMRuntimeConfig' ? CONTROLLER_NAMES.runtimeConfig : CONTROLLER_NAMES.clusterRuntimeConfig,
    fetch: async () => undefined,
    plan: () => emptyPlan(),
    health: (config) => [runtimeConfigSpecHealth(config)],
  };
}

export const runtimeConfigReconciler = reconcilerFor('AIMRuntimeConfig');
export const clusterRuntimeConfigReconciler = reconcilerFor('AIMClusterRuntimeConfig');
