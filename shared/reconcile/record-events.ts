/** Records Kubernetes Events about a reconciled object; one that cannot be written is logged, never fatal. */
import { keyFields, objectKey } from '../kube/objects.ts';
import type { KubeObject } from '../kube/types.ts';
import type { ReconcileContext } from './reconciler.ts';

export interface EventToRecord {
  type: 'Normal' | 'Warning';
  reason: string;
  message: string;
}

export async function recordEvents(
  ctx: ReconcileContext,
  object: KubeObject,
  events: readonly EventToRecord[],
): Promise<void> {
  const { recorder } = ctx;
  if (recorder === undefined) return;
  for (const event of events) {
    try {
      await recorder.record(object, event.type, event.reason, event.message);
    } catch (err) {
      ctx.log.warn(
        { ...keyFields(objectKey(object)), err, reason: event.reason },
        'recording an event failed',
      );
    }
  }
}
