/**
 * The `InferenceServicePods` component: the shared pods inspector (spec §10.8) over the predictor
 * pods, with what is particular to a long-running server whose pods restart in place
 * (restartPolicy Always, so a crash never makes the pod Failed):
 *
 * - a container killed for memory, now crash looping or between restarts, is `PodOOMKilled`
 *   (ResourceExhaustion), not a generic crash loop or "starting";
 * - any other crash loop is classified from the crashed run's log tail like a failed pod's
 *   (source not found, denied access, full disk), with a log excerpt;
 * - failures never stop applying: the inspector reports image pull auth failures as Auth, missing
 *   images as MissingUpstreamDependency and other pull failures as Infrastructure, which upstream's
 *   state engine treats as "apply nothing" — so an imagePullSecret added to the service could
 *   never reach the InferenceService whose pods fail for lack of it. The verdict (state, reason,
 *   message) is kept; only those categories are dropped (the resync re-inspects the pods).
 */

import { KSERVE_LABELS } from '../constants/kserve.ts';
import { POD_REASONS } from '../constants/pod-conditions.ts';
import { SERVICE_COMPONENTS } from '../constants/service-conditions.ts';
import type { KubeClient, KubeObject } from '../kube/types.ts';
import {
  categorizeError,
  ERROR_CATEGORIES,
  type ErrorCategory,
  StateError,
} from '../reconcile/categorize.ts';
import { type ComponentHealth, DEPENDENCY_TYPES, deriveState } from '../reconcile/health.ts';
import { flagsFromCategories, isBlocked } from '../reconcile/state-flags.ts';
import { POD_FAILURE_LOG_TAIL_LINES, podLogKey } from '../workloads/failed-pod-health.ts';
import { observePods, type PodsObservation } from '../workloads/observe-pods.ts';
import { classifyFailureLog, lastLogLines } from '../workloads/pod-failure-classifier.ts';
import { allContainerStatuses, type ContainerStatus, isPodReady } from '../workloads/pod-status.ts';
import { inspectPods } from '../workloads/pods-inspector.ts';

const COMPONENT = SERVICE_COMPONENTS.inferenceServicePods;

interface Crash {
  pod: KubeObject;
  status: ContainerStatus;
}

/** The first container waiting in CrashLoopBackOff, in the order the inspector looks. */
function crashLooping(pods: readonly KubeObject[]): Crash | undefined {
  for (const pod of pods) {
    for (const status of allContainerStatuses(pod)) {
      if (status.state?.waiting?.reason === 'CrashLoopBackOff') return { pod, status };
    }
  }
  return undefined;
}

function oomKilled(pods: readonly KubeObject[]): Crash | undefined {
  for (const pod of pods) {
    if (isPodReady(pod)) continue;
    for (const status of allContainerStatuses(pod)) {
      const last = status.state?.terminated ?? status.lastState?.terminated;
      if (last?.reason === 'OOMKilled') return { pod, status };
    }
  }
  return undefined;
}

export interface PredictorPodsObservation extends PodsObservation {
  /** Log tail of the crash-looping container, when there is one. */
  crashLog?: { key: string; text: string };
}

/**
 * `serving.kserve.io/inferenceservice,serving.kserve.io/inferenceservice=<isvc>`: the first term
 * is implied by the second, but spelled out it lets a resync sweep answer the LIST from one
 * snapshot of all predictor pods (a `SweepReadCache` kind with that base selector).
 */
export function predictorPodSelector(isvcName: string): string {
  return `${KSERVE_LABELS.inferenceService},${KSERVE_LABELS.inferenceService}=${isvcName}`;
}

/** Lists the predictor pods of `isvcName` and what inspecting them needs. Throws if the LIST fails. */
export async function observePredictorPods(
  client: Pick<KubeClient, 'list' | 'podLog'>,
  namespace: string,
  isvcName: string,
): Promise<PredictorPodsObservation> {
  const observation: PredictorPodsObservation = await observePods(
    client,
    namespace,
    predictorPodSelector(isvcName),
  );
  const crash = oomKilled(observation.pods) === undefined ? crashLooping(observation.pods) : undefined;
  if (crash !== undefined) {
    try {
      const text = await client.podLog(namespace, crash.pod.metadata.name, {
        container: crash.status.name,
        tailLines: POD_FAILURE_LOG_TAIL_LINES,
      });
      observation.crashLog = { key: podLogKey(namespace, crash.pod.metadata.name, crash.status.name), text };
    } catch {
      // Without the log the crash loop is reported by its exit alone.
    }
  }
  return observation;
}

function oomHealth(crash: Crash): ComponentHealth {
  const last = crash.status.state?.terminated ?? crash.status.lastState?.terminated;
  const restarts = crash.status.restartCount ?? 0;
  const message =
    `Container ${crash.status.name} of pod ${crash.pod.metadata.name} was OOMKilled ` +
    `(exit code ${last?.exitCode ?? 137}, ${restarts} restarts): raise its memory limit`;
  return {
    component: COMPONENT,
    errors: [new StateError(ERROR_CATEGORIES.resourceExhaustion, POD_REASONS.podOOMKilled, message)],
  };
}

function crashLoopWithLog(health: ComponentHealth, log: string): ComponentHealth {
  const match = classifyFailureLog(log);
  const message = health.message ?? '';
  if (match?.reason !== undefined) {
    return {
      component: COMPONENT,
      errors: [new StateError(match.category, match.reason, `${message}\n\nLog excerpt:\n${match.line}`)],
    };
  }
  const excerpt = lastLogLines(log, 3);
  return excerpt.length === 0
    ? health
    : { ...health, message: `${message}\n\nLog excerpt:\n${excerpt.join('\n')}` };
}

function stopsApplying(category: ErrorCategory): boolean {
  const flags = flagsFromCategories([category]);
  return flags.hasInfra || isBlocked(flags);
}

/** Keeps the verdict, drops the error categories that would stop the pipeline from applying. */
export function withoutApplyStoppingErrors(health: ComponentHealth): ComponentHealth {
  const errors = health.errors.map(categorizeError);
  if (!errors.some((err) => stopsApplying(err.category))) return health;
  const first = errors[0];
  return {
    ...health,
    state: health.state ?? deriveState(errors),
    reason: health.reason || first?.reason || '',
    message: health.message || first?.message || '',
    errors: errors.filter((err) => !stopsApplying(err.category)),
  };
}

export function predictorPodsHealth(observation: PredictorPodsObservation): ComponentHealth {
  const inspection = inspectPods(observation);
  let health: ComponentHealth = { ...inspection, component: COMPONENT, errors: inspection.errors ?? [] };
  if (health.reason === POD_REASONS.crashLoopBackOff || health.reason === POD_REASONS.podsStarting) {
    const oom = oomKilled(observation.pods);
    if (oom !== undefined) health = oomHealth(oom);
    else if (health.reason === POD_REASONS.crashLoopBackOff && observation.crashLog !== undefined) {
      health = crashLoopWithLog(health, observation.crashLog.text);
    }
  }
  return { ...withoutApplyStoppingErrors(health), dependencyType: DEPENDENCY_TYPES.downstream };
}
