/**
 * What isvc-render keeps in memory: the kinds it reconciles and those it reads on every reconcile.
 * Its role gets list and watch on each (permissions.ts).
 */
import { INFORMED } from '../../shared/cache/kinds.ts';
import type { InformedKind } from '../../shared/cache/object-cache.ts';

export const informedKinds: readonly InformedKind[] = [
  INFORMED.services,
  INFORMED.models,
  INFORMED.clusterModels,
  INFORMED.templates,
  INFORMED.clusterTemplates,
  INFORMED.templateCaches,
  INFORMED.runtimeConfigs,
  INFORMED.clusterRuntimeConfigs,
  INFORMED.inferenceServices,
  INFORMED.httpRoutes,
  INFORMED.predictorPods,
  INFORMED.inferenceServiceEvents,
  INFORMED.podEvents,
];
