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
import { POD_PENDING_EVENT_REASONS, POD_REASONS } from '../constants/pod-conditions.ts';
import type { KubeObject } from '../kube/types.ts';
import { ERROR_CATEGORIES, type ErrorCategory, StateError } from '../reconcile/categorize.ts';
import type { HealthInspection } from '../reconcile/health.ts';
import { classifyFailureLog, classifyImagePullMessage, lastLogLines } from './pod-failure-classifier.ts';
import {
  allContainerStatuses,
  type ContainerStatus,
  type ContainerTerminated,
  containerStatuses,
  initContainerStatuses,
  isPodReady,
  podPhase,
  podReason,
} from './pod-status.ts';

/** How many log lines of a failed container the classification reads. */
export const POD_FAILURE_LOG_TAIL_LINES = 50;
const LOG_EXCERPT_LINES = 3;

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

export function podLogKey(namespace: string, pod: string, container: string): string {
  return `${namespace}/${pod}/${container}`;
}

export interface PodLogRequest {
  namespace: string;
  pod: string;
  container: string;
  tailLines: number;
}

function namespaceOf(pod: KubeObject): string {
  return pod.metadata.namespace ?? '';
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

/** The container whose termination explains a Failed pod: a non-zero exit first, app containers before init. */
function failedContainer(
  pod: KubeObject,
): { status: ContainerStatus; terminated: ContainerTerminated } | undefined {
  for (const statuses of [containerStatuses(pod), initContainerStatuses(pod)]) {
    const terminated = statuses.filter((status) => status.state?.terminated !== undefined);
    const chosen =
      terminated.find((status) => (status.state?.terminated?.exitCode ?? 0) !== 0) ?? terminated[0];
    if (chosen?.state?.terminated) return { status: chosen, terminated: chosen.state.terminated };
  }
  return undefined;
}

function needsLogClassification(terminated: ContainerTerminated): boolean {
  return (terminated.exitCode ?? 0) !== 0 && terminated.reason !== 'OOMKilled';
}

function firstFailedPod(pods: readonly KubeObject[]): KubeObject | undefined {
  return pods.find((pod) => podPhase(pod) === 'Failed');
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

function failure(category: ErrorCategory, reason: string, message: string): HealthInspection {
  return { errors: [new StateError(category, reason, message)] };
}

function imagePullFailure(status: ContainerStatus): HealthInspection {
  const waiting = status.state?.waiting;
  const text = waiting?.message ?? waiting?.reason ?? 'image pull failed';
  const { category, reason } = classifyImagePullMessage(text);
  return failure(category, reason, `Container ${status.name}: ${text}`);
}

function describeTermination(podName: string, container: string, terminated: ContainerTerminated): string {
  const details = [`exit code ${terminated.exitCode ?? 'unknown'}`];
  if (terminated.reason) details.push(terminated.reason);
  const base = `Pod ${podName} failed: container ${container} terminated (${details.join(', ')})`;
  return terminated.message ? `${base}: ${terminated.message}` : base;
}

function withExcerpt(message: string, excerpt: readonly string[]): string {
  return excerpt.length > 0 ? `${message}\n\nLog excerpt:\n${excerpt.join('\n')}` : message;
}

/** Termination reason → category and reason, for failures the log does not explain. */
function byTerminationReason(reason: string | undefined): { category: ErrorCategory; reason: string } {
  switch (reason) {
    case 'OOMKilled':
      return { category: ERROR_CATEGORIES.resourceExhaustion, reason: POD_REASONS.podOOMKilled };
    case 'DeadlineExceeded':
      return { category: ERROR_CATEGORIES.invalidSpec, reason: POD_REASONS.podDeadlineExceeded };
    case 'Evicted':
      return { category: ERROR_CATEGORIES.infrastructure, reason: POD_REASONS.podEvicted };
    default:
      // Error, ContainerCannotRun, CreateContainer(Config)Error and anything unknown.
      return { category: ERROR_CATEGORIES.invalidSpec, reason: POD_REASONS.podFailed };
  }
}

function failedPodHealth(pod: KubeObject, logs: ReadonlyMap<string, string> | undefined): HealthInspection {
  const podLevel = podReason(pod);
  // Eviction and an active deadline end the pod, not a container; the kubelet says so at pod level.
  if (podLevel.reason === 'Evicted' || podLevel.reason === 'DeadlineExceeded') {
    const { category, reason } = byTerminationReason(podLevel.reason);
    return failure(
      category,
      reason,
      `Pod ${pod.metadata.name} failed: ${podLevel.message ?? podLevel.reason}`,
    );
  }
  const failed = failedContainer(pod);
  if (failed === undefined) {
    const message = `Pod ${pod.metadata.name} failed${podLevel.message ? `: ${podLevel.message}` : ''}`;
    return failure(ERROR_CATEGORIES.invalidSpec, POD_REASONS.podFailed, message);
  }
  const message = describeTermination(pod.metadata.name, failed.status.name, failed.terminated);
  const log = needsLogClassification(failed.terminated)
    ? logs?.get(podLogKey(namespaceOf(pod), pod.metadata.name, failed.status.name))
    : undefined;
  if (log !== undefined) {
    const match = classifyFailureLog(log);
    if (match !== undefined && match.reason !== undefined) {
      return failure(match.category, match.reason, withExcerpt(message, [match.line]));
    }
  }
  const { category, reason } = byTerminationReason(failed.terminated.reason);
  return failure(category, reason, withExcerpt(message, log ? lastLogLines(log, LOG_EXCERPT_LINES) : []));
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

function eventTime(event: KubeObject): number {
  const record = event as KubeObject & { lastTimestamp?: unknown; eventTime?: unknown };
  for (const value of [record.lastTimestamp, record.eventTime, event.metadata.creationTimestamp]) {
    if (typeof value === 'string') {
      const time = Date.parse(value);
      if (Number.isFinite(time)) return time;
    }
  }
  return 0;
}

function eventsOf(pod: KubeObject, events: readonly KubeObject[]): KubeObject[] {
  return events.filter((event) => {
    const involved = (event as { involvedObject?: { name?: unknown; uid?: unknown } }).involvedObject;
    if (involved?.name !== pod.metadata.name) return false;
    return involved.uid === undefined || pod.metadata.uid === undefined || involved.uid === pod.metadata.uid;
  });
}

function latest(events: readonly KubeObject[], reasons: readonly string[]): KubeObject | undefined {
  let best: KubeObject | undefined;
  for (const event of events) {
    if (!reasons.includes(String((event as { reason?: unknown }).reason))) continue;
    if (best === undefined || eventTime(event) >= eventTime(best)) best = event;
  }
  return best;
}

function pendingHealth(pod: KubeObject, events: readonly KubeObject[]): HealthInspection {
  const own = eventsOf(pod, events);
  const blocking = latest(own, POD_PENDING_EVENT_REASONS);
  if (blocking !== undefined) {
    const { reason, message } = blocking as { reason?: unknown; message?: unknown };
    return { state: 'Pending', reason: String(reason), message: typeof message === 'string' ? message : '' };
  }
  const pulling = latest(own, ['Pulling']);
  if (pulling !== undefined) {
    const message = (pulling as { message?: unknown }).message;
    return {
      state: 'Progressing',
      reason: POD_REASONS.pulling,
      message: typeof message === 'string' ? message : `Pulling images for pod ${pod.metadata.name}`,
    };
  }
  return {
    state: 'Pending',
    reason: POD_REASONS.podsPending,
    message: `Pod ${pod.metadata.name} is pending`,
  };
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
    return failure(
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
    return failure(ERROR_CATEGORIES.missingDownstreamDependency, POD_REASONS.noPods, 'No pods found');
  }
  const early = earlyVerdict(pods, input.logs);
  if (early) return early;
  const pending = pods.find((pod) => podPhase(pod) === 'Pending');
  if (pending) return pendingHealth(pending, input.events ?? []);
  return { state: 'Progressing', reason: POD_REASONS.podsProgressing, message: 'Pods are progressing' };
}
