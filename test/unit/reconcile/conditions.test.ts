import { describe, expect, it } from 'vitest';
import { CONDITION_MESSAGE_MAX_LENGTH } from '../../../shared/api/common/condition.ts';
import {
  boundedMessage,
  ConditionSet,
  findCondition,
  setCondition,
} from '../../../shared/reconcile/conditions.ts';

const T0 = new Date('2025-03-01T12:00:00.456Z');
const T1 = new Date('2025-03-01T12:05:00Z');

describe('setCondition (spec §5.4)', () => {
  it('stamps new conditions with now at second precision and appends them', () => {
    const list = setCondition([], { type: 'A', status: 'True', reason: 'Ok', message: '' }, T0);
    const next = setCondition(list, { type: 'B', status: 'False', reason: 'No', message: 'm' }, T1);
    expect(next.map((c) => c.type)).toEqual(['A', 'B']);
    expect(next[0]?.lastTransitionTime).toBe('2025-03-01T12:00:00Z');
    expect(list).toHaveLength(1);
  });

  it('keeps lastTransitionTime and position for message-only changes, moves it on status or reason change', () => {
    const list = setCondition(
      setCondition([], { type: 'A', status: 'False', reason: 'Wait', message: 'x' }, T0),
      { type: 'B', status: 'True', reason: 'Ok', message: '' },
      T0,
    );
    const messageOnly = setCondition(list, { type: 'A', status: 'False', reason: 'Wait', message: 'y' }, T1);
    expect(findCondition(messageOnly, 'A')).toMatchObject({
      message: 'y',
      lastTransitionTime: '2025-03-01T12:00:00Z',
    });
    expect(messageOnly.map((c) => c.type)).toEqual(['A', 'B']);
    const reason = setCondition(list, { type: 'A', status: 'False', reason: 'Other', message: 'x' }, T1);
    expect(findCondition(reason, 'A')?.lastTransitionTime).toBe('2025-03-01T12:05:00Z');
    const status = setCondition(list, { type: 'A', status: 'True', reason: 'Wait', message: 'x' }, T1);
    expect(findCondition(status, 'A')?.lastTransitionTime).toBe('2025-03-01T12:05:00Z');
  });

  it('ConditionSet stamps observedGeneration', () => {
    const set = new ConditionSet(undefined, T0, 3);
    set.set('A', 'True', 'Ok', '');
    expect(set.get('A')).toMatchObject({ observedGeneration: 3 });
    expect(set.list()).toHaveLength(1);
  });
});

describe('a condition message', () => {
  it('is kept within what the API server takes, so a long one cannot cost the object its status', () => {
    const long = `Failed to apply resources: ${'PersistentVolumeClaim team/c: 422 Invalid; '.repeat(1000)}`;
    const [condition] = setCondition(
      [],
      { type: 'DependenciesReachable', status: 'False', reason: 'InfrastructureError', message: long },
      new Date('2025-03-01T12:00:00Z'),
    );
    expect(condition?.message).toHaveLength(CONDITION_MESSAGE_MAX_LENGTH);
    expect(condition?.message.endsWith('…')).toBe(true);
    expect(condition?.message.startsWith('Failed to apply resources: PersistentVolumeClaim team/c')).toBe(
      true,
    );
    expect(boundedMessage('short')).toBe('short');
  });
});
