/** The KServe InferenceService the operator renders (spec §10.7). */
export const INFERENCE_SERVICE = {
  apiVersion: 'serving.kserve.io/v1beta1',
  kind: 'InferenceService',
  containerName: 'kserve-container',
  httpPort: 8000,
  httpPortName: 'http',
  /** Port of the KServe predictor Service, the HTTPRoute's backend. */
  gatewayPort: 80,
  sharedMemoryVolume: 'dshm',
  sharedMemoryMountPath: '/dev/shm',
  sharedMemorySize: '8Gi',
  modelStorageVolume: 'model-storage',
  /** Base directory of cached models inside the container (`AIM_CACHE_PATH`). */
  cacheBasePath: '/workspace/cache',
  /** KServe names the predictor Service `<isvc>-predictor`. */
  predictorServiceSuffix: '-predictor',
  /** KEDA names its HPA `keda-hpa-<isvc>-predictor`. */
  kedaHpaPrefix: 'keda-hpa-',
} as const;

/** Default extended-resource name of AMD GPUs. */
export const DEFAULT_GPU_RESOURCE_NAME = 'amd.com/gpu';

/** KServe / OpenTelemetry / Prometheus annotation keys on the InferenceService. */
export const KSERVE_ANNOTATIONS = {
  autoscalerClass: 'serving.kserve.io/autoscalerClass',
  deploymentMode: 'serving.kserve.io/deploymentMode',
  otelSidecarInject: 'sidecar.opentelemetry.io/inject',
  prometheusPort: 'prometheus.kserve.io/port',
} as const;

/** Values of `serving.kserve.io/autoscalerClass` the operator writes. */
export const AUTOSCALER_CLASSES = {
  none: 'none',
  keda: 'keda',
} as const;

/** vLLM serves its metrics on the HTTP port. */
export const DEFAULT_PROMETHEUS_PORT = '8000';

/** Label KServe puts on predictor pods. */
export const KSERVE_LABELS = {
  inferenceService: 'serving.kserve.io/inferenceservice',
} as const;
