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

  it('keeps a Warning a Warning when it folds into a Normal transition', () => {
    const warning = { ...running, type: 'Warning' as const };
    expect(foldEvents([readyTrue], [warning]).conditionEvents[0]?.type).toBe('Warning');
  });
});
