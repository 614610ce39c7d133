/**
 * Why a Failed pod failed (spec §10.8, the pods inspector's "a Failed pod" check): eviction or a
 * deadline at pod level, else the terminated container's log patterns, else its termination reason.
 * The log tail of the failed container is read only when its exit calls for classification.
 */
import { POD_REASONS } from '../constants/pod-conditions.ts';
import type { KubeObject } from '../kube/types.ts';
import { ERROR_CATEGORIES, type ErrorCategory, StateError } from '../reconcile/categorize.ts';
import type { HealthInspection } from '../reconcile/health.ts';
import { classifyFailureLog, lastLogLines } from './pod-failure-classifier.ts';
import {
  type ContainerStatus,
  type ContainerTerminated,
  containerStatuses,
  initContainerStatuses,
  podPhase,
  podReason,
} from './pod-status.ts';

/** How many log lines of a failed container the classification reads. */
export const POD_FAILURE_LOG_TAIL_LINES = 50;
const LOG_EXCERPT_LINES = 3;

export function podLogKey(namespace: string, pod: string, container: string): string {
  return `${namespace}/${pod}/${container}`;
}

export function namespaceOf(pod: KubeObject): string {
  return pod.metadata.namespace ?? '';
}

/** The container whose termination explains a Failed pod: a non-zero exit first, app containers before init. */
export function failedContainer(
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

export function needsLogClassification(terminated: ContainerTerminated): boolean {
  return (terminated.exitCode ?? 0) !== 0 && terminated.reason !== 'OOMKilled';
}

export function firstFailedPod(pods: readonly KubeObject[]): KubeObject | undefined {
  return pods.find((pod) => podPhase(pod) === 'Failed');
}

/** A blocking health verdict: one error of `category`. */
export function podFailure(category: ErrorCategory, reason: string, message: string): HealthInspection {
  return { errors: [new StateError(category, reason, message)] };
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

export function failedPodHealth(
  pod: KubeObject,
  logs: ReadonlyMap<string, string> | undefined,
): HealthInspection {
  const podLevel = podReason(pod);
  // Eviction and an active deadline end the pod, not a container; the kubelet says so at pod level.
  if (podLevel.reason === 'Evicted' || podLevel.reason === 'DeadlineExceeded') {
    const { category, reason } = byTerminationReason(podLevel.reason);
    return podFailure(
      category,
      reason,
      `Pod ${pod.metadata.name} failed: ${podLevel.message ?? podLevel.reason}`,
    );
  }
  const failed = failedContainer(pod);
  if (failed === undefined) {
    const message = `Pod ${pod.metadata.name} failed${podLevel.message ? `: ${podLevel.message}` : ''}`;
    return podFailure(ERROR_CATEGORIES.invalidSpec, POD_REASONS.podFailed, message);
  }
  const message = describeTermination(pod.metadata.name, failed.status.name, failed.terminated);
  const log = needsLogClassification(failed.terminated)
    ? logs?.get(podLogKey(namespaceOf(pod), pod.metadata.name, failed.status.name))
    : undefined;
  if (log !== undefined) {
    const match = classifyFailureLog(log);
    if (match !== undefined && match.reason !== undefined) {
      return podFailure(match.category, match.reason, withExcerpt(message, [match.line]));
    }
  }
  const { category, reason } = byTerminationReason(failed.terminated.reason);
  return podFailure(category, reason, withExcerpt(message, log ? lastLogLines(log, LOG_EXCERPT_LINES) : []));
}
