/**
 * cache-manage reconciles AIMTemplateCache and AIMArtifact (model downloads to PVCs); the
 * AIMService `CacheReady` condition joins later. Domain logic comes later; until then each kind
 * runs the shell reconciler.
 */
import { CONTROLLER_NAMES } from '../../shared/constants/labels.ts';
import type { FunctionDefinition } from '../../shared/runtime/define-function.ts';
import { mapRuntimeConfigEvents } from '../../shared/runtime/runtime-config-dependents.ts';
import { shellReconciler } from '../../shared/runtime/shell-reconciler.ts';

const functionName = 'cache-manage';

export const definition: FunctionDefinition = {
  name: functionName,
  reconcilers: [
    shellReconciler({
      functionName,
      kind: 'AIMTemplateCache',
      controllerName: CONTROLLER_NAMES.templateCache,
      runtimeConfigHealth: 'upstream',
    }),
    shellReconciler({
      functionName,
      kind: 'AIMArtifact',
      controllerName: CONTROLLER_NAMES.artifact,
      runtimeConfigHealth: 'upstream',
    }),
  ],
  mapEvent: mapRuntimeConfigEvents,
};
