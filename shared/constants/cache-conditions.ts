import { RUNTIME_CONFIG_COMPONENT } from './conditions.ts';

/** AIMTemplateCache (spec §11.5). */
export const TEMPLATE_CACHE_COMPONENTS = {
  runtimeConfig: RUNTIME_CONFIG_COMPONENT,
  serviceTemplate: 'ServiceTemplate',
  artifacts: 'Artifacts',
} as const;
export const TEMPLATE_CACHE_REASONS = {
  referenceNotFound: 'ReferenceNotFound',
  resourceFound: 'ResourceFound',
  creatingCaches: 'CreatingCaches',
  allCachesReady: 'AllCachesReady',
  cachesNotReady: 'CachesNotReady',
  noCaches: 'NoCaches',
} as const;

/** AIMArtifact (spec §12.3). */
export const ARTIFACT_COMPONENTS = {
  runtimeConfig: RUNTIME_CONFIG_COMPONENT,
  checkSizeJob: 'CheckSizeJob',
  checkSizeJobPods: 'CheckSizeJobPods',
  checkSizeOutput: 'CheckSizeOutput',
  cachePvc: 'CachePvc',
  downloadJob: 'DownloadJob',
  downloadJobPods: 'DownloadJobPods',
} as const;
export const ARTIFACT_REASONS = {
  invalidSizeOutput: 'InvalidSizeOutput',
  pvcLost: 'PvcLost',
  pvcPending: 'PvcPending',
  resourceNotReady: 'ResourceNotReady',
  // DownloadComplete condition
  verified: 'Verified',
  verificationFailed: 'VerificationFailed',
  downloading: 'Downloading',
  verifying: 'Verifying',
} as const;
