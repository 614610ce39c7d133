/**
 * isvc-render renders an AIMService's InferenceService, HTTPRoute and autoscaling, and is the one
 * writer of the AIMService summary (status.status, Ready, observedGeneration) derived from every
 * writer's conditions. Domain logic comes later; until then the shell reconciler runs.
 */
import { componentConditionType, SERVICE_COMPONENTS } from '../../shared/constants/conditions.ts';
import { CONTROLLER_NAMES } from '../../shared/constants/labels.ts';
import { aimServiceStatus } from '../../shared/reconcile/service-status.ts';
import type { FunctionDefinition } from '../../shared/runtime/define-function.ts';
import { mapRuntimeConfigEvents } from '../../shared/runtime/runtime-config-dependents.ts';
import { shellReconciler } from '../../shared/runtime/shell-reconciler.ts';

const functionName = 'isvc-render';

export const definition: FunctionDefinition = {
  name: functionName,
  reconcilers: [
    shellReconciler({
      functionName,
      kind: 'AIMService',
      controllerName: CONTROLLER_NAMES.service,
      runtimeConfigHealth: 'service',
      ownedConditionTypes: [
        SERVICE_COMPONENTS.inferenceService,
        SERVICE_COMPONENTS.inferenceServicePods,
        SERVICE_COMPONENTS.httpRoute,
        SERVICE_COMPONENTS.hpa,
      ].map(componentConditionType),
      statusMapping: aimServiceStatus,
    }),
  ],
  mapEvent: mapRuntimeConfigEvents,
};
