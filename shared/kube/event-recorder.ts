import { randomBytes } from 'node:crypto';
import type { EventSender } from './event-sender.ts';
import type { KubeClient, KubeObject } from './types.ts';

export type KubeEventType = 'Normal' | 'Warning';

/** metav1 Event messages are capped by the API server; keep well inside it. */
const MAX_MESSAGE = 1024;

export interface KubeEventRecorder {
  record(obj: KubeObject, type: KubeEventType, reason: string, message: string): Promise<void>;
}

/**
 * Records core/v1 Events about an object, as `kubectl describe` shows them. Best effort: an Event
 * that cannot be written is reported to `onError` and never fails the reconcile that caused it.
 * Events of cluster-scoped objects go to the `default` namespace, as client-go does. With a
 * `sender` the Event is queued (event-sender.ts) and `record` returns at once.
 */
export function createEventRecorder(
  client: KubeClient,
  source: { component: string; instance?: string },
  onError: (err: unknown) => void = () => {},
  sender?: EventSender,
): KubeEventRecorder {
  return {
    async record(obj, type, reason, message) {
      const now = new Date().toISOString();
      const namespace = obj.metadata.namespace || 'default';
      const event: KubeObject = {
        apiVersion: 'v1',
        kind: 'Event',
        metadata: { name: `${obj.metadata.name}.${randomBytes(8).toString('hex')}`, namespace },
        involvedObject: {
          apiVersion: obj.apiVersion,
          kind: obj.kind,
          name: obj.metadata.name,
          namespace: obj.metadata.namespace,
          uid: obj.metadata.uid,
          resourceVersion: obj.metadata.resourceVersion,
        },
        type,
        reason,
        message: message.length > MAX_MESSAGE ? `${message.slice(0, MAX_MESSAGE - 1)}…` : message,
        source: { component: source.component, ...(source.instance ? { host: source.instance } : {}) },
        reportingComponent: source.component,
        reportingInstance: source.instance ?? source.component,
        firstTimestamp: now,
        lastTimestamp: now,
        count: 1,
      } as KubeObject;
      if (sender !== undefined) {
        sender.send(event, onError);
        return;
      }
      try {
        await client.create(event);
      } catch (err) {
        onError(err);
      }
    },
  };
}
