import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../../shared/kube/types.ts';
import { coversFields, ownsFieldsBeyond } from '../../../shared/reconcile/managed-fields.ts';

const fieldsV1 = {
  'f:metadata': { 'f:annotations': { 'f:a': {}, 'f:b': {} }, 'f:ownerReferences': { 'k:{"uid":"u1"}': {} } },
  'f:spec': {
    'f:predictor': {
      'f:autoScaling': { '.': {}, 'f:metrics': {} },
      'f:containers': {
        'k:{"name":"kserve-container"}': { '.': {}, 'f:env': { 'k:{"name":"X"}': { 'f:value': {} } } },
      },
      'f:finalizers': { 'v:"a"': {} },
    },
  },
};

function observed(manager: string, operation = 'Apply'): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'X',
    metadata: {
      name: 'x',
      managedFields: [{ manager, operation, fieldsType: 'FieldsV1', fieldsV1 }],
    } as KubeObject['metadata'],
  };
}

const desired = (): KubeObject => ({
  apiVersion: 'v1',
  kind: 'X',
  metadata: {
    name: 'x',
    annotations: { a: '1', b: '2' },
    ownerReferences: [{ apiVersion: 'v1', kind: 'Y', name: 'y', uid: 'u1' }],
  },
  spec: {
    predictor: {
      autoScaling: { metrics: [] },
      containers: [{ name: 'kserve-container', env: [{ name: 'X', value: '1' }] }],
      finalizers: ['a'],
    },
  },
});

describe('ownsFieldsBeyond', () => {
  it('is false when the desired object still sets every field the manager owns', () => {
    expect(ownsFieldsBeyond(observed('me'), desired(), 'me')).toBe(false);
  });

  it('is true when a field the manager owns is no longer desired (removals need an apply)', () => {
    const withoutAutoscaling = desired();
    delete withoutAutoscaling.spec.predictor.autoScaling;
    expect(ownsFieldsBeyond(observed('me'), withoutAutoscaling, 'me')).toBe(true);
    const withoutAnnotation = desired();
    delete withoutAnnotation.metadata.annotations?.b;
    expect(ownsFieldsBeyond(observed('me'), withoutAnnotation, 'me')).toBe(true);
    const otherEnv = desired();
    otherEnv.spec.predictor.containers[0].env = [{ name: 'Y', value: '1' }];
    expect(ownsFieldsBeyond(observed('me'), otherEnv, 'me')).toBe(true);
    const otherSet = desired();
    otherSet.spec.predictor.finalizers = ['b'];
    expect(ownsFieldsBeyond(observed('me'), otherSet, 'me')).toBe(true);
  });

  it('ignores other managers, Update operations and objects without managedFields', () => {
    const bare = desired();
    delete bare.spec;
    expect(ownsFieldsBeyond(observed('someone-else'), bare, 'me')).toBe(false);
    expect(ownsFieldsBeyond(observed('me', 'Update'), bare, 'me')).toBe(false);
    expect(ownsFieldsBeyond(desired(), bare, 'me')).toBe(false);
  });

  it('treats unreadable keys as covered', () => {
    expect(coversFields({ 'k:not-json': {}, 'x:odd': {} }, {})).toBe(true);
  });
});
