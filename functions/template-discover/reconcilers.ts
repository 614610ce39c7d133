/**
 * template-discover reconciles AIMServiceTemplate and AIMClusterServiceTemplate (discovery Jobs,
 * template-owned caches). Domain logic comes later; until then each kind runs the shell reconciler.
 */
import { CONTROLLER_NAMES } from '../../shared/constants/labels.ts';
import type { FunctionDefinition } from '../../shared/runtime/define-function.ts';
import { mapRuntimeConfigEvents } from '../../shared/runtime/runtime-config-dependents.ts';
import { shellReconciler } from '../../shared/runtime/shell-reconciler.ts';

const functionName = 'template-discover';

export const definition: FunctionDefinition = {
  name: functionName,
  reconcilers: [
    shellReconciler({
      functionName,
      kind: 'AIMServiceTemplate',
      controllerName: CONTROLLER_NAMES.serviceTemplate,
      runtimeConfigHealth: 'component',
    }),
    shellReconciler({
      functionName,
      kind: 'AIMClusterServiceTemplate',
      controllerName: CONTROLLER_NAMES.clusterServiceTemplate,
      runtimeConfigHealth: 'component',
    }),
  ],
  mapEvent: mapRuntimeConfigEvents,
};
