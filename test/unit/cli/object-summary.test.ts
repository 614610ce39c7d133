import { describe, expect, it } from 'vitest';
import { conditionLine, keyCondition, statusWord, summarize } from '../../../cli/object-summary.ts';
import type { KubeObject } from '../../../shared/kube/types.ts';

function object(kind: string, status: Record<string, unknown>): KubeObject {
  return {
    apiVersion: 'v1',
    kind,
    metadata: { name: 'x', namespace: 'team', creationTimestamp: '2026-01-01T00:00:00Z' },
    status,
  };
}

const ready = { type: 'Ready', status: 'True', lastTransitionTime: '2026-01-01T00:01:00Z' };

describe('keyCondition', () => {
  it('is Ready when the object is ready', () => {
    expect(keyCondition(object('AIMService', { status: 'Running', conditions: [ready] }))).toEqual(ready);
  });

  it('is the upstream-most component that does not hold, not the summary restating it', () => {
    const service = object('AIMService', {
      status: 'Failed',
      conditions: [
        { type: 'Ready', status: 'False', reason: 'Failed' },
        { type: 'ConfigValid', status: 'False', reason: 'ReferenceNotFound' },
        { type: 'CacheReady', status: 'False', reason: 'Waiting' },
        { type: 'ModelReady', status: 'False', reason: 'ModelNotFound', message: 'model "m" not found' },
      ],
    });
    expect(keyCondition(service)?.reason).toBe('ModelNotFound');
  });

  it('falls back to the summary when no component fails (an invalid spec)', () => {
    const service = object('AIMService', {
      status: 'Failed',
      conditions: [
        { type: 'Ready', status: 'False' },
        { type: 'ConfigValid', status: 'False', reason: 'InvalidSpec' },
      ],
    });
    expect(keyCondition(service)?.reason).toBe('InvalidSpec');
  });

  it("names a pod's waiting container before its conditions", () => {
    const pod = object('Pod', {
      phase: 'Pending',
      conditions: [{ type: 'Ready', status: 'False' }],
      containerStatuses: [
        { name: 'kserve-container', state: { waiting: { reason: 'ImagePullBackOff', message: 'back-off' } } },
      ],
    });
    expect(keyCondition(pod)).toMatchObject({
      reason: 'ImagePullBackOff',
      message: 'kserve-container: back-off',
    });
    expect(statusWord(pod)).toBe('Pending');
  });
});

describe('summarize', () => {
  it('takes the AIM status word, the creation time and when Ready became True', () => {
    expect(summarize(object('AIMModel', { status: 'Ready', conditions: [ready] }))).toMatchObject({
      kind: 'AIMModel',
      status: 'Ready',
      createdAt: '2026-01-01T00:00:00Z',
      readyAt: '2026-01-01T00:01:00Z',
    });
  });

  it('calls an InferenceService Ready or NotReady by its Ready condition', () => {
    expect(statusWord(object('InferenceService', { conditions: [ready] }))).toBe('Ready');
    expect(statusWord(object('InferenceService', { conditions: [{ type: 'Ready', status: 'False' }] }))).toBe(
      'NotReady',
    );
    expect(summarize(object('InferenceService', { conditions: [] })).readyAt).toBeUndefined();
  });

  it('prints a condition as Type=Status Reason: message', () => {
    expect(
      conditionLine({ type: 'ModelReady', status: 'False', reason: 'ModelNotFound', message: 'gone' }),
    ).toBe('ModelReady=False ModelNotFound: gone');
    expect(conditionLine(undefined)).toBe('');
  });
});
