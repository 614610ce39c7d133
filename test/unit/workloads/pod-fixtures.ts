/** Pod and Event objects as the API server returns them, for the workload inspector tests. */
import type { KubeObject } from '../../../shared/kube/types.ts';

export interface PodShape {
  name?: string;
  namespace?: string;
  phase?: string;
  ready?: boolean;
  reason?: string;
  message?: string;
  containers?: Record<string, unknown>[];
  initContainers?: Record<string, unknown>[];
  uid?: string;
}

export function pod(shape: PodShape = {}): KubeObject {
  const status: Record<string, unknown> = { phase: shape.phase ?? 'Pending' };
  if (shape.ready !== undefined)
    status.conditions = [{ type: 'Ready', status: shape.ready ? 'True' : 'False' }];
  if (shape.reason) status.reason = shape.reason;
  if (shape.message) status.message = shape.message;
  if (shape.containers) status.containerStatuses = shape.containers;
  if (shape.initContainers) status.initContainerStatuses = shape.initContainers;
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: shape.name ?? 'p-1',
      namespace: shape.namespace ?? 'team-a',
      ...(shape.uid ? { uid: shape.uid } : {}),
    },
    status,
  };
}

export function waiting(name: string, reason: string, message?: string): Record<string, unknown> {
  return {
    name,
    ready: false,
    restartCount: 0,
    state: { waiting: { reason, ...(message ? { message } : {}) } },
  };
}

export function terminated(
  name: string,
  exitCode: number,
  reason: string,
  message?: string,
): Record<string, unknown> {
  return {
    name,
    ready: false,
    restartCount: 0,
    state: { terminated: { exitCode, reason, ...(message ? { message } : {}) } },
  };
}

export function event(
  podName: string,
  reason: string,
  message: string,
  lastTimestamp: string,
  namespace = 'team-a',
): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Event',
    metadata: { name: `${podName}.${reason}.${lastTimestamp}`, namespace },
    involvedObject: { kind: 'Pod', name: podName, namespace },
    reason,
    message,
    lastTimestamp,
    type: reason === 'Pulling' ? 'Normal' : 'Warning',
  };
}
