import { describe, expect, it } from 'vitest';
import { firstStatusHoldMs } from '../../../shared/reconcile/first-status-hold.ts';

const NOW = new Date('2026-11-25T12:00:00Z');
const writer = { ownedConditionTypes: ['CacheReady'], firstStatusHoldMs: () => 1500 };
const inputs = (): [unknown, unknown, Date] => [{}, {}, NOW];

describe('firstStatusHoldMs', () => {
  it('holds a component writer that has written none of its conditions', () => {
    const previous = { conditions: [{ type: 'TemplateReady', status: 'False', reason: 'TemplateNotReady' }] };
    expect(firstStatusHoldMs(writer, 'component', previous, inputs)).toBe(1500);
  });

  it('never holds once one of its conditions is written', () => {
    const previous = { conditions: [{ type: 'CacheReady', status: 'False', reason: 'CacheCreating' }] };
    expect(firstStatusHoldMs(writer, 'component', previous, inputs)).toBe(0);
  });

  it('never holds the object’s summary or single writer', () => {
    expect(firstStatusHoldMs(writer, 'summary', {}, inputs)).toBe(0);
    expect(firstStatusHoldMs(writer, 'single', {}, inputs)).toBe(0);
  });

  it('asks the reconciler only when it may hold', () => {
    let asked = 0;
    const counting = {
      ...writer,
      firstStatusHoldMs: () => {
        asked += 1;
        return -5;
      },
    };
    expect(firstStatusHoldMs(counting, 'component', {}, inputs)).toBe(0);
    expect(firstStatusHoldMs(counting, 'summary', {}, inputs)).toBe(0);
    expect(asked).toBe(1);
  });
});
