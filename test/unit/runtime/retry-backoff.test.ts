import { describe, expect, it } from 'vitest';
import { MAX_RETRY_SECONDS, RetryBackoff } from '../../../shared/runtime/retry-backoff.ts';

describe('RetryBackoff', () => {
  it('doubles per failure of a key from 0.5 s up to the cap, each key on its own', () => {
    const backoff = new RetryBackoff();
    expect([1, 2, 3, 4].map(() => backoff.next('a'))).toEqual([0.5, 1, 2, 4]);
    expect(backoff.next('b')).toBe(0.5);
    for (let i = 0; i < 20; i++) backoff.next('a');
    expect(backoff.next('a')).toBe(MAX_RETRY_SECONDS);
  });

  it('starts again from 0.5 s after a success and forgets the key', () => {
    const backoff = new RetryBackoff();
    backoff.next('a');
    backoff.next('a');
    backoff.reset('a');
    expect(backoff.size).toBe(0);
    expect(backoff.next('a')).toBe(0.5);
  });
});
