import { describe, expect, it } from 'vitest';
import { bytesToWholeGiB, parseVram } from '../../../shared/gpu/vram.ts';

describe('parseVram (spec §9.2)', () => {
  it.each([
    ['192G', 192 * 1024 ** 3],
    ['288G', 288 * 1024 ** 3],
    ['1T', 1024 ** 4],
    ['4096', 4096],
    [' 64G ', 64 * 1024 ** 3],
    ['64Gi', 0],
    ['64g', 0],
    ['1.5G', 0],
    ['', 0],
    ['lots', 0],
    ['99999999999999T', 0],
  ])('%j ⇒ %s', (input, bytes) => {
    expect(parseVram(input)).toBe(bytes);
  });

  it('shows whole GiB', () => {
    expect(bytesToWholeGiB(parseVram('192G'))).toBe(192);
    expect(bytesToWholeGiB(1.5 * 1024 ** 3)).toBe(1);
  });
});
