/**
 * Why a Pending pod waits (spec §10.8, the pods inspector's last check): its latest scheduling,
 * mount or sandbox event names the reason; else a Pulling event shows progress; else PodsPending.
 */
import { POD_PENDING_EVENT_REASONS, POD_REASONS } from '../constants/pod-conditions.ts';
import type { KubeObject } from '../kube/types.ts';
import type { HealthInspection } from '../reconcile/health.ts';

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

/**
 * kube-scheduler's answer for a pod whose claim is not bound yet: a new PVC's volume is being
 * provisioned, and the pod is retried once it binds. Not a problem to report as Pending: a
 * download Job starts right after its PVC is created (spec §12.1), so its artifact read Pending
 * for a moment between Progressing states, and every service of that Shared cache followed
 * (two writes and two Events each). The PVC's own component says whether it stays unbound.
 */
const WAITING_FOR_VOLUME = /unbound immediate PersistentVolumeClaims/i;

export function pendingHealth(pod: KubeObject, events: readonly KubeObject[]): HealthInspection {
  const own = eventsOf(pod, events);
  const blocking = latest(own, POD_PENDING_EVENT_REASONS);
  if (blocking !== undefined) {
    const { reason, message } = blocking as { reason?: unknown; message?: unknown };
    const text = typeof message === 'string' ? message : '';
    const waiting = reason === 'FailedScheduling' && WAITING_FOR_VOLUME.test(text);
    return { state: waiting ? 'Progressing' : 'Pending', reason: String(reason), message: text };
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
