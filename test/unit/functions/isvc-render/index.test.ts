import { expect } from 'vitest';
import { definition } from '../../../../functions/isvc-render/reconcilers.ts';
import type { KubeObject } from '../../../../shared/kube/types.ts';
import { aimObject, describeFunctionHttp } from '../function-http-harness.ts';

/** Created an hour ago: its first status no longer waits for service-resolve's (first-status-hold.ts). */
function older(object: KubeObject): KubeObject {
  return { ...object, metadata: { ...object.metadata, creationTimestamp: '2026-05-01T11:00:00Z' } };
}

describeFunctionHttp({
  definition,
  resourceObject: older(aimObject('AIMService', 'chat', { model: { name: 'llama' } }, 'team-a')),
  referenceObject: older(aimObject('AIMService', 'chat-2', { model: { name: 'llama' } }, 'team-b')),
  // The AIMService summary writer.
  writesSummary: true,
  // Nothing resolved yet: no InferenceService, which says what it waits for.
  expectReconciled: (stored) => {
    expect(stored?.status?.conditions).toContainEqual(
      expect.objectContaining({
        type: 'InferenceServiceReady',
        status: 'False',
        reason: 'CreatingRuntime',
        message: expect.stringContaining('model, template, template cache'),
      }),
    );
    expect(stored?.status?.runtime).toEqual({
      currentReplicas: 1,
      desiredReplicas: 1,
      minReplicas: 1,
      maxReplicas: 1,
      replicas: '1',
    });
  },
});
