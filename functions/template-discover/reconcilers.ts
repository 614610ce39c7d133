/**
 * template-discover reconciles AIMServiceTemplate and AIMClusterServiceTemplate: model and runtime
 * config resolution, GPU availability, discovery Jobs under the global limit, template-owned
 * caches. The domain logic lives in shared/templates.
 */
import type { FunctionDefinition } from '../../shared/runtime/define-function.ts';
import { WAITING_RECONCILE_CONCURRENCY } from '../../shared/runtime/reconcile-concurrency.ts';
import { createDiscoveryLimiter } from '../../shared/templates/discovery-limiter.ts';
import { createTemplateEventMapper } from '../../shared/templates/event-mapping.ts';
import { templateReconcilers } from '../../shared/templates/reconciler.ts';
import { informedKinds } from './informed-kinds.ts';

const limiter = createDiscoveryLimiter();

export const definition: FunctionDefinition = {
  informedKinds,
  name: 'template-discover',
  reconcilers: templateReconcilers(limiter),
  mapEvent: createTemplateEventMapper({ limiter }),
  // Discovery reconciles wait on the cluster-wide lock and their Jobs (3–6 requests each).
  reconcileConcurrency: WAITING_RECONCILE_CONCURRENCY,
};
