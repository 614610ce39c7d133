export { createKubeClient, type KubeClientOptions, loadKubeConfig } from './client.ts';
export {
  classifyHttpError,
  classifyNetworkError,
  isAlreadyExists,
  isConflict,
  isKubeError,
  isNotFound,
  isRetryable,
  KubeError,
  type KubeErrorDetails,
  type StatusCause,
} from './errors.ts';
export { createEventRecorder, type KubeEventRecorder, type KubeEventType } from './event-recorder.ts';
export {
  describeObject,
  gvkOf,
  gvkString,
  isValidLabelKey,
  isValidLabelValue,
  labelSelector,
  objectKey,
} from './objects.ts';
export {
  controllerOf,
  controllerOwnerReference,
  hasOwner,
  isControlledBy,
  upsertOwnerReference,
} from './owner.ts';
export {
  AIM_API_VERSION,
  isKnownKind,
  parseApiVersion,
  qualifiedResourceName,
  type ResourceInfo,
  resourceInfo,
  resourcePath,
  UnknownResourceError,
} from './resources.ts';
export { type BackoffOptions, retryOnConflict, withTransientRetry } from './retry.ts';
export {
  type FieldRequirement,
  type LabelRequirement,
  matchesFieldSelector,
  matchesLabelRequirements,
  matchesLabelSelector,
  parseFieldSelector,
  parseLabelSelector,
} from './selectors.ts';
export { DEFAULT_REQUEST_TIMEOUT_MS } from './transport.ts';
export type * from './types.ts';
