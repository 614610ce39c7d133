/**
 * What cache-manage keeps in memory: the kinds it reconciles and those it reads on every reconcile.
 * Its role gets list and watch on each (permissions.ts).
 */
import { INFORMED } from '../../shared/cache/kinds.ts';
import type { InformedKind } from '../../shared/cache/object-cache.ts';

export const informedKinds: readonly InformedKind[] = [
  INFORMED.templateCaches,
  INFORMED.artifacts,
  INFORMED.services,
  INFORMED.templates,
  INFORMED.clusterTemplates,
  INFORMED.runtimeConfigs,
  INFORMED.clusterRuntimeConfigs,
  INFORMED.persistentVolumeClaims,
  INFORMED.inferenceServices,
  INFORMED.artifactStatusUpdaterBindings,
  INFORMED.artifactJobs,
  INFORMED.artifactPods,
];
