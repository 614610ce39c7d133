/** Builders shared by the cache-manage unit tests. */
import { AIM_API_VERSION } from '../../../shared/api/group.ts';
import type { KubeObject } from '../../../shared/kube/types.ts';
import type { EventRecorder, ReconcileContext } from '../../../shared/reconcile/reconciler.ts';
import type { FakeKubeClient } from '../../support/fake-kube.ts';
import { testContext } from '../../support/reconcile-context.ts';

export const NS = 'team-a';
export const NOW = new Date('2026-05-01T12:00:00Z');
export const FIELD_MANAGER = 'aim-cache-manage';

export interface RecordedEvent {
  object: string;
  type: string;
  reason: string;
  message: string;
}

export function recordingContext(client: FakeKubeClient, events: RecordedEvent[] = []): ReconcileContext {
  const recorder: EventRecorder = {
    async record(object, type, reason, message) {
      events.push({ object: `${object.kind}/${object.metadata.name}`, type, reason, message });
    },
  };
  return testContext(client, {
    fieldManager: FIELD_MANAGER,
    now: () => NOW,
    recorder,
    conflictRetry: { attempts: 4, baseDelayMs: 0, maxDelayMs: 0, sleep: async () => {} },
  });
}

export function aim(
  kind: string,
  name: string,
  spec: Record<string, unknown>,
  extra: Partial<KubeObject> = {},
): KubeObject {
  return {
    apiVersion: AIM_API_VERSION,
    kind,
    metadata: { name, namespace: NS, ...(extra.metadata ?? {}) },
    spec,
    ...(extra.status !== undefined ? { status: extra.status } : {}),
  };
}

export function readyTemplate(
  name: string,
  modelSources: Record<string, unknown>[],
  spec: Record<string, unknown> = {},
  cluster = false,
): KubeObject {
  const template = aim(
    cluster ? 'AIMClusterServiceTemplate' : 'AIMServiceTemplate',
    name,
    { modelName: 'm', ...spec },
    {
      status: {
        status: 'Ready',
        modelSources,
        conditions: [
          {
            type: 'Ready',
            status: 'True',
            reason: 'AllComponentsReady',
            message: '',
            lastTransitionTime: NOW.toISOString(),
          },
        ],
      },
    },
  );
  if (cluster) delete template.metadata.namespace;
  return template;
}

export function condition(object: KubeObject | undefined, type: string) {
  return (object?.status?.conditions ?? []).find((entry: { type: string }) => entry.type === type) as
    | { type: string; status: string; reason: string; message: string }
    | undefined;
}
