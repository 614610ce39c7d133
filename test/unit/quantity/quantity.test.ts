import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ceilToGiB,
  compareQuantities,
  formatBinarySI,
  GIB,
  parseQuantity,
  parseQuantityMilli,
  QuantityError,
} from '../../../shared/quantity/quantity.ts';

describe('parseQuantity', () => {
  it.each([
    ['64Gi', 64n * GIB],
    ['512Mi', 536_870_912n],
    ['1Ki', 1024n],
    ['1Ei', 2n ** 60n],
    ['192G', 192_000_000_000n],
    ['1k', 1000n],
    ['1.5Gi', 1_610_612_736n],
    ['1e3', 1000n],
    ['1E', 10n ** 18n],
    ['2', 2n],
    ['+2', 2n],
    ['.5Ki', 512n],
    ['0', 0n],
    [' 10Mi ', 10n * 1024n * 1024n],
    [1073741824, GIB],
  ])('%j ⇒ %s bytes', (input, expected) => {
    expect(parseQuantity(input)).toBe(expected);
  });

  it('rounds fractions up away from zero, like resource.Quantity.Value()', () => {
    expect(parseQuantity('500m')).toBe(1n);
    expect(parseQuantity('1.1')).toBe(2n);
    expect(parseQuantity('-500m')).toBe(-1n);
    expect(parseQuantity(0.5)).toBe(1n);
  });

  it.each(['', 'Gi', '1GB', '1gi', '1e', '1.2.3', 'abc', '1 Gi', '1e1001'])('rejects %j', (input) => {
    expect(() => parseQuantity(input)).toThrow(QuantityError);
  });

  it('rejects non-finite numbers', () => {
    expect(() => parseQuantity(Number.POSITIVE_INFINITY)).toThrow(QuantityError);
  });
});

describe('parseQuantityMilli', () => {
  it.each([
    ['500m', 500n],
    ['2', 2000n],
    ['0.1', 100n],
    ['1u', 1n],
  ])('%j ⇒ %s', (input, expected) => {
    expect(parseQuantityMilli(input)).toBe(expected);
  });
});

describe('compareQuantities', () => {
  it('compares exactly across units', () => {
    expect(compareQuantities('1Gi', '1073741824')).toBe(0);
    expect(compareQuantities('64Gi', '192G')).toBe(-1);
    expect(compareQuantities('1G', '1Gi')).toBe(-1);
    expect(compareQuantities('1001m', '1')).toBe(1);
  });
});

describe('formatBinarySI', () => {
  it.each([
    [536_870_912, '512Mi'],
    [1_073_741_824, '1Gi'],
    [10n * GIB, '10Gi'],
    [1536, '1536'],
    [1024, '1Ki'],
    [512, '512'],
    [0, '0'],
    [1000, '1k'],
    [2n ** 70n, '1024Ei'],
    [-2048, '-2Ki'],
  ])('%s ⇒ %s', (input, expected) => {
    expect(formatBinarySI(input)).toBe(expected);
  });

  it('writes the discovery size of 0.5 GB as 512Mi (spec §8.4)', () => {
    expect(formatBinarySI(Math.trunc(0.5 * 1024 ** 3))).toBe('512Mi');
  });

  it('rejects non-integers', () => {
    expect(() => formatBinarySI(1.5)).toThrow(RangeError);
  });

  it('round-trips through parseQuantity', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }), (n) => {
        expect(parseQuantity(formatBinarySI(n))).toBe(n);
      }),
    );
  });
});

describe('ceilToGiB (PVC sizing, spec §12.1)', () => {
  const withHeadroom = (bytes: bigint, percent: number) => (bytes * BigInt(100 + percent)) / 100n;

  it.each([
    [withHeadroom(100n * 1024n * 1024n, 10), '1Gi'],
    [withHeadroom(9_094_593_249n, 10), '10Gi'],
    [GIB, '1Gi'],
    [GIB + 1n, '2Gi'],
  ])('%s bytes ⇒ %s', (bytes, expected) => {
    expect(formatBinarySI(ceilToGiB(bytes))).toBe(expected);
  });

  it('is zero for zero', () => {
    expect(ceilToGiB(0)).toBe(0n);
  });
});
