import { describe, expect, it } from 'vitest';
import { parseQuantity } from '../../../../local/simulator/quantity.ts';

describe('parseQuantity', () => {
  it.each([
    ['8', 8],
    ['500m', 0.5],
    ['32Gi', 32 * 2 ** 30],
    ['1G', 1e9],
    ['1e3', 1000],
    ['1.5Ki', 1536],
  ])('%s is %d', (text, value) => {
    expect(parseQuantity(text)).toBe(value);
  });

  it('rejects malformed text', () => {
    expect(parseQuantity('lots')).toBeUndefined();
    expect(parseQuantity('1Qi')).toBeUndefined();
    expect(parseQuantity(undefined)).toBeUndefined();
  });
});
