import { expect } from 'vitest';
import { definition } from '../../../../functions/service-resolve/reconcilers.ts';
import { aimObject, describeFunctionHttp } from '../function-http-harness.ts';

describeFunctionHttp({
  definition,
  resourceObject: aimObject('AIMService', 'chat', { model: { name: 'llama' } }, 'team-a'),
  referenceObject: aimObject('AIMService', 'chat-2', { model: { name: 'llama' } }, 'team-b'),
  // Not the AIMService summary writer: only its own conditions.
  writesSummary: false,
  // No model named llama exists: the resolution says so, and the service carries the finalizer.
  expectReconciled: (stored) => {
    expect(stored?.status?.conditions).toContainEqual(
      expect.objectContaining({ type: 'ModelReady', status: 'False', reason: 'ModelNotFound' }),
    );
    expect(stored?.metadata.finalizers).toEqual(['aim.eai.amd.com/template-cache-cleanup']);
    expect(stored?.status?.status).toBeUndefined();
  },
});
