import { RUNTIME_CONFIG_COMPONENT } from './conditions.ts';

/** AIMModel / AIMClusterModel (spec §7). */
export const MODEL_COMPONENTS = {
  runtimeConfig: RUNTIME_CONFIG_COMPONENT,
  imageMetadata: 'ImageMetadata',
  serviceTemplates: 'ServiceTemplates',
  clusterServiceTemplates: 'ClusterServiceTemplates',
} as const;
export const MODEL_REASONS = {
  imageMetadataFound: 'ImageMetadataFound',
  imageFound: 'ImageFound',
  secretNotFound: 'SecretNotFound',
  secretAccessFailed: 'SecretAccessFailed',
  awaitingMetadata: 'AwaitingMetadata',
  creatingTemplates: 'CreatingTemplates',
  noTemplatesExpected: 'NoTemplatesExpected',
  allTemplatesReady: 'AllTemplatesReady',
  allTemplatesFailed: 'AllTemplatesFailed',
  noTemplatesAvailable: 'NoTemplatesAvailable',
  someTemplatesDegraded: 'SomeTemplatesDegraded',
  templatesProgressing: 'TemplatesProgressing',
  someTemplatesReady: 'SomeTemplatesReady',
  // Registry inspection failures (the condition names which; all are retried with backoff).
  imageNotFound: 'ImageNotFound',
  imagePullAuthFailure: 'ImagePullAuthFailure',
  imageRegistryError: 'ImageRegistryError',
  imageRegistryUnreachable: 'ImageRegistryUnreachable',
  imageRegistryRateLimited: 'ImageRegistryRateLimited',
  invalidImageReference: 'InvalidImageReference',
  /** Labels that cannot be turned into metadata (bad recommendedDeployments, oversized values). */
  invalidImageMetadata: 'InvalidImageMetadata',
  /** An image pull secret that is not a readable docker config. */
  invalidPullSecret: 'InvalidPullSecret',
} as const;
