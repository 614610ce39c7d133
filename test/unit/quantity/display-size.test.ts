import { describe, expect, it } from 'vitest';
import { formatDisplaySize } from '../../../shared/quantity/display-size.ts';

const MIB = 1024 ** 2;
const GIB = 1024 ** 3;

describe('formatDisplaySize (spec §12.3)', () => {
  it.each([
    [100 * MIB, '100 MiB'],
    [2.2 * GIB, '2.2 GiB'],
    [GIB, '1 GiB'],
    [42.5 * GIB, '42.5 GiB'],
    [512, '512 B'],
    [0, '0 B'],
    [1536, '1.5 KiB'],
    [150.7 * GIB, '151 GiB'],
    [1024 ** 4 * 3, '3 TiB'],
  ])('%s bytes ⇒ %s', (bytes, expected) => {
    expect(formatDisplaySize(bytes)).toBe(expected);
  });

  it('rounds exact halves to even, as Go does', () => {
    expect(formatDisplaySize(2.25 * GIB)).toBe('2.2 GiB');
    expect(formatDisplaySize(2.75 * GIB)).toBe('2.8 GiB');
    expect(formatDisplaySize(100.5 * GIB)).toBe('100 GiB');
  });

  it('accepts bigint', () => {
    expect(formatDisplaySize(5n * BigInt(GIB))).toBe('5 GiB');
  });
});
