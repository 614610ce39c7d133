import { RUNTIME_CONFIG_COMPONENT } from './conditions.ts';

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
  /** Auto-selection waits for a template still being discovered that could win (a product addition). */
  awaitingCandidate: 'AwaitingCandidate',
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
