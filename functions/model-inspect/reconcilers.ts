/**
 * model-inspect reconciles AIMModel and AIMClusterModel: image metadata from the registry (or the
 * spec), generated templates, and status. Template and runtime-config events reach the models
 * they concern. It also reconciles AIMClusterModelSource, which lists a registry and creates
 * AIMClusterModels. The domain logic lives in shared/models, shared/model-sources and
 * shared/registry.
 */

import { sourceRequestsForEvent } from '../../shared/model-sources/source-event-mapping.ts';
import {
  createModelSourceReconciler,
  type ModelSourceDependencies,
} from '../../shared/model-sources/source-reconciler.ts';
import { modelRequestsForEvent } from '../../shared/models/model-event-mapping.ts';
import { createModelReconcilers, type ModelDependencies } from '../../shared/models/model-reconciler.ts';
import type { FunctionDefinition } from '../../shared/runtime/define-function.ts';
import { WAITING_RECONCILE_CONCURRENCY } from '../../shared/runtime/reconcile-concurrency.ts';
import { informedKinds } from './informed-kinds.ts';

export interface ModelInspectDependencies extends Partial<ModelDependencies> {
  modelSources?: Partial<ModelSourceDependencies>;
}

/** The function with its registry access replaceable (tests, benchmarks). */
export function modelInspectDefinition(dependencies: ModelInspectDependencies = {}): FunctionDefinition {
  const { modelSources, ...modelDependencies } = dependencies;
  const reconcilers = createModelReconcilers(modelDependencies);
  return {
    name: 'model-inspect',
    informedKinds,
    reconcilers: [reconcilers.namespaced, reconcilers.cluster, createModelSourceReconciler(modelSources)],
    mapEvent: async (ctx, event) => [
      ...(await modelRequestsForEvent(ctx, event)),
      ...sourceRequestsForEvent(event),
    ],
    // Inspections wait on registries (each host limited apart, AIM_REGISTRY_CONCURRENCY).
    reconcileConcurrency: WAITING_RECONCILE_CONCURRENCY,
  };
}

export const definition: FunctionDefinition = modelInspectDefinition();
