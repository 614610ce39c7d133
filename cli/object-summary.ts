/**
 * What `explain`, `wait` and `status` say about one object (pure): its status word, the one
 * condition that matters, and when it was created and became ready. AIM kinds carry
 * `status.status`; an InferenceService is Ready or NotReady by its Ready condition; a pod has its
 * phase, and its blocking reason is often a container's waiting reason rather than a condition.
 */
import { conditionsIn, type ObservedCondition } from '../shared/inference/kube-conditions.ts';
import type { KubeObject } from '../shared/kube/types.ts';

export type { ObservedCondition };

export interface ObjectSummary {
  kind: string;
  name: string;
  namespace?: string;
  status: string;
  /** The condition that explains the status: Ready when all is well, else what blocks. */
  condition?: ObservedCondition;
  createdAt?: string;
  /** When it last became ready (the Ready condition's transition to True). */
  readyAt?: string;
}

/**
 * Blocking conditions are looked at in the order their components depend on each other; the
 * state engine's summaries (ConfigValid, AuthValid, DependenciesReachable) come last, as they
 * restate a component's failure in general words ("Referenced resource not found").
 */
const CHAIN_ORDER = [
  'RuntimeConfigReady',
  'ModelReady',
  'TemplateReady',
  'Discovered',
  'CacheReady',
  'ArtifactsReady',
  'DownloadComplete',
  'InferenceServiceReady',
  'InferenceServicePodsReady',
  'PredictorReady',
  'IngressReady',
  'HTTPRouteReady',
  'HPAReady',
  'PodScheduled',
  'ContainersReady',
];

const READY_STATUSES = new Set(['Ready', 'Running', 'Succeeded']);

export function conditionsOf(object: KubeObject | undefined): ObservedCondition[] {
  return conditionsIn(object?.status);
}

const SUMMARY_CONDITIONS = ['ConfigValid', 'AuthValid', 'DependenciesReachable'];

function chainRank(type: string): number {
  const summary = SUMMARY_CONDITIONS.indexOf(type);
  if (summary !== -1) return CHAIN_ORDER.length + 1 + summary;
  const index = CHAIN_ORDER.indexOf(type);
  return index === -1 ? CHAIN_ORDER.length : index;
}

/** A pod's waiting or failed container, as a condition (ImagePullBackOff, CrashLoopBackOff, OOMKilled). */
function containerProblem(pod: KubeObject): ObservedCondition | undefined {
  const statuses: unknown = pod.status?.containerStatuses;
  if (!Array.isArray(statuses)) return undefined;
  for (const container of statuses as {
    name: string;
    state?: Record<string, { reason?: string; message?: string; exitCode?: number }>;
  }[]) {
    const waiting = container.state?.waiting;
    if (waiting?.reason)
      return {
        type: 'ContainersReady',
        status: 'False',
        reason: waiting.reason,
        message: `${container.name}: ${waiting.message ?? waiting.reason}`,
      };
    const terminated = container.state?.terminated;
    if (terminated && terminated.exitCode !== 0)
      return {
        type: 'ContainersReady',
        status: 'False',
        reason: terminated.reason ?? 'Error',
        message: `${container.name} exited with code ${terminated.exitCode ?? '?'}`,
      };
  }
  return undefined;
}

/** The status word: AIM `status.status`, a pod's or claim's phase, else Ready/NotReady by the Ready condition. */
export function statusWord(object: KubeObject): string {
  const aim: unknown = object.status?.status;
  if (typeof aim === 'string' && aim !== '') return aim;
  const phase: unknown = object.status?.phase;
  if (typeof phase === 'string' && phase !== '') return phase; // pods, claims
  const ready = conditionsOf(object).find((c) => c.type === 'Ready');
  if (ready === undefined) return 'Unknown';
  return ready.status === 'True' ? 'Ready' : 'NotReady';
}

/**
 * Ready when it holds; otherwise the first condition that does not hold, in chain order (the
 * upstream-most blocker explains the rest); a pod's container problem before its conditions.
 */
export function keyCondition(object: KubeObject): ObservedCondition | undefined {
  const conditions = conditionsOf(object);
  const ready = conditions.find((c) => c.type === 'Ready');
  if (ready?.status === 'True') return ready;
  if (object.kind === 'Pod') {
    const problem = containerProblem(object);
    if (problem) return problem;
  }
  const blocking = conditions
    .filter((c) => c.type !== 'Ready' && c.status !== 'True')
    .sort((a, b) => chainRank(a.type) - chainRank(b.type));
  return blocking[0] ?? ready;
}

export function summarize(object: KubeObject): ObjectSummary {
  const summary: ObjectSummary = {
    kind: object.kind,
    name: object.metadata.name,
    status: statusWord(object),
  };
  if (object.metadata.namespace) summary.namespace = object.metadata.namespace;
  const condition = keyCondition(object);
  if (condition) summary.condition = condition;
  if (object.metadata.creationTimestamp) summary.createdAt = object.metadata.creationTimestamp;
  const ready = conditionsOf(object).find((c) => c.type === 'Ready');
  if (ready?.status === 'True' && ready.lastTransitionTime) summary.readyAt = ready.lastTransitionTime;
  return summary;
}

export function isReadyStatus(status: string): boolean {
  return READY_STATUSES.has(status);
}

/** `Reason: message` of a condition, or '' when there is none. */
export function conditionLine(condition: ObservedCondition | undefined): string {
  if (condition === undefined) return '';
  const head = `${condition.type}=${condition.status}${condition.reason ? ` ${condition.reason}` : ''}`;
  return condition.message ? `${head}: ${condition.message}` : head;
}
