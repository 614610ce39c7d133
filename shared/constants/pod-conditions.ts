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

/**
 * The kubelet's routine pod events: one each per container start, on every pod of the cluster,
 * and never read (a Pending pod is explained by POD_PENDING_EVENT_REASONS, else by Pulling).
 */
export const ROUTINE_POD_EVENT_REASONS = ['Scheduled', 'Pulled', 'Created', 'Started'] as const;

/**
 * The pod events the functions read, as a field selector: what is kept in memory (the informer)
 * and what a live read asks for are the same, so the informer answers those reads.
 */
export const POD_EVENTS_FIELD_SELECTOR = [
  'involvedObject.kind=Pod',
  ...ROUTINE_POD_EVENT_REASONS.map((reason) => `reason!=${reason}`),
].join(',');
