import { describe, expect, it } from 'vitest';
import {
  backoffRemainingSeconds,
  discoveryBackoffSeconds,
  recordDiscoveryFailure,
  shouldCreateDiscoveryJob,
} from '../../../shared/templates/circuit-breaker.ts';

const T0 = new Date('2026-05-01T12:00:00Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

describe('discovery circuit breaker (spec §8.6)', () => {
  it('backs off 60 s · 2^(attempts−1), capped at an hour', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 100].map(discoveryBackoffSeconds)).toEqual([
      0, 60, 120, 240, 480, 960, 1920, 3600, 3600,
    ]);
  });

  it('counts a failed job once, however often it is reconciled', () => {
    const first = recordDiscoveryFailure(
      undefined,
      { jobCreationTimestamp: '2026-05-01T11:59:00Z', reason: 'boom' },
      'h1',
      T0,
    );
    expect(first).toEqual({
      attempts: 1,
      lastAttemptTime: '2026-05-01T12:00:00Z',
      lastFailureReason: 'boom',
      specHash: 'h1',
    });
    const again = recordDiscoveryFailure(
      first,
      { jobCreationTimestamp: '2026-05-01T11:59:00Z', reason: 'boom' },
      'h1',
      at(30),
    );
    expect(again).toEqual(first);
    const next = recordDiscoveryFailure(
      first,
      { jobCreationTimestamp: '2026-05-01T12:01:05Z', reason: 'bang' },
      'h1',
      at(70),
    );
    expect(next).toMatchObject({
      attempts: 2,
      lastFailureReason: 'bang',
      lastAttemptTime: '2026-05-01T12:01:10Z',
    });
  });

  it('starts afresh when the spec hash changes', () => {
    const state = {
      attempts: 4,
      lastAttemptTime: '2026-05-01T12:00:00Z',
      lastFailureReason: 'x',
      specHash: 'old',
    };
    expect(shouldCreateDiscoveryJob(state, 'new', at(1))).toBe(true);
    expect(backoffRemainingSeconds(state, 'new', at(1))).toBe(0);
    expect(
      recordDiscoveryFailure(
        state,
        { jobCreationTimestamp: '2026-05-01T11:00:00Z', reason: 'y' },
        'new',
        at(5),
      ),
    ).toMatchObject({ attempts: 1, specHash: 'new', lastFailureReason: 'y' });
  });

  it('gates the next attempt until the backoff has passed', () => {
    const state = { attempts: 2, lastAttemptTime: '2026-05-01T12:00:00Z', specHash: 'h' };
    expect(shouldCreateDiscoveryJob(undefined, 'h', T0)).toBe(true);
    expect(shouldCreateDiscoveryJob({ attempts: 0 }, 'h', T0)).toBe(true);
    expect(shouldCreateDiscoveryJob(state, 'h', at(119))).toBe(false);
    expect(backoffRemainingSeconds(state, 'h', at(100))).toBe(20);
    expect(shouldCreateDiscoveryJob(state, 'h', at(120))).toBe(true);
  });
});
