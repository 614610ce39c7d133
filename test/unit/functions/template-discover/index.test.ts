import { expect } from 'vitest';
import { definition } from '../../../../functions/template-discover/reconcilers.ts';
import type { KubeObject } from '../../../../shared/kube/types.ts';
import { aimObject, describeFunctionHttp } from '../function-http-harness.ts';

function condition(stored: KubeObject | undefined, type: string) {
  return (stored?.status?.conditions ?? []).find((c: { type: string }) => c.type === type);
}

describeFunctionHttp({
  definition,
  resourceObject: aimObject('AIMServiceTemplate', 'llama-mi300x', { modelName: 'llama' }, 'team-a'),
  referenceObject: aimObject('AIMClusterServiceTemplate', 'llama-mi300x', { modelName: 'llama' }),
  writesSummary: true,
  // No model exists in the fake cluster: each template fails on its model reference.
  expectReconciled: (stored) => {
    const component = stored?.kind === 'AIMClusterServiceTemplate' ? 'ClusterModelReady' : 'ModelReady';
    expect(condition(stored, component)).toMatchObject({ status: 'False', reason: 'ReferenceNotFound' });
    expect(stored?.status?.status).toBe('Failed');
  },
});
