/**
 * The shared pods inspector (spec §10.8): one health verdict for the pods of a workload — discovery
 * Job pods, artifact Job pods, inference pods. Pure: the caller fetches the pods, the events of a
 * Pending pod and the log tails of failed containers (`observe-pods.ts` does exactly that).
 *
 * Checks, first match wins:
 *   no pods → NoPods (MissingDownstreamDependency)
 *   a container waiting in ErrImagePull/ImagePullBackOff → auth / not found / infrastructure
 *   a container waiting in CreateContainerConfigError etc. → PodFailed (InvalidSpec)   [addition]
 *   a Failed pod → log patterns (source not found, auth, storage), else by termination reason
 *   a container in CrashLoopBackOff → Degraded, not blocking                           [addition]
 *   a Succeeded pod, or a Running Ready one → PodsReady
 *   a Running pod not ready → PodsStarting
 *   a Pending pod → its latest scheduling/mount/sandbox event, else Pulling, else PodsPending
 *   otherwise → PodsProgressing
 * The two additions surface states upstream reports as "starting" forever: a pod whose container
 * can never be created, and a crash loop.
 */
import { POD_REASONS } from '../constants/pod-conditions.ts';
import type { KubeObject } from '../kube/types.ts';
import { ERROR_CATEGORIES } from '../reconcile/categorize.ts';
import type { HealthInspection } from '../reconcile/health.ts';
import {
  failedContainer,
  failedPodHealth,
  firstFailedPod,
  namespaceOf,
  needsLogClassification,
  POD_FAILURE_LOG_TAIL_LINES,
  podFailure,
} from './failed-pod-health.ts';
import { pendingHealth } from './pending-pod-health.ts';
import { classifyImagePullMessage } from './pod-failure-classifier.ts';
import { allContainerStatuses, type ContainerStatus, isPodReady, podPhase } from './pod-status.ts';

const IMAGE_PULL_WAITING = new Set(['ErrImagePull', 'ImagePullBackOff']);
const CONTAINER_CONFIG_WAITING = new Set([
  'CreateContainerConfigError',
  'CreateContainerError',
  'InvalidImageName',
]);
const CRASH_LOOP_WAITING = new Set(['CrashLoopBackOff']);

export interface PodsInspectionInput {
  pods: readonly KubeObject[];
  /** core/v1 Events whose involvedObject is one of the pods (only Pending pods' events are read). */
  events?: readonly KubeObject[];
  /** Log tails of failed containers, keyed by `podLogKey`. A missing log only loses the excerpt. */
  logs?: ReadonlyMap<string, string>;
}

export interface PodLogRequest {
  namespace: string;
  pod: string;
  container: string;
  tailLines: number;
}

function waitingWith(pods: readonly KubeObject[], reasons: ReadonlySet<string>) {
  for (const pod of pods) {
    for (const status of allContainerStatuses(pod)) {
      const reason = status.state?.waiting?.reason;
      if (reason !== undefined && reasons.has(reason)) return { pod, status, reason };
    }
  }
  return undefined;
}

/**
 * The log tails `inspectPods` would read for these pods: the failing container of the first
 * Failed pod, when its exit code calls for log classification (and no image pull error comes first).
 */
export function podLogRequests(pods: readonly KubeObject[]): PodLogRequest[] {
  if (waitingWith(pods, IMAGE_PULL_WAITING) || waitingWith(pods, CONTAINER_CONFIG_WAITING)) return [];
  const pod = firstFailedPod(pods);
  const failed = pod ? failedContainer(pod) : undefined;
  if (pod === undefined || failed === undefined || !needsLogClassification(failed.terminated)) return [];
  return [
    {
      namespace: namespaceOf(pod),
      pod: pod.metadata.name,
      container: failed.status.name,
      tailLines: POD_FAILURE_LOG_TAIL_LINES,
    },
  ];
}

/** The Pending pod whose events `inspectPods` reads, when no earlier check decides. */
export function pendingPodNeedingEvents(pods: readonly KubeObject[]): KubeObject | undefined {
  if (pods.length === 0 || earlyVerdict(pods, undefined) !== undefined) return undefined;
  return pods.find((pod) => podPhase(pod) === 'Pending');
}

function imagePullFailure(status: ContainerStatus): HealthInspection {
  const waiting = status.state?.waiting;
  const text = waiting?.message ?? waiting?.reason ?? 'image pull failed';
  const { category, reason } = classifyImagePullMessage(text);
  return podFailure(category, reason, `Container ${status.name}: ${text}`);
}

function crashLoopHealth(pod: KubeObject, status: ContainerStatus): HealthInspection {
  const last = status.lastState?.terminated;
  const restarts = status.restartCount ?? 0;
  let message = `Container ${status.name} of pod ${pod.metadata.name} is crash looping (${restarts} restarts)`;
  if (last) {
    message += `; last exit code ${last.exitCode ?? 'unknown'}${last.reason ? ` (${last.reason})` : ''}`;
    if (last.message) message += `: ${last.message}`;
  }
  return { state: 'Degraded', reason: POD_REASONS.crashLoopBackOff, message };
}

/** Every check before the Pending one; undefined when none applies. */
function earlyVerdict(
  pods: readonly KubeObject[],
  logs: ReadonlyMap<string, string> | undefined,
): HealthInspection | undefined {
  const pulling = waitingWith(pods, IMAGE_PULL_WAITING);
  if (pulling) return imagePullFailure(pulling.status);
  const misconfigured = waitingWith(pods, CONTAINER_CONFIG_WAITING);
  if (misconfigured) {
    const waiting = misconfigured.status.state?.waiting;
    return podFailure(
      ERROR_CATEGORIES.invalidSpec,
      POD_REASONS.podFailed,
      `Container ${misconfigured.status.name}: ${waiting?.message ?? misconfigured.reason}`,
    );
  }
  const failedPod = firstFailedPod(pods);
  if (failedPod) return failedPodHealth(failedPod, logs);
  const crashing = waitingWith(pods, CRASH_LOOP_WAITING);
  if (crashing) return crashLoopHealth(crashing.pod, crashing.status);
  const ready = pods.find(
    (pod) => podPhase(pod) === 'Succeeded' || (podPhase(pod) === 'Running' && isPodReady(pod)),
  );
  if (ready) {
    return {
      state: 'Ready',
      reason: POD_REASONS.podsReady,
      message: podPhase(ready) === 'Succeeded' ? `Pod ${ready.metadata.name} succeeded` : 'Pods are ready',
    };
  }
  const starting = pods.find((pod) => podPhase(pod) === 'Running');
  if (starting) {
    return {
      state: 'Starting',
      reason: POD_REASONS.podsStarting,
      message: `Pod ${starting.metadata.name} is starting`,
    };
  }
  return undefined;
}

export function inspectPods(input: PodsInspectionInput): HealthInspection {
  const { pods } = input;
  if (pods.length === 0) {
    return podFailure(ERROR_CATEGORIES.missingDownstreamDependency, POD_REASONS.noPods, 'No pods found');
  }
  const early = earlyVerdict(pods, input.logs);
  if (early) return early;
  const pending = pods.find((pod) => podPhase(pod) === 'Pending');
  if (pending) return pendingHealth(pending, input.events ?? []);
  return { state: 'Progressing', reason: POD_REASONS.podsProgressing, message: 'Pods are progressing' };
}
