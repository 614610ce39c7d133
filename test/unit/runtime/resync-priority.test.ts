import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../../shared/kube/types.ts';
import { resyncPriority } from '../../../shared/runtime/resync-priority.ts';

const object = (generation: number | undefined, status?: Record<string, unknown>): KubeObject => ({
  apiVersion: 'aim.eai.amd.com/v1alpha1',
  kind: 'AIMService',
  metadata: { name: 'chat', namespace: 'ns', ...(generation === undefined ? {} : { generation }) },
  ...(status === undefined ? {} : { status }),
});

describe('resyncPriority', () => {
  it('queues an object no reconcile has accounted for as an event would be', () => {
    expect(resyncPriority(object(1))).toBe('event');
    expect(resyncPriority(object(1, {}))).toBe('event');
    expect(resyncPriority(object(3, { status: 'Running', observedGeneration: 2 }))).toBe('event');
  });

  it('leaves an object whose status is current to the background', () => {
    expect(resyncPriority(object(3, { status: 'Running', observedGeneration: 3 }))).toBe('resync');
    expect(resyncPriority(object(undefined, { status: 'Ready' }))).toBe('resync');
  });
});
