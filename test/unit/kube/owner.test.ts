import { describe, expect, it } from 'vitest';
import {
  controllerOf,
  controllerOwnerReference,
  hasOwner,
  isControlledBy,
  upsertOwnerReference,
} from '../../../shared/kube/owner.ts';
import type { KubeObject } from '../../../shared/kube/types.ts';

const template: KubeObject = {
  apiVersion: 'aim.eai.amd.com/v1alpha1',
  kind: 'AIMServiceTemplate',
  metadata: { name: 'tpl', namespace: 'team', uid: 'uid-tpl' },
};

describe('owner references', () => {
  it('builds a controller reference, blockOwnerDeletion only when asked', () => {
    expect(controllerOwnerReference(template)).toEqual({
      apiVersion: 'aim.eai.amd.com/v1alpha1',
      kind: 'AIMServiceTemplate',
      name: 'tpl',
      uid: 'uid-tpl',
      controller: true,
    });
    expect(controllerOwnerReference(template, { blockOwnerDeletion: true }).blockOwnerDeletion).toBe(true);
  });

  it('refuses an owner without uid', () => {
    expect(() => controllerOwnerReference({ ...template, metadata: { name: 'x' } })).toThrow(/no uid/);
  });

  it('replaces a reference with the same uid and keeps the others', () => {
    const other = { apiVersion: 'v1', kind: 'ConfigMap', name: 'c', uid: 'uid-c' };
    const stale = { ...controllerOwnerReference(template), name: 'old-name' };
    const refs = upsertOwnerReference([stale, other], controllerOwnerReference(template));
    expect(refs).toEqual([other, controllerOwnerReference(template)]);
  });

  it('answers ownership questions', () => {
    const job: KubeObject = {
      apiVersion: 'batch/v1',
      kind: 'Job',
      metadata: {
        name: 'j',
        namespace: 'team',
        ownerReferences: [
          { apiVersion: 'v1', kind: 'ConfigMap', name: 'c', uid: 'uid-c' },
          controllerOwnerReference(template),
        ],
      },
    };
    expect(hasOwner(job, 'uid-c')).toBe(true);
    expect(hasOwner(job, 'uid-x')).toBe(false);
    expect(controllerOf(job)?.uid).toBe('uid-tpl');
    expect(isControlledBy(job, template)).toBe(true);
    expect(isControlledBy(job, { ...template, metadata: { name: 'c', uid: 'uid-c' } })).toBe(false);
    expect(isControlledBy({ ...job, metadata: { name: 'j' } }, template)).toBe(false);
  });
});
