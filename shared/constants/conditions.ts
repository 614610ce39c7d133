/**
 * Condition types and reasons every kind shares: the state engine's own (spec §5.2–§5.3) and the
 * RuntimeConfig component's (§6). Each kind's components and reasons live in `<kind>-conditions.ts`
 * beside this file; pods' in `pod-conditions.ts`.
 * A component `X` surfaces as the condition type `XReady`.
 */

/** Suffix turning a component name into its condition type. */
export const COMPONENT_CONDITION_SUFFIX = 'Ready';

export function componentConditionType(component: string): string {
  return `${component}${COMPONENT_CONDITION_SUFFIX}`;
}

/** The component behind a `<X>Ready` condition type, or undefined for any other condition. */
export function conditionComponent(type: string): string | undefined {
  if (!type.endsWith(COMPONENT_CONDITION_SUFFIX) || NON_COMPONENT_CONDITION_TYPES.includes(type))
    return undefined;
  return type.slice(0, -COMPONENT_CONDITION_SUFFIX.length);
}

/** Condition types written by the state engine itself, and the domain ones not tied to a component. */
export const CONDITION_TYPES = {
  ready: 'Ready',
  dependenciesReachable: 'DependenciesReachable',
  authValid: 'AuthValid',
  configValid: 'ConfigValid',
  /** Templates. */
  discovered: 'Discovered',
  /** Artifacts. */
  downloadComplete: 'DownloadComplete',
  /** Cluster model sources. */
  maxModelsLimitReached: 'MaxModelsLimitReached',
} as const;

/** Condition types the state engine excludes when it scans `*Ready` component conditions. */
export const NON_COMPONENT_CONDITION_TYPES: readonly string[] = [
  CONDITION_TYPES.ready,
  CONDITION_TYPES.dependenciesReachable,
  CONDITION_TYPES.authValid,
  CONDITION_TYPES.configValid,
];

/** Reasons set by the state engine (spec §5.3). */
export const STATE_ENGINE_REASONS = {
  infrastructureError: 'InfrastructureError',
  reachable: 'Reachable',
  authError: 'AuthError',
  authenticationValid: 'AuthenticationValid',
  invalidSpec: 'InvalidSpec',
  referenceNotFound: 'ReferenceNotFound',
  configurationValid: 'ConfigurationValid',
  allComponentsReady: 'AllComponentsReady',
  progressing: 'Progressing',
  /** A component without errors and without an explicit reason. */
  ready: 'Ready',
} as const;

/** Reasons `categorizeError` assigns (spec §5.2) and the fetch helpers' wrappers. */
export const ERROR_REASONS = {
  notFound: 'NotFound',
  unauthorized: 'Unauthorized',
  forbidden: 'Forbidden',
  invalidSpec: 'InvalidSpec',
  alreadyExists: 'AlreadyExists',
  conflict: 'Conflict',
  timeout: 'Timeout',
  serviceUnavailable: 'ServiceUnavailable',
  rateLimited: 'RateLimited',
  serverError: 'ServerError',
  clientError: 'ClientError',
  connectionRefused: 'ConnectionRefused',
  networkTimeout: 'NetworkTimeout',
  connectionReset: 'ConnectionReset',
  dnsFailure: 'DNSFailure',
  networkError: 'NetworkError',
  unknownError: 'UnknownError',
  /** An admission webhook (KServe's validator) refused the object the function wrote. */
  admissionDenied: 'AdmissionDenied',
  /** toUpstreamComponentHealth on NotFound. */
  referenceNotFound: 'ReferenceNotFound',
  /** toDownstreamComponentHealth on NotFound. */
  resourceNotReady: 'ResourceNotReady',
} as const;

/** Reasons shared across kinds in the upstream constants package. */
export const SHARED_REASONS = {
  imagePullAuthFailure: 'ImagePullAuthFailure',
  imageNotFound: 'ImageNotFound',
  imagePullBackOff: 'ImagePullBackOff',
  notFound: 'NotFound',
  notReady: 'NotReady',
  creating: 'Creating',
  resolved: 'Resolved',
  pvcProvisioning: 'PVCProvisioning',
  pvcBound: 'PVCBound',
  pvcNotBound: 'PVCNotBound',
  pvcPending: 'PVCPending',
  pvcLost: 'PVCLost',
  retryBackoff: 'RetryBackoff',
  failed: 'Failed',
} as const;

/** The `RuntimeConfig` component (spec §6). */
export const RUNTIME_CONFIG_COMPONENT = 'RuntimeConfig';
export const RUNTIME_CONFIG_REASONS = {
  configFound: 'ConfigFound',
  defaultConfigNotFound: 'DefaultConfigNotFound',
  configNotFound: 'ConfigNotFound',
  /** AIMService's variant of "found". */
  runtimeConfigResolved: 'RuntimeConfigResolved',
} as const;
