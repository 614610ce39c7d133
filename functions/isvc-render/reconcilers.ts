/**
 * isvc-render renders an AIMService's InferenceService and HTTPRoute, reports their health, and is
 * the one writer of the AIMService summary (status.status, Ready, observedGeneration) derived from
 * every writer's conditions. Domain logic: shared/inference/.
 */
import { mapIsvcRenderEvents } from '../../shared/inference/event-mapping.ts';
import { isvcRenderReconciler } from '../../shared/inference/render-reconciler.ts';
import type { FunctionDefinition } from '../../shared/runtime/define-function.ts';
import { informedKinds } from './informed-kinds.ts';

export const definition: FunctionDefinition = {
  informedKinds,
  name: 'isvc-render',
  reconcilers: [isvcRenderReconciler()],
  mapEvent: mapIsvcRenderEvents,
};
