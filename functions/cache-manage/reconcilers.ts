/**
 * cache-manage: AIMTemplateCache and AIMArtifact (model downloads into PVCs), and each AIMService's
 * template cache with its `CacheReady` condition. Domain logic lives in shared/caching/.
 */
import { artifactReconciler } from '../../shared/caching/artifact-reconciler.ts';
import { mapCacheManageEvents } from '../../shared/caching/event-mapping.ts';
import { serviceCacheReconciler } from '../../shared/caching/service-cache-reconciler.ts';
import { templateCacheReconciler } from '../../shared/caching/template-cache-reconciler.ts';
import type { FunctionDefinition } from '../../shared/runtime/define-function.ts';
import { informedKinds } from './informed-kinds.ts';

export const definition: FunctionDefinition = {
  informedKinds,
  name: 'cache-manage',
  reconcilers: [templateCacheReconciler(), artifactReconciler(), serviceCacheReconciler()],
  mapEvent: mapCacheManageEvents,
};
