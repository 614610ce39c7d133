/**
 * Reasons of the shared pods inspector (spec §10.8), which judges discovery pods, inference pods
 * and artifact job pods alike.
 */
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
