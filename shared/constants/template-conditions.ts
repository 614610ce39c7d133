import { RUNTIME_CONFIG_COMPONENT } from './conditions.ts';

/** AIMServiceTemplate / AIMClusterServiceTemplate (spec §8). */
export const TEMPLATE_COMPONENTS = {
  runtimeConfig: RUNTIME_CONFIG_COMPONENT,
  model: 'Model',
  clusterModel: 'ClusterModel',
  discoveryJob: 'DiscoveryJob',
  discoveryPods: 'DiscoveryPods',
  gpu: 'GPU',
} as const;
export const TEMPLATE_REASONS = {
  imageNotSpecified: 'ImageNotSpecified',
  modelFailed: 'ModelFailed',
  clusterModelFailed: 'ClusterModelFailed',
  modelFound: 'ModelFound',
  clusterModelFound: 'ClusterModelFound',
  jobNotCreated: 'JobNotCreated',
  jobRunning: 'JobRunning',
  jobBackoffLimitExceeded: 'JobBackoffLimitExceeded',
  jobDeadlineExceeded: 'JobDeadlineExceeded',
  jobEvicted: 'JobEvicted',
  jobFailed: 'JobFailed',
  gpuAvailable: 'GPUAvailable',
  vramAvailable: 'VRAMAvailable',
  gpuNotAvailable: 'GPUNotAvailable',
  /** `spec.hardware.gpu.model` names no model of the §9.2 table and no node offers it (issue 14). */
  gpuModelUnknown: 'GPUModelUnknown',
  vramNotAvailable: 'VRAMNotAvailable',
  gpuCheckFailed: 'GPUCheckFailed',
  /** `Discovered` condition. */
  inlineModelSources: 'InlineModelSources',
  discoveryComplete: 'DiscoveryComplete',
  awaitingDiscovery: 'AwaitingDiscovery',
  /** `Discovered` and `DiscoveryJob` while a failed attempt waits out its backoff (seed docs). */
  discoveryFailed: 'DiscoveryFailed',
  /** The discovery job completed but its log holds no usable result (quirk 14 fixed). */
  discoveryOutputInvalid: 'DiscoveryOutputInvalid',
  /** The template's name cannot label its discovery job (label values are at most 63 characters). */
  templateNameNotLabelable: 'TemplateNameNotLabelable',
} as const;
