/**
 * service-resolve resolves an AIMService's model, template and runtime config. AIMService has
 * several writers: this one applies only its own conditions and status fields and leaves the
 * summary to isvc-render. Events: the service itself, the models and templates it could resolve
 * to, and the runtime configs it uses. It also gives the runtime configs themselves a status
 * (the function that reads them; runtime-config-reconciler.ts).
 */

import type { EventMapper, FunctionDefinition } from '../../shared/runtime/define-function.ts';
import { runtimeConfigDependents } from '../../shared/runtime/runtime-config-dependents.ts';
import {
  clusterRuntimeConfigReconciler,
  runtimeConfigReconciler,
} from '../../shared/runtime-configs/runtime-config-reconciler.ts';
import { serviceDependents } from '../../shared/service-resolution/dependents.ts';
import { serviceResolveReconciler } from '../../shared/service-resolution/service-reconciler.ts';
import { informedKinds } from './informed-kinds.ts';

const mapEvent: EventMapper = async (ctx, event) => [
  ...(await runtimeConfigDependents(ctx.client, ctx.owned, event)),
  ...(await serviceDependents(ctx.client, event)),
];

export const definition: FunctionDefinition = {
  informedKinds,
  name: 'service-resolve',
  reconcilers: [serviceResolveReconciler, runtimeConfigReconciler, clusterRuntimeConfigReconciler],
  mapEvent,
};
