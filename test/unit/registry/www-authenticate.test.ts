import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseWwwAuthenticate } from '../../../shared/registry/www-authenticate.ts';

describe('parseWwwAuthenticate', () => {
  it('parses a Bearer challenge with quoted parameters', () => {
    expect(
      parseWwwAuthenticate(
        'Bearer realm="https://auth.docker.io/token",service="registry.docker.io",scope="repository:library/ubuntu:pull"',
      ),
    ).toEqual([
      {
        scheme: 'bearer',
        params: {
          realm: 'https://auth.docker.io/token',
          service: 'registry.docker.io',
          scope: 'repository:library/ubuntu:pull',
        },
      },
    ]);
  });

  it('parses several challenges, unquoted values, escapes and odd spacing', () => {
    expect(
      parseWwwAuthenticate('Basic realm="a \\"b\\"" , Bearer realm=https://x/token , error = invalid_token'),
    ).toEqual([
      { scheme: 'basic', params: { realm: 'a "b"' } },
      { scheme: 'bearer', params: { realm: 'https://x/token', error: 'invalid_token' } },
    ]);
  });

  it('keeps commas inside quoted scopes', () => {
    const [challenge] = parseWwwAuthenticate('Bearer realm="r",scope="repository:a:pull,push"');
    expect(challenge?.params.scope).toBe('repository:a:pull,push');
  });

  it('tolerates token68 credentials and empty input', () => {
    expect(parseWwwAuthenticate('Negotiate abc123==, Basic realm="x"')).toEqual([
      { scheme: 'negotiate', params: {} },
      { scheme: 'basic', params: { realm: 'x' } },
    ]);
    expect(parseWwwAuthenticate('')).toEqual([]);
    expect(parseWwwAuthenticate(null)).toEqual([]);
  });

  it('never throws and always terminates on arbitrary input', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        const challenges = parseWwwAuthenticate(text);
        expect(Array.isArray(challenges)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
