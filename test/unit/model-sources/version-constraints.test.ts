import { describe, expect, it } from 'vitest';
import { compareSemVer, parseSemVer } from '../../../shared/model-sources/semver.ts';
import { parseConstraint, tagSatisfies } from '../../../shared/model-sources/version-constraints.ts';

describe('semver tags', () => {
  it.each([
    ['0.8.4', { major: 0, minor: 8, patch: 4, prerelease: [] }],
    ['v1.2.3', { major: 1, minor: 2, patch: 3, prerelease: [] }],
    ['1.2', { major: 1, minor: 2, patch: 0, prerelease: [] }],
    ['1.0.0-rc.1+build.5', { major: 1, minor: 0, patch: 0, prerelease: ['rc', '1'] }],
  ])('parses %s', (tag, expected) => {
    expect(parseSemVer(tag)).toEqual(expected);
  });

  it.each(['latest', 'main', '1.2.3.4', 'v', '1.2.3-', 'x1.2.3'])('does not parse %s', (tag) => {
    expect(parseSemVer(tag)).toBeUndefined();
  });

  it('orders by precedence, a prerelease before its release', () => {
    const sorted = [
      '1.0.0',
      '1.0.0-rc.1',
      '1.0.0-alpha',
      '1.0.0-alpha.1',
      '0.9.10',
      '0.9.9',
      '1.0.0-beta.11',
      '1.0.0-beta.2',
    ]
      .map((tag) => ({ tag, v: parseSemVer(tag)! }))
      .sort((a, b) => compareSemVer(a.v, b.v))
      .map(({ tag }) => tag);
    expect(sorted).toEqual([
      '0.9.9',
      '0.9.10',
      '1.0.0-alpha',
      '1.0.0-alpha.1',
      '1.0.0-beta.2',
      '1.0.0-beta.11',
      '1.0.0-rc.1',
      '1.0.0',
    ]);
  });
});

describe('version constraints', () => {
  it.each([
    // [constraint, passing tags, failing tags]
    ['0.8.4', ['0.8.4', 'v0.8.4'], ['0.8.5', '0.8.3']],
    ['0.8', ['0.8.0'], ['0.8.1']],
    ['>=0.8', ['0.8.0', '1.0.0'], ['0.7.9']],
    ['>= 0.8.0, < 0.9', ['0.8.0', '0.8.99'], ['0.9.0']],
    ['>=0.8.0 <0.9.0', ['0.8.5'], ['0.9.0']],
    ['~0.8', ['0.8.0', '0.8.9'], ['0.9.0']],
    ['~1', ['1.9.9'], ['2.0.0']],
    ['^1.2.3', ['1.2.3', '1.9.0'], ['2.0.0', '1.2.2']],
    ['^0.2.3', ['0.2.9'], ['0.3.0']],
    ['1.2.x', ['1.2.0', '1.2.7'], ['1.3.0']],
    ['*', ['0.0.1', '9.9.9'], []],
    ['!=0.8.4', ['0.8.5'], ['0.8.4']],
    ['>1.0.0', ['1.0.1'], ['1.0.0']],
    ['<=1.0.0', ['1.0.0'], ['1.0.1']],
    ['1.0 - 1.2', ['1.0.0', '1.2.0'], ['1.2.1', '0.9.0']],
    ['<0.5 || >=1.0', ['0.4.0', '1.1.0'], ['0.7.0']],
  ])('%s', (constraint, passing, failing) => {
    for (const tag of passing) expect(tagSatisfies(tag, [constraint]), tag).toBe(true);
    for (const tag of failing) expect(tagSatisfies(tag, [constraint]), tag).toBe(false);
  });

  it('lets a prerelease through only a constraint that names a prerelease', () => {
    expect(tagSatisfies('0.9.0-rc1', ['>=0.8.0'])).toBe(false);
    expect(tagSatisfies('0.9.0-rc1', ['>=0.9.0-rc0'])).toBe(true);
  });

  it('needs every constraint; skips unparsable ones; rejects non-semver tags when there are constraints', () => {
    expect(tagSatisfies('0.8.4', ['>=0.8.0', '<0.8.4'])).toBe(false);
    expect(tagSatisfies('0.8.4', ['>=0.8.0', 'not a constraint'])).toBe(true);
    expect(parseConstraint('not a constraint')).toBeUndefined();
    expect(tagSatisfies('latest', ['not a constraint'])).toBe(false);
    expect(tagSatisfies('latest', [])).toBe(true);
  });
});
