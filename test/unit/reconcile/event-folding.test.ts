import { describe, expect, it } from 'vitest';
import type { ConditionEvent } from '../../../shared/reconcile/condition-events.ts';
import { foldEvents } from '../../../shared/reconcile/event-folding.ts';

const readyTrue: ConditionEvent = {
  conditionType: 'Ready',
  type: 'Normal',
  reason: 'AllComponentsReady',
  message: 'All components are ready',
};
const podsReady: ConditionEvent = {
  conditionType: 'InferenceServicePodsReady',
  type: 'Normal',
  reason: 'PodsReady',
  message: 'Pods are ready',
};
const running = {
  type: 'Normal' as const,
  reason: 'ServiceRunning',
  message: 'Service is running (was Starting)',
  foldsInto: 'Ready',
};

describe('foldEvents', () => {
  it('lends the message to the transition it restates, keeping the condition’s reason', () => {
    const folded = foldEvents([podsReady, readyTrue], [running]);
    expect(folded.standalone).toEqual([]);
    expect(folded.conditionEvents).toEqual([
      podsReady,
      { ...readyTrue, message: 'Service is running (was Starting)' },
    ]);
  });

  it('records the event on its own when that condition did not transition in this write', () => {
    const folded = foldEvents([podsReady], [running]);
    expect(folded.standalone).toEqual([running]);
    expect(folded.conditionEvents).toEqual([podsReady]);
  });

  it('never folds an event that names no condition', () => {
    const failed = { type: 'Warning' as const, reason: 'ServiceFailed', message: 'Service failed' };
    expect(foldEvents([readyTrue], [failed])).toEqual({ conditionEvents: [readyTrue], standalone: [failed] });
  });

  it('appends an event that accompanies a transition to that transition’s Event', () => {
    const cacheReady: ConditionEvent = {
      conditionType: 'CacheReady',
      type: 'Normal',
      reason: 'CacheReady',
      message: 'Template cache is ready',
    };
    const created = {
      type: 'Normal' as const,
      reason: 'InferenceServiceCreated',
      message: 'Created InferenceService ns/svc',
      foldsInto: 'InferenceServiceReady',
      joins: ['CacheReady'],
    };
    expect(foldEvents([cacheReady, podsReady], [created])).toEqual({
      conditionEvents: [
        { ...cacheReady, message: 'Template cache is ready; Created InferenceService ns/svc' },
        podsReady,
      ],
      standalone: [],
    });
    // The condition it restates wins over one it accompanies.
    const isvc: ConditionEvent = {
      ...cacheReady,
      conditionType: 'InferenceServiceReady',
      reason: 'CreatingRuntime',
    };
    expect(foldEvents([cacheReady, isvc], [created]).conditionEvents).toEqual([
      cacheReady,
      { ...isvc, message: 'Created InferenceService ns/svc' },
    ]);
    expect(foldEvents([podsReady], [created]).standalone).toEqual([created]);
  });

  it('keeps a Warning a Warning when it folds into a Normal transition', () => {
    const warning = { ...running, type: 'Warning' as const };
    expect(foldEvents([readyTrue], [warning]).conditionEvents[0]?.type).toBe('Warning');
  });
});
