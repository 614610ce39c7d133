import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../../shared/kube/types.ts';
import { eventPriority, resyncPriority } from '../../../shared/runtime/priority-by-status.ts';

const object = (generation: number | undefined, status?: Record<string, unknown>): KubeObject => ({
  apiVersion: 'aim.eai.amd.com/v1alpha1',
  kind: 'AIMService',
  metadata: { name: 'chat', namespace: 'ns', ...(generation === undefined ? {} : { generation }) },
  ...(status === undefined ? {} : { status }),
});

describe('resyncPriority', () => {
  it('queues an object no reconcile has accounted for ahead of everything else', () => {
    expect(resyncPriority(object(1))).toBe('unanswered');
    expect(resyncPriority(object(1, {}))).toBe('unanswered');
    expect(resyncPriority(object(3, { status: 'Running', observedGeneration: 2 }))).toBe('unanswered');
  });

  it('leaves an object whose status is current to the background', () => {
    expect(resyncPriority(object(3, { status: 'Running', observedGeneration: 3 }))).toBe('resync');
    expect(resyncPriority(object(undefined, { status: 'Ready' }))).toBe('resync');
  });

  it('on a kind several functions write, queues an object this writer has not accounted for', () => {
    const owned = ['ModelReady', 'TemplateReady'];
    const condition = (type: string, observedGeneration: number) => ({
      type,
      status: 'True',
      observedGeneration,
    });
    // isvc-render's summary is current, service-resolve never wrote: new to service-resolve.
    const summarized = { status: 'Pending', observedGeneration: 2, conditions: [condition('Ready', 2)] };
    expect(resyncPriority(object(2, summarized), owned)).toBe('unanswered');
    // Its own condition about an older generation.
    const behind = { ...summarized, conditions: [condition('Ready', 2), condition('ModelReady', 1)] };
    expect(resyncPriority(object(2, behind), owned)).toBe('unanswered');
    const current = {
      ...summarized,
      conditions: [condition('ModelReady', 2), condition('TemplateReady', 2)],
    };
    expect(resyncPriority(object(2, current), owned)).toBe('resync');
    // A writer that owns no condition (cache-manage on services) goes by the summary alone.
    expect(resyncPriority(object(2, summarized), [])).toBe('resync');
  });

  it("queues an object's own event first while its status is behind, else as any event", () => {
    expect(eventPriority(object(1))).toBe('unanswered');
    expect(eventPriority(object(3, { status: 'Running', observedGeneration: 2 }))).toBe('unanswered');
    expect(eventPriority(object(3, { status: 'Running', observedGeneration: 3 }))).toBe('event');
    // A reference-mode event (no object) or a deletion carries nothing to judge by.
    expect(eventPriority(undefined)).toBe('event');
  });
});
