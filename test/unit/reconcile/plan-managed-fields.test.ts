import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../../shared/kube/types.ts';
import { emptyPlan, executePlan } from '../../../shared/reconcile/plan.ts';
import { FakeKubeClient } from '../../support/fake-kube.ts';

const parent: KubeObject = {
  apiVersion: 'aim.eai.amd.com/v1alpha1',
  kind: 'AIMService',
  metadata: { name: 'svc', namespace: 'team', uid: 'svc-uid' },
};

const desired = (): KubeObject => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name: 'child', namespace: 'team' },
  data: { kept: '1' },
});

/** The child as the API server returns it after this manager applied it with `data.dropped` too. */
function observed(managedFields: unknown[]): KubeObject {
  return {
    ...desired(),
    metadata: {
      name: 'child',
      namespace: 'team',
      labels: {
        'app.kubernetes.io/managed-by': 'aim-service-controller',
        'aim.eai.amd.com/service.name': 'svc',
      },
      ownerReferences: [
        { apiVersion: parent.apiVersion, kind: 'AIMService', name: 'svc', uid: 'svc-uid', controller: true },
      ],
      managedFields,
    } as KubeObject['metadata'],
    data: { kept: '1', dropped: '2' },
  };
}

const applied = {
  manager: 'aim-isvc-render',
  operation: 'Apply',
  fieldsType: 'FieldsV1',
  fieldsV1: { 'f:data': { 'f:kept': {}, 'f:dropped': {} } },
};

describe('executePlan and field removals', () => {
  it('re-applies a child whose observed copy holds a field this manager applied but no longer wants', async () => {
    const client = new FakeKubeClient();
    const plan = { ...emptyPlan(), apply: [desired()] };
    const options = { controller: 'service' as const, fieldManager: 'aim-isvc-render' };
    const removal = await executePlan(client, parent, plan, { ...options, observed: [observed([applied])] });
    expect(removal.applied).toHaveLength(1);
    const foreign = await executePlan(client, parent, plan, {
      ...options,
      observed: [observed([{ ...applied, manager: 'someone-else' }])],
    });
    expect(foreign.unchanged).toHaveLength(1);
    expect(foreign.applied).toHaveLength(0);
  });
});
