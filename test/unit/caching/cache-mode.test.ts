import { describe, expect, it } from 'vitest';
import { serviceCacheMode, templateCacheMode } from '../../../shared/caching/cache-mode.ts';

describe('serviceCacheMode', () => {
  it.each([
    ['Always', 'Shared'],
    ['Auto', 'Shared'],
    ['Shared', 'Shared'],
    ['Never', 'Dedicated'],
    ['Dedicated', 'Dedicated'],
    [undefined, 'Shared'],
  ] as const)('maps %s to %s', (requested, mode) => {
    expect(serviceCacheMode(requested)).toBe(mode);
  });
});

describe('templateCacheMode', () => {
  it('treats an empty mode as the CRD default Shared', () => {
    expect(templateCacheMode(undefined)).toBe('Shared');
    expect(templateCacheMode('')).toBe('Shared');
    expect(templateCacheMode('Dedicated')).toBe('Dedicated');
  });
});
