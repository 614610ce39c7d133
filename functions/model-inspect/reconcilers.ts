/**
 * model-inspect reconciles AIMModel and AIMClusterModel (image metadata, generated templates).
 * Domain logic comes later; until then each kind runs the shell reconciler.
 */
import { CONTROLLER_NAMES } from '../../shared/constants/labels.ts';
import type { FunctionDefinition } from '../../shared/runtime/define-function.ts';
import { mapRuntimeConfigEvents } from '../../shared/runtime/runtime-config-dependents.ts';
import { shellReconciler } from '../../shared/runtime/shell-reconciler.ts';

const functionName = 'model-inspect';

export const definition: FunctionDefinition = {
  name: functionName,
  reconcilers: [
    shellReconciler({
      functionName,
      kind: 'AIMModel',
      controllerName: CONTROLLER_NAMES.model,
      runtimeConfigHealth: 'component',
    }),
    shellReconciler({
      functionName,
      kind: 'AIMClusterModel',
      controllerName: CONTROLLER_NAMES.clusterModel,
      runtimeConfigHealth: 'upstream',
    }),
  ],
  mapEvent: mapRuntimeConfigEvents,
};
