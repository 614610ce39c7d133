import { describe, expect, it } from 'vitest';
import { canonicalQuantity, canonicalQuantityOrSelf } from '../../../shared/quantity/canonical.ts';

describe('canonicalQuantity', () => {
  it.each([
    ['2000m', '2'],
    ['500m', '500m'],
    ['1.5', '1500m'],
    ['2', '2'],
    ['1000', '1k'],
    ['1500000', '1500k'],
    ['0.1', '100m'],
    ['1024Mi', '1Gi'],
    ['64Gi', '64Gi'],
    ['1536Mi', '1536Mi'],
    [4, '4'],
  ])('%j → %j', (input, expected) => {
    expect(canonicalQuantity(input)).toBe(expected);
  });

  it('leaves what is not a quantity alone in the lenient variant', () => {
    expect(canonicalQuantityOrSelf('lots')).toBe('lots');
    expect(() => canonicalQuantity('lots')).toThrow(/invalid quantity/);
  });
});
