/**
 * Components of an artifact (spec §12.3): runtime config; while the size is unknown the check-size
 * Job, its pods and its output; once known the PVC and, until Ready, the download Job and its pods.
 * `StorageSize` (an addition) says when no usable size exists and none can be discovered.
 */
import { ARTIFACT_COMPONENTS, ARTIFACT_REASONS } from '../constants/cache-conditions.ts';
import { ERROR_REASONS, SHARED_REASONS } from '../constants/conditions.ts';
import { POD_REASONS } from '../constants/pod-conditions.ts';
import type { KubeObject } from '../kube/types.ts';
import { ERROR_CATEGORIES, StateError } from '../reconcile/categorize.ts';
import {
  type ComponentHealth,
  DEPENDENCY_TYPES,
  type FetchResult,
  type HealthInspection,
} from '../reconcile/health.ts';
import { runtimeConfigHealth } from '../reconcile/runtime-config.ts';
import { inspectJob, jobFailure, jobPhase } from '../workloads/job-inspector.ts';
import type { PodsObservation } from '../workloads/observe-pods.ts';
import { inspectPods } from '../workloads/pods-inspector.ts';
import type { ArtifactFetched, JobObservation } from './artifact-fetch.ts';

export const STORAGE_SIZE_COMPONENT = 'StorageSize';
export const STORAGE_SIZE_ERROR_REASON = 'StorageSizeError';

const downstream = DEPENDENCY_TYPES.downstream;

function component(name: string, inspection: HealthInspection): ComponentHealth {
  return { ...inspection, component: name, errors: inspection.errors ?? [], dependencyType: downstream };
}

function failed(name: string, error: unknown): ComponentHealth {
  return { component: name, errors: [error], dependencyType: downstream };
}

function notCreated(name: string, what: string): ComponentHealth {
  return failed(
    name,
    new StateError(
      ERROR_CATEGORIES.missingDownstreamDependency,
      ERROR_REASONS.resourceNotReady,
      `${what} not created yet`,
    ),
  );
}

function jobHealth(name: string, observation: JobObservation, what: string): ComponentHealth {
  const { job } = observation;
  if (!job.ok) return failed(name, job.error);
  if (job.value === undefined) return notCreated(name, `${what} ${observation.name}`);
  return component(name, inspectJob(job.value));
}

function podsHealth(name: string, pods: FetchResult<PodsObservation>): ComponentHealth {
  return pods.ok ? component(name, inspectPods(pods.value)) : failed(name, pods.error);
}

export function storageSizeError(message: string): ComponentHealth {
  return {
    component: STORAGE_SIZE_COMPONENT,
    state: 'Failed',
    reason: STORAGE_SIZE_ERROR_REASON,
    message,
    errors: [],
    dependencyType: downstream,
  };
}

function checkSizeHealth(fetched: ArtifactFetched): ComponentHealth[] {
  const checkSize = fetched.checkSize;
  if (checkSize === undefined) return [];
  const health = [jobHealth(ARTIFACT_COMPONENTS.checkSizeJob, checkSize, 'Check-size job')];
  if (checkSize.pods !== undefined)
    health.push(podsHealth(ARTIFACT_COMPONENTS.checkSizeJobPods, checkSize.pods));
  if (checkSize.outputError !== undefined)
    health.push(failed(ARTIFACT_COMPONENTS.checkSizeOutput, checkSize.outputError));
  else if (checkSize.output !== undefined && !checkSize.output.ok) {
    health.push({
      component: ARTIFACT_COMPONENTS.checkSizeOutput,
      state: 'Failed',
      reason: ARTIFACT_REASONS.invalidSizeOutput,
      message: checkSize.output.message,
      errors: [],
      dependencyType: downstream,
    });
  } else if (checkSize.output?.ok) {
    health.push(
      component(ARTIFACT_COMPONENTS.checkSizeOutput, {
        reason: 'SizeDiscovered',
        message: `Discovered a size of ${checkSize.output.bytes} bytes`,
      }),
    );
  }
  return health;
}

/** Why the size cannot be discovered, when the check-size Job gave up. */
function discoveryFailure(fetched: ArtifactFetched): string | undefined {
  const job = fetched.checkSize?.job;
  if (fetched.size.kind !== 'unknown' || job === undefined || !job.ok || job.value === undefined)
    return undefined;
  if (jobPhase(job.value) !== 'Failed') return undefined;
  return jobFailure(job.value)?.message ?? 'the check-size job failed';
}

/**
 * Failed when no usable size exists and none can be discovered. Reported otherwise only to clear
 * an earlier failure (a fixed spec size), so healthy artifacts do not grow an extra condition.
 */
function storageSizeHealth(fetched: ArtifactFetched, reportedBefore: boolean): ComponentHealth[] {
  if (fetched.size.kind === 'invalid') return [storageSizeError(fetched.size.message)];
  const failure = discoveryFailure(fetched);
  if (failure !== undefined) {
    return [storageSizeError(`The model size is unknown and could not be discovered: ${failure}`)];
  }
  if (!reportedBefore) return [];
  if (fetched.size.kind === 'known') {
    return [
      component(STORAGE_SIZE_COMPONENT, {
        reason: 'SizeKnown',
        message: `The model size is ${fetched.size.bytes} bytes`,
      }),
    ];
  }
  return [
    component(STORAGE_SIZE_COMPONENT, {
      state: 'Progressing',
      reason: 'DiscoveringSize',
      message: 'Discovering the model size',
    }),
  ];
}

/** Bound → Ready; Lost → infrastructure error; anything else → still provisioning. */
export function inspectPvc(pvc: KubeObject): HealthInspection {
  const phase: unknown = pvc.status?.phase;
  if (phase === 'Bound')
    return { reason: SHARED_REASONS.pvcBound, message: `PVC ${pvc.metadata.name} is bound` };
  if (phase === 'Lost') {
    return {
      errors: [
        new StateError(
          ERROR_CATEGORIES.infrastructure,
          SHARED_REASONS.pvcLost,
          `PVC ${pvc.metadata.name} lost its volume`,
        ),
      ],
    };
  }
  return {
    state: 'Progressing',
    reason: SHARED_REASONS.pvcPending,
    message: `PVC ${pvc.metadata.name} is ${typeof phase === 'string' ? phase : 'Pending'}: waiting for a volume`,
  };
}

function pvcHealth(fetched: ArtifactFetched): ComponentHealth[] {
  const { pvc } = fetched;
  if (pvc === undefined) return [];
  if (!pvc.ok) return [failed(ARTIFACT_COMPONENTS.cachePvc, pvc.error)];
  if (pvc.value === undefined) return [notCreated(ARTIFACT_COMPONENTS.cachePvc, `PVC ${fetched.pvcName}`)];
  return [component(ARTIFACT_COMPONENTS.cachePvc, inspectPvc(pvc.value))];
}

function downloadHealth(fetched: ArtifactFetched): ComponentHealth[] {
  const { download, roleBinding } = fetched;
  if (download === undefined) return [];
  // Without the RoleBinding the download cannot start; a failure to read it is that Job's problem.
  if (!roleBinding.ok) return [failed(ARTIFACT_COMPONENTS.downloadJob, roleBinding.error)];
  const health = [jobHealth(ARTIFACT_COMPONENTS.downloadJob, download, 'Download job')];
  const job = download.job.ok ? download.job.value : undefined;
  if (job !== undefined && jobPhase(job) === 'Complete') {
    // The pods are not read after completion; their last word was success.
    health.push(
      component(ARTIFACT_COMPONENTS.downloadJobPods, {
        reason: POD_REASONS.podsReady,
        message: `Job ${job.metadata.name} completed`,
      }),
    );
  } else if (download.pods !== undefined) {
    health.push(podsHealth(ARTIFACT_COMPONENTS.downloadJobPods, download.pods));
  }
  return health;
}

/** `storageSizeReported`: whether the artifact already carries a `StorageSizeReady` condition. */
export function artifactHealth(fetched: ArtifactFetched, storageSizeReported = false): ComponentHealth[] {
  const health: ComponentHealth[] = [];
  if (fetched.runtimeConfig !== undefined)
    health.push(runtimeConfigHealth(fetched.runtimeConfig, { upstream: true }));
  health.push(...storageSizeHealth(fetched, storageSizeReported));
  if (fetched.size.kind === 'invalid') return health;
  return [...health, ...checkSizeHealth(fetched), ...pvcHealth(fetched), ...downloadHealth(fetched)];
}
