/** Human-readable sizes for `AIMArtifact.status.displaySize` (spec §12.3): `100 MiB`, `2.2 GiB`, `1 GiB`. */

const UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB', 'EiB'] as const;

/** Go's `%.Nf` rounds exact halves to even; `toFixed` rounds them up. Byte ratios are often exact halves. */
function roundHalfEven(value: number): number {
  const floor = Math.floor(value);
  const rest = value - floor;
  if (rest > 0.5) return floor + 1;
  if (rest < 0.5) return floor;
  return floor % 2 === 0 ? floor : floor + 1;
}

/**
 * Largest binary unit that keeps the value ≥ 1; values of 100 or more are shown as integers, smaller
 * ones with one decimal unless they are whole.
 */
export function formatDisplaySize(bytes: bigint | number): string {
  let value = Number(bytes);
  let unit = 0;
  while (Math.abs(value) >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const text =
    Math.abs(value) >= 100 || Number.isInteger(value)
      ? String(roundHalfEven(value))
      : (roundHalfEven(value * 10) / 10).toFixed(1);
  return `${text} ${UNITS[unit]}`;
}
