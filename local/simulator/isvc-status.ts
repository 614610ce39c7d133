import type { KubeObject } from '../../shared/kube/types.ts';
import { rfc3339 } from './pod-lifecycle.ts';
import type { InferenceServiceRule } from './rules.ts';

/*
 * The InferenceService status KServe (Standard deployment mode) would write, from the simulator's
 * rule and the predictor pods' state. Pure: same inputs, same status.
 */

export interface IsvcCondition {
  type: string;
  status: 'True' | 'False';
  reason?: string;
  message?: string;
  severity?: string;
  lastTransitionTime: string;
}

export interface IsvcStatusInput {
  isvc: KubeObject;
  rule: InferenceServiceRule;
  /** Current predictor pods (the desired revision, not terminating). */
  pods: readonly KubeObject[];
  desiredReplicas: number;
  ageSeconds: number;
  nowMs: number;
}

interface PodFailure {
  location: string;
  reason: string;
  message: string;
  exitCode?: number;
}

type ContainerStatusView = {
  name?: string;
  ready?: boolean;
  state?: {
    waiting?: { reason?: string; message?: string };
    terminated?: { exitCode?: number; reason?: string };
  };
  lastState?: { terminated?: { exitCode?: number; reason?: string } };
};

function containerStatuses(pod: KubeObject): ContainerStatusView[] {
  return pod.status?.containerStatuses ?? [];
}

function isPodReady(pod: KubeObject): boolean {
  return (pod.status?.conditions ?? []).some(
    (c: { type?: string; status?: string }) => c.type === 'Ready' && c.status === 'True',
  );
}

/** A predictor container that crashed (crash loop or a failed pod), as KServe reports a load failure. */
function podFailure(pods: readonly KubeObject[]): PodFailure | undefined {
  for (const pod of pods) {
    for (const status of containerStatuses(pod)) {
      const terminated = status.state?.terminated ?? status.lastState?.terminated;
      const crashed =
        status.state?.waiting?.reason === 'CrashLoopBackOff' ||
        pod.status?.phase === 'Failed' ||
        (status.state?.terminated !== undefined && status.state.terminated.exitCode !== 0);
      if (!crashed || !terminated) continue;
      const failure: PodFailure = {
        location: pod.metadata.name,
        reason: 'ModelLoadFailed',
        message: `container "${status.name}" terminated with reason ${terminated.reason ?? 'Error'} (exit code ${terminated.exitCode ?? 1})`,
      };
      if (terminated.exitCode !== undefined) failure.exitCode = terminated.exitCode;
      return failure;
    }
  }
  return undefined;
}

function waitingReason(pods: readonly KubeObject[]): string | undefined {
  for (const pod of pods) {
    for (const status of containerStatuses(pod)) {
      const reason = status.state?.waiting?.reason;
      if (reason && reason !== 'ContainerCreating') return reason;
    }
  }
  return undefined;
}

function condition(
  type: string,
  ok: boolean,
  nowMs: number,
  previous: readonly IsvcCondition[],
  reason?: string,
  message?: string,
): IsvcCondition {
  const status = ok ? 'True' : 'False';
  const before = previous.find((c) => c.type === type);
  // Knative conditions keep their transition time while the status stays the same.
  const since =
    before?.status === status && before.lastTransitionTime ? before.lastTransitionTime : rfc3339(nowMs);
  const result: IsvcCondition = { type, status, lastTransitionTime: since };
  if (!ok && reason) result.reason = reason;
  if (!ok && message) result.message = message;
  return result;
}

export function inferenceServiceStatus(input: IsvcStatusInput): Record<string, unknown> {
  const { isvc, rule, pods, nowMs } = input;
  const name = isvc.metadata.name;
  const namespace = isvc.metadata.namespace ?? 'default';
  const previous: IsvcCondition[] = isvc.status?.conditions ?? [];
  const readyPods = pods.filter(isPodReady).length;
  const podsReady = !rule.createPods || readyPods >= input.desiredReplicas;
  const failure: PodFailure | undefined = rule.failure
    ? {
        location: `${name}-predictor`,
        reason: rule.failure.reason,
        message: rule.failure.message,
        ...(rule.failure.exitCode !== undefined ? { exitCode: rule.failure.exitCode } : {}),
      }
    : rule.createPods
      ? podFailure(pods)
      : undefined;
  const ready = rule.ready && !failure && podsReady && input.ageSeconds >= rule.readyAfterSeconds;

  let predictorReason = 'MinimumReplicasUnavailable';
  let predictorMessage = 'Deployment does not have minimum availability.';
  const waiting = waitingReason(pods);
  if (failure) {
    predictorReason = failure.reason;
    predictorMessage = failure.message;
  } else if (waiting) {
    predictorMessage = `Deployment does not have minimum availability: a predictor container is waiting (${waiting}).`;
  }
  const conditions = [
    condition('IngressReady', ready, nowMs, previous, 'PredictorNotReady', 'Predictor is not ready'),
    condition('PredictorReady', ready, nowMs, previous, predictorReason, predictorMessage),
    condition('Ready', ready, nowMs, previous, predictorReason, predictorMessage),
  ];

  const running = pods.some((p) => p.status?.phase === 'Running');
  let modelStatus: Record<string, unknown>;
  if (failure) {
    modelStatus = {
      transitionStatus: 'BlockedByFailedLoad',
      states: { activeModelState: 'FailedToLoad', targetModelState: 'FailedToLoad' },
      lastFailureInfo: { ...failure, time: rfc3339(nowMs) },
      copies: { failedCopies: Math.max(1, pods.length - readyPods), totalCopies: readyPods },
    };
  } else if (ready) {
    modelStatus = {
      transitionStatus: 'UpToDate',
      states: { activeModelState: 'Loaded', targetModelState: 'Loaded' },
      copies: { failedCopies: 0, totalCopies: readyPods },
    };
  } else {
    modelStatus = {
      transitionStatus: 'InProgress',
      states: { activeModelState: running ? 'Loading' : 'Pending', targetModelState: 'Loaded' },
    };
  }
  // Keep the first failure time so re-computing does not produce a new status every poll.
  const previousFailure = isvc.status?.modelStatus?.lastFailureInfo;
  if (failure && previousFailure?.message === failure.message && previousFailure.time) {
    (modelStatus.lastFailureInfo as Record<string, unknown>).time = previousFailure.time;
  }

  // Written as a merge patch: null removes what an earlier (e.g. Ready) status set.
  const status: Record<string, unknown> = {
    conditions,
    modelStatus: { lastFailureInfo: null, copies: null, ...modelStatus },
    deploymentMode: 'Standard',
    observedGeneration: isvc.metadata.generation ?? 1,
    url: null,
    address: null,
    components: { predictor: { url: null, address: null } },
  };
  if (ready) {
    const url = `http://${name}-${namespace}.example.com`;
    const internal = `http://${name}-predictor.${namespace}.svc.cluster.local`;
    status.url = url;
    status.address = { url: internal };
    status.components = { predictor: { url, address: { url: internal } } };
  }
  return status;
}

/** What "changed" means for an InferenceService status (transition times excluded). */
export function inferenceServiceStatusSignature(status: unknown): string {
  const s = (status ?? {}) as {
    conditions?: { type?: string; status?: string; reason?: string; message?: string }[];
    modelStatus?: {
      states?: unknown;
      transitionStatus?: string;
      lastFailureInfo?: { message?: string };
      copies?: unknown;
    };
    url?: string;
    deploymentMode?: string;
    observedGeneration?: number;
  };
  return JSON.stringify([
    (s.conditions ?? []).map((c) => `${c.type}=${c.status}/${c.reason ?? ''}/${c.message ?? ''}`).sort(),
    s.modelStatus?.states ?? null,
    s.modelStatus?.transitionStatus ?? '',
    s.modelStatus?.lastFailureInfo?.message ?? '',
    s.modelStatus?.copies ?? null,
    s.url ?? '',
    s.deploymentMode ?? '',
    s.observedGeneration ?? 0,
  ]);
}
