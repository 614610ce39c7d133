import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RECONCILE_CONCURRENCY,
  reconcileConcurrencyFromEnv,
} from '../../../shared/runtime/reconcile-concurrency.ts';

describe('reconcileConcurrencyFromEnv', () => {
  it('defaults when unset or blank and takes a positive whole number', () => {
    expect(reconcileConcurrencyFromEnv({})).toBe(DEFAULT_RECONCILE_CONCURRENCY);
    expect(reconcileConcurrencyFromEnv({ AIM_RECONCILE_CONCURRENCY: ' ' })).toBe(
      DEFAULT_RECONCILE_CONCURRENCY,
    );
    expect(reconcileConcurrencyFromEnv({ AIM_RECONCILE_CONCURRENCY: '8' })).toBe(8);
  });

  it.each(['0', '-2', 'eight', '2.5'])('refuses %j, naming the variable', (value) => {
    expect(() => reconcileConcurrencyFromEnv({ AIM_RECONCILE_CONCURRENCY: value })).toThrow(
      /AIM_RECONCILE_CONCURRENCY/,
    );
  });
});
