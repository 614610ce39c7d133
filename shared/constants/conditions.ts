/**
 * Condition types and reasons, grouped by the kind or component that produces them
 * (spec §5.2–§5.3, §6, §7.5, §8.2, §8.8, §10.3–§10.9, §11.5, §12.3, §13).
 * A component `X` surfaces as the condition type `XReady`.
 */

/** Suffix turning a component name into its condition type. */
export const COMPONENT_CONDITION_SUFFIX = 'Ready';

export function componentConditionType(component: string): string {
  return `${component}${COMPONENT_CONDITION_SUFFIX}`;
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

/** The shared pods inspector: discovery pods, inference pods, artifact job pods (spec §10.8). */
export const POD_REASONS = {
  noPods: 'NoPods',
  imagePullAuthFailure: 'ImagePullAuthFailure',
  imageNotFound: 'ImageNotFound',
  imagePullBackOff: 'ImagePullBackOff',
  sourceNotFound: 'SourceNotFound',
  authError: 'AuthError',
  storageFull: 'StorageFull',
  podOOMKilled: 'PodOOMKilled',
  podFailed: 'PodFailed',
  podDeadlineExceeded: 'PodDeadlineExceeded',
  podEvicted: 'PodEvicted',
  podsReady: 'PodsReady',
  podsStarting: 'PodsStarting',
  podsPending: 'PodsPending',
  pulling: 'Pulling',
  podsProgressing: 'PodsProgressing',
  /** A container keeps crashing (restartPolicy Always); not blocking, the object is Degraded. */
  crashLoopBackOff: 'CrashLoopBackOff',
} as const;

/** Pod event reasons that explain a Pending pod (their reason becomes the condition reason). */
export const POD_PENDING_EVENT_REASONS = [
  'FailedScheduling',
  'FailedMount',
  'FailedAttachVolume',
  'FailedCreatePodSandBox',
] as const;

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

/** AIMService (spec §10). */
export const SERVICE_COMPONENTS = {
  runtimeConfig: RUNTIME_CONFIG_COMPONENT,
  model: 'Model',
  template: 'Template',
  cache: 'Cache',
  inferenceService: 'InferenceService',
  inferenceServicePods: 'InferenceServicePods',
  httpRoute: 'HTTPRoute',
  hpa: 'HPA',
} as const;
export const SERVICE_REASONS = {
  // Model (§10.3)
  creatingModel: 'CreatingModel',
  modelNotFound: 'ModelNotFound',
  modelResolved: 'ModelResolved',
  modelNotReady: 'ModelNotReady',
  invalidImageReference: 'InvalidImageReference',
  /** Several models carry the image of `spec.model.image` (the reason upstream leaves unnamed). */
  modelAmbiguous: 'ModelAmbiguous',
  // Template (§10.4)
  templateNotFound: 'TemplateNotFound',
  resolved: 'Resolved',
  templateNotReady: 'TemplateNotReady',
  templateSelectionAmbiguous: 'TemplateSelectionAmbiguous',
  // Cache (§10.6)
  cacheReady: 'CacheReady',
  cacheNotReady: 'CacheNotReady',
  cacheFailed: 'CacheFailed',
  cacheCreating: 'CacheCreating',
  cacheLost: 'CacheLost',
  // InferenceService (§10.8)
  creatingRuntime: 'CreatingRuntime',
  fetchError: 'FetchError',
  serverlessModeRejected: 'ServerlessModeRejected',
  internalError: 'InternalError',
  runtimeReady: 'RuntimeReady',
  // HTTPRoute (§10.8, §10.10)
  gatewayNotConfigured: 'GatewayNotConfigured',
  httpRouteCreating: 'HTTPRouteCreating',
  httpRouteFetchError: 'HTTPRouteFetchError',
  httpRouteAccepted: 'HTTPRouteAccepted',
  httpRoutePending: 'HTTPRoutePending',
  pathTemplateInvalid: 'PathTemplateInvalid',
  // HPA (§10.8)
  hpaNotFound: 'HPANotFound',
  hpaFetchError: 'HPAFetchError',
  waitingForMetrics: 'WaitingForMetrics',
  metricsFailed: 'MetricsFailed',
  scaleTargetNotReady: 'ScaleTargetNotReady',
  hpaOperational: 'HPAOperational',
  // isvc-render additions: service fields the InferenceService cannot carry (InvalidSpec).
  invalidInferenceServiceName: 'InvalidInferenceServiceName',
  invalidEnv: 'InvalidEnv',
  invalidResources: 'InvalidResources',
  invalidReplicas: 'InvalidReplicas',
  invalidRequestTimeout: 'InvalidRequestTimeout',
  /** KServe's `lastFailureInfo.reason` when it gives none. */
  modelLoadFailed: 'ModelLoadFailed',
  /** HTTPRoute / HPA conditions left from before the feature was switched off. */
  routingDisabled: 'RoutingDisabled',
  autoscalingDisabled: 'AutoscalingDisabled',
} as const;

/** Kubernetes Events isvc-render records on an AIMService besides condition transitions. */
export const SERVICE_EVENT_REASONS = {
  inferenceServiceCreated: 'InferenceServiceCreated',
  serviceRunning: 'ServiceRunning',
  serviceFailed: 'ServiceFailed',
} as const;

/** Why auto-selection rejected a candidate template (spec §10.4.1 diagnostics). */
export const TEMPLATE_REJECTION_REASONS = {
  templatePending: 'TemplatePending',
  templateProgressing: 'TemplateProgressing',
  templateNotAvailable: 'TemplateNotAvailable',
  templateDegraded: 'TemplateDegraded',
  templateFailed: 'TemplateFailed',
  templateNotReady: 'TemplateNotReady',
} as const;

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

/** AIMClusterModelSource (spec §13). */
export const MODEL_SOURCE_COMPONENTS = {
  existingModels: 'ExistingModels',
  filters: 'Filters',
} as const;
export const MODEL_SOURCE_REASONS = {
  allFiltersSucceeded: 'AllFiltersSucceeded',
  someFiltersFailed: 'SomeFiltersFailed',
  allFiltersFailed: 'AllFiltersFailed',
  noFilters: 'NoFilters',
  // Event when a sync created models
  modelsCreated: 'ModelsCreated',
  // A filter naming another registry than spec.registry
  registryMismatch: 'RegistryMismatch',
  // MaxModelsLimitReached condition
  limitReached: 'LimitReached',
  withinLimit: 'WithinLimit',
} as const;
