/**
 * Everything the pods inspector reads, fetched with as few requests as the pods call for: one
 * LIST of the pods, the events of a Pending pod only when no earlier check decides, and the log
 * tail of a failed container only when its exit calls for log classification.
 */
import { POD_EVENTS_FIELD_SELECTOR } from '../constants/pod-conditions.ts';
import type { KubeClient, KubeObject } from '../kube/types.ts';
import { podLogKey } from './failed-pod-health.ts';
import { type PodsInspectionInput, pendingPodNeedingEvents, podLogRequests } from './pods-inspector.ts';

const POD = { apiVersion: 'v1', kind: 'Pod' } as const;
const EVENT = { apiVersion: 'v1', kind: 'Event' } as const;

export interface PodsObservation extends PodsInspectionInput {
  pods: KubeObject[];
  events: KubeObject[];
  logs: Map<string, string>;
}

/**
 * Lists the pods matching `labelSelector` in `namespace` and what inspecting them needs. A failed
 * pod LIST throws (the caller captures it); events and logs are best effort, since without them
 * the verdict only loses detail.
 */
export async function observePods(
  client: Pick<KubeClient, 'list' | 'podLog'>,
  namespace: string,
  labelSelector: string,
): Promise<PodsObservation> {
  const pods = (await client.list(POD, { namespace, labelSelector })).items;
  const observation: PodsObservation = { pods, events: [], logs: new Map() };
  const pending = pendingPodNeedingEvents(pods);
  if (pending !== undefined) {
    try {
      const fieldSelector = `${POD_EVENTS_FIELD_SELECTOR},involvedObject.name=${pending.metadata.name}`;
      observation.events = (await client.list(EVENT, { namespace, fieldSelector })).items;
    } catch {
      // Without events the pod is simply reported as pending.
    }
  }
  for (const request of podLogRequests(pods)) {
    try {
      const log = await client.podLog(request.namespace, request.pod, {
        container: request.container,
        tailLines: request.tailLines,
      });
      observation.logs.set(podLogKey(request.namespace, request.pod, request.container), log);
    } catch {
      // The failure is then classified by its termination reason alone.
    }
  }
  return observation;
}
