/**
 * service-resolve resolves an AIMService's model, template and runtime config. AIMService has
 * several writers: this one applies only its own conditions and leaves the summary to isvc-render.
 * Domain logic comes later; until then the shell reconciler runs.
 */
import { componentConditionType, SERVICE_COMPONENTS } from '../../shared/constants/conditions.ts';
import { CONTROLLER_NAMES } from '../../shared/constants/labels.ts';
import type { FunctionDefinition } from '../../shared/runtime/define-function.ts';
import { mapRuntimeConfigEvents } from '../../shared/runtime/runtime-config-dependents.ts';
import { shellReconciler } from '../../shared/runtime/shell-reconciler.ts';

const functionName = 'service-resolve';

export const definition: FunctionDefinition = {
  name: functionName,
  reconcilers: [
    shellReconciler({
      functionName,
      kind: 'AIMService',
      controllerName: CONTROLLER_NAMES.service,
      runtimeConfigHealth: 'service',
      ownedConditionTypes: [
        SERVICE_COMPONENTS.model,
        SERVICE_COMPONENTS.template,
        SERVICE_COMPONENTS.runtimeConfig,
      ].map(componentConditionType),
      writesSummary: false,
    }),
  ],
  mapEvent: mapRuntimeConfigEvents,
};
