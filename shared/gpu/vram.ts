/** VRAM strings in the device plugin's label format (spec §9.2). */

const GIB = 1024 ** 3;
const TIB = 1024 ** 4;

/** `<int>G` → n·1024³ bytes, `<int>T` → n·1024⁴, bare digits → bytes; anything else → 0 (unknown). */
export function parseVram(value: string): number {
  const match = /^(\d+)([GT]?)$/.exec(value.trim());
  if (!match) return 0;
  const amount = Number(match[1]);
  const bytes = match[2] === 'G' ? amount * GIB : match[2] === 'T' ? amount * TIB : amount;
  return Number.isSafeInteger(bytes) ? bytes : 0;
}

/** Whole GiB, as the availability messages show VRAM. */
export function bytesToWholeGiB(bytes: number): number {
  return Math.floor(bytes / GIB);
}
