import { describe, expect, it } from 'vitest';
import {
  globMatches,
  isExcluded,
  literalNamespace,
  parseFilterPattern,
  repositoryMatches,
  tagMatches,
} from '../../../shared/model-sources/filter-pattern.ts';

describe('filter patterns', () => {
  it.each([
    ['amdenterpriseai/aim-*', { repository: 'amdenterpriseai/aim-*', wildcard: true }],
    [
      'ghcr.io/silogen/aim-llama:1.0.0',
      { registry: 'ghcr.io', repository: 'silogen/aim-llama', tag: '1.0.0', wildcard: false },
    ],
    [
      '127.0.0.1:5000/org/*:latest',
      { registry: '127.0.0.1:5000', repository: 'org/*', tag: 'latest', wildcard: true },
    ],
    ['localhost/team/model', { registry: 'localhost', repository: 'team/model', wildcard: false }],
    ['model:2', { repository: 'model', tag: '2', wildcard: false }],
  ])('parses %s', (image, expected) => {
    expect(parseFilterPattern(image)).toEqual(expected);
  });

  it('globs with * over any sequence, slashes included, and nothing else special', () => {
    expect(globMatches('org/aim-*', 'org/aim-llama')).toBe(true);
    expect(globMatches('org/*', 'org/team/model')).toBe(true);
    expect(globMatches('org/aim-*', 'org/base')).toBe(false);
    expect(globMatches('org/a.b', 'org/aXb')).toBe(false);
    expect(globMatches('*-llama', 'x/aim-llama')).toBe(true);
  });

  it('names the literal namespace a vendor API is asked about', () => {
    expect(literalNamespace(parseFilterPattern('amdenterpriseai/aim-*'))).toBe('amdenterpriseai');
    expect(literalNamespace(parseFilterPattern('*/aim-*'))).toBeUndefined();
    expect(literalNamespace(parseFilterPattern('aim-*'))).toBeUndefined();
  });

  it('excludes by full repository or last segment, exactly', () => {
    expect(isExcluded('amdenterpriseai/aim-base', ['aim-base'])).toBe(true);
    expect(isExcluded('amdenterpriseai/aim-base', ['amdenterpriseai/aim-base'])).toBe(true);
    expect(isExcluded('amdenterpriseai/aim-base-2', ['aim-base'])).toBe(false);
    const filter = { image: 'amdenterpriseai/aim-*', exclude: ['aim-base'] };
    expect(repositoryMatches(parseFilterPattern(filter.image), filter, 'amdenterpriseai/aim-base')).toBe(
      false,
    );
    expect(repositoryMatches(parseFilterPattern(filter.image), filter, 'amdenterpriseai/aim-qwen')).toBe(
      true,
    );
  });

  it('matches an explicit tag exactly, else the filter constraints, else the global ones', () => {
    const tagged = { image: 'org/*:0.8.4' };
    expect(tagMatches(parseFilterPattern(tagged.image), tagged, ['>=1.0.0'], '0.8.4')).toBe(true);
    expect(tagMatches(parseFilterPattern(tagged.image), tagged, [], '0.8.40')).toBe(false);
    const own = { image: 'org/*', versions: ['<1.0.0'] };
    expect(tagMatches(parseFilterPattern(own.image), own, ['>=1.0.0'], '0.9.0')).toBe(true);
    const plain = { image: 'org/*' };
    expect(tagMatches(parseFilterPattern(plain.image), plain, ['>=1.0.0'], '0.9.0')).toBe(false);
    expect(tagMatches(parseFilterPattern(plain.image), plain, undefined, 'latest')).toBe(true);
  });
});
