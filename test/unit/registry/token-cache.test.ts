import { describe, expect, it } from 'vitest';
import { credentialsFingerprint, TokenCache } from '../../../shared/registry/token-cache.ts';

describe('TokenCache', () => {
  it('serves a token until shortly before it expires', () => {
    let now = 1_000_000;
    const cache = new TokenCache({ now: () => now });
    const key = TokenCache.key('reg', 'repository:a:pull', undefined);
    cache.set(key, 't1', 60);
    now += 50_000;
    expect(cache.get(key)).toBe('t1');
    now += 6_000;
    expect(cache.get(key)).toBeUndefined();
  });

  it("keys tokens by credentials so that one secret never gets another secret's token", () => {
    const cache = new TokenCache();
    const alice = TokenCache.key('reg', 's', { username: 'alice', password: 'a' });
    const mallory = TokenCache.key('reg', 's', { username: 'alice', password: 'wrong' });
    cache.set(alice, 'alice-token', 300);
    expect(cache.get(mallory)).toBeUndefined();
    expect(cache.get(TokenCache.key('reg', 's', undefined))).toBeUndefined();
  });

  it('fingerprints credentials without revealing them', () => {
    const fingerprint = credentialsFingerprint({ username: 'user', password: 'p4ssw0rd' });
    expect(fingerprint).not.toContain('p4ssw0rd');
    expect(fingerprint).not.toContain('user');
    expect(fingerprint).toMatch(/^[0-9a-f]{32}$/);
  });

  it('evicts the oldest entry when full', () => {
    const cache = new TokenCache({ maxEntries: 2 });
    cache.set('a', '1', 60);
    cache.set('b', '2', 60);
    cache.set('c', '3', 60);
    expect(cache.size).toBe(2);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('c')).toBe('3');
  });
});
