/**
 * model-inspect reconciles AIMModel and AIMClusterModel: image metadata from the registry (or the
 * spec), generated templates, and status. Template and runtime-config events reach the models
 * they concern. The domain logic lives in shared/models and shared/registry.
 */
import { modelRequestsForEvent } from '../../shared/models/model-event-mapping.ts';
import { createModelReconcilers, type ModelDependencies } from '../../shared/models/model-reconciler.ts';
import type { FunctionDefinition } from '../../shared/runtime/define-function.ts';
import { informedKinds } from './informed-kinds.ts';

/** The function with its registry access replaceable (tests, benchmarks). */
export function modelInspectDefinition(dependencies: Partial<ModelDependencies> = {}): FunctionDefinition {
  const reconcilers = createModelReconcilers(dependencies);
  return {
    name: 'model-inspect',
    informedKinds,
    reconcilers: [reconcilers.namespaced, reconcilers.cluster],
    mapEvent: modelRequestsForEvent,
  };
}

export const definition: FunctionDefinition = modelInspectDefinition();
