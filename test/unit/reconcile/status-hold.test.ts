import { describe, expect, it } from 'vitest';
import type { AIMStatus } from '../../../shared/constants/status.ts';
import { type HoldInput, statusHeldMs } from '../../../shared/reconcile/status-hold.ts';

const NOW = new Date('2026-05-01T12:00:00Z');
const reconciler = {
  firstStatusHoldMs: () => 1_000,
  settlingStatusHoldMs: (_obj: unknown, _fetched: unknown, _now: Date, applied: boolean) =>
    applied ? 3_000 : 2_000,
};

function input(
  aimStatus: AIMStatus,
  current: Record<string, unknown>,
  generation = 2,
): HoldInput<unknown, unknown> {
  return { obj: {}, fetched: {}, now: NOW, applied: true, aimStatus, current, generation };
}

describe('statusHeldMs', () => {
  it('asks the first-status hold while the object has no summary', () => {
    expect(statusHeldMs(reconciler, input('Progressing', {}))).toBe(1_000);
  });

  it('asks the settling hold while the summary is current and says the object is under way', () => {
    expect(
      statusHeldMs(reconciler, input('Progressing', { observedGeneration: 2, status: 'Starting' })),
    ).toBe(3_000);
    expect(
      statusHeldMs(reconciler, {
        ...input('Pending', { observedGeneration: 2, status: 'Pending' }),
        applied: false,
      }),
    ).toBe(2_000);
  });

  it('never holds an error, a new generation, or an object that was settled or failing', () => {
    const current = { observedGeneration: 2, status: 'Starting' };
    for (const status of ['Failed', 'Degraded', 'NotAvailable', 'Ready', 'Running'] as AIMStatus[]) {
      expect(statusHeldMs(reconciler, input(status, current))).toBe(0);
      expect(statusHeldMs(reconciler, input(status, {}))).toBe(0);
    }
    expect(statusHeldMs(reconciler, input('Progressing', current, 3))).toBe(0);
    for (const status of ['Running', 'Failed', 'Degraded', undefined]) {
      expect(statusHeldMs(reconciler, input('Progressing', { observedGeneration: 2, status }))).toBe(0);
    }
  });

  it('holds nothing for a kind without holds', () => {
    expect(statusHeldMs({}, input('Progressing', {}))).toBe(0);
    expect(statusHeldMs({}, input('Progressing', { observedGeneration: 2, status: 'Starting' }))).toBe(0);
  });
});
