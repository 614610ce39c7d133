/** Limits, timings and defaults (upstream constants package; spec §4, §8.3–§8.6, §12.1, §14). */

/** Global cap on concurrently active discovery Jobs across all namespaces. */
export const MAX_CONCURRENT_DISCOVERY_JOBS = 10;

/** Discovery circuit breaker: backoff = base × 2^(attempts−1), capped at max (spec §8.6). */
export const DISCOVERY_BACKOFF_BASE_SECONDS = 60;
export const DISCOVERY_BACKOFF_MAX_SECONDS = 3600;

/** Discovery Job shape (spec §8.4). */
export const DISCOVERY_JOB_BACKOFF_LIMIT = 0;
export const DISCOVERY_JOB_TTL_SECONDS = 60;
/** Requeue delay when the discovery concurrency cap is reached. */
export const DISCOVERY_CAPACITY_REQUEUE_SECONDS = 5;

/** The Lease used as a cluster-wide lock around "count active jobs + create job" (spec §8.3). */
export const DISCOVERY_LEASE_NAME = 'aim-discovery-lock';
export const DISCOVERY_LEASE_DURATION_SECONDS = 30;
export const DISCOVERY_LOCK_POLL_MILLISECONDS = 100;
export const DISCOVERY_LOCK_ACQUIRE_TIMEOUT_SECONDS = 30;
/** Requeue delay when the lock could not be acquired in time. */
export const DISCOVERY_LOCK_RETRY_SECONDS = 2;

/** Kubernetes name limit applied to generated template names. */
export const TEMPLATE_NAME_MAX_LENGTH = 63;
/** Marks a derived template name: `<base>-ovr-…`. */
export const DERIVED_TEMPLATE_SUFFIX = '-ovr-';

/** Runtime config used when none is named. */
export const DEFAULT_RUNTIME_CONFIG_NAME = 'default';
/** Operator namespace when neither `AIM_SYSTEM_NAMESPACE` nor the service-account file says otherwise. */
export const DEFAULT_OPERATOR_NAMESPACE = 'aim-system';

/** Artifacts (spec §4.5, §12.1). */
export const DEFAULT_ARTIFACT_DOWNLOADER_IMAGE = 'ghcr.io/silogen/aim-artifact-downloader:0.2.0';
export const DEFAULT_PVC_HEADROOM_PERCENT = 10;
export const ARTIFACT_JOB_BACKOFF_LIMIT = 2;
export const CHECK_SIZE_JOB_TTL_SECONDS = 300;
export const DOWNLOAD_JOB_TTL_SECONDS = 600;
/** A check-size result must be within 1..2^50 bytes. */
export const CHECK_SIZE_MAX_BYTES = 2 ** 50;
/** Artifacts are re-read this often while Progressing, to pick up the downloader's progress patches. */
export const ARTIFACT_PROGRESS_POLL_SECONDS = 10;
/** Per-namespace RoleBinding (and its ClusterRole) that lets the downloader patch artifact status. */
export const ARTIFACT_STATUS_UPDATER_NAME = 'aim-engine-artifact-status-updater';

/** The state engine keeps a component's previous status this long after infrastructure errors start. */
export const DEPENDENCIES_REACHABLE_GRACE_SECONDS = 10;

/** Routing (spec §10.10). */
export const ROUTE_PATH_MAX_LENGTH = 200;

/** Registry of image references without one, and the AIMClusterModelSource default (spec §4.7, §14.3). */
export const DEFAULT_IMAGE_REGISTRY = 'docker.io';
/** AIMClusterModelSource default cap on created models (spec §4.7). */
export const DEFAULT_MODEL_SOURCE_MAX_MODELS = 100;
