/** Environment variable names the operator sets or reads (spec §15.4, §8.4, §12.1). */
export const ENV = {
  // Inference container (spec §10.7.1).
  aimCachePath: 'AIM_CACHE_PATH',
  vllmEnableMetrics: 'VLLM_ENABLE_METRICS',
  aimProfileId: 'AIM_PROFILE_ID',
  aimMetric: 'AIM_METRIC',
  aimPrecision: 'AIM_PRECISION',
  aimModelId: 'AIM_MODEL_ID',
  /** JSON object deep-merged across runtime config, template and service env. */
  aimEngineArgs: 'AIM_ENGINE_ARGS',

  // Discovery job (spec §8.4).
  aimLogLevelRoot: 'AIM_LOG_LEVEL_ROOT',
  aimLogLevel: 'AIM_LOG_LEVEL',
  aimGpuModel: 'AIM_GPU_MODEL',
  aimGpuCount: 'AIM_GPU_COUNT',

  // Artifact download job (spec §12.1).
  downloaderProtocol: 'AIM_DOWNLOADER_PROTOCOL',
  tmpDir: 'TMPDIR',
  hfHome: 'HF_HOME',
  expectedSizeBytes: 'EXPECTED_SIZE_BYTES',
  mountPath: 'MOUNT_PATH',
  artifactName: 'ARTIFACT_NAME',
  artifactNamespace: 'ARTIFACT_NAMESPACE',
  stallTimeout: 'STALL_TIMEOUT',
  targetDir: 'TARGET_DIR',

  /** Part of a custom model's identity (spec §10.3, §14.3). */
  awsEndpointUrl: 'AWS_ENDPOINT_URL',

  // Operator process (spec §1).
  systemNamespace: 'AIM_SYSTEM_NAMESPACE',
  podName: 'POD_NAME',
} as const;

/** Values the operator writes for some of the variables above. */
export const ENV_VALUES = {
  /** Silences the AIM runtime so the discovery job's stdout is its JSON output. */
  discoveryLogLevel: 'CRITICAL',
  vllmEnableMetrics: 'true',
  downloaderProtocols: 'XET,HF_TRANSFER',
  downloadTmpDir: '/tmp/',
  downloadHfHome: '/tmp/.hf',
  downloadMountPath: '/cache',
  downloadStallTimeoutSeconds: '120',
} as const;
