/**
 * Kubernetes resource quantities (`16Gi`, `500m`, `1e3`, `2`) as exact values. Sizes and VRAM are
 * compared in bytes, PVCs are sized in whole GiB and written back in canonical binary-SI form.
 */

export class QuantityError extends Error {
  readonly input: string;

  constructor(input: string) {
    super(`invalid quantity "${input}"`);
    this.name = 'QuantityError';
    this.input = input;
  }
}

const QUANTITY_SYNTAX = /^([+-]?)(\d+(?:\.\d*)?|\.\d+)(Ki|Mi|Gi|Ti|Pi|Ei|[numkMGTPE]|[eE][+-]?\d+)?$/;

export const BINARY_SUFFIXES = ['', 'Ki', 'Mi', 'Gi', 'Ti', 'Pi', 'Ei'] as const;
export const DECIMAL_EXPONENTS: Readonly<Record<string, number>> = {
  n: -9,
  u: -6,
  m: -3,
  '': 0,
  k: 3,
  M: 6,
  G: 9,
  T: 12,
  P: 15,
  E: 18,
};
/** Far beyond any real quantity; keeps `1e999999999` from allocating a gigantic bigint. */
const MAX_DECIMAL_EXPONENT = 1000;

/** An exact rational `numerator / denominator` with a positive denominator. */
interface Exact {
  numerator: bigint;
  denominator: bigint;
}

/** A quantity's text split as Go's parser splits it; `suffix` is '' for plain numbers. */
export interface QuantityParts {
  /** The trimmed text (Go's UnmarshalJSON trims spaces too). */
  text: string;
  negative: boolean;
  whole: string;
  fraction: string;
  suffix: string;
}

export function scanQuantity(quantity: string | number): QuantityParts {
  const text = typeof quantity === 'number' ? String(quantity) : quantity.trim();
  const match = QUANTITY_SYNTAX.exec(text);
  if (!match) throw new QuantityError(text);
  const [, sign = '', digits = '', suffix = ''] = match;
  const [whole = '', fraction = ''] = digits.split('.');
  return { text, negative: sign === '-', whole, fraction, suffix };
}

/** The power of 1024 a binary-SI suffix stands for, or undefined for any other suffix. */
export function binaryPower(suffix: string): number | undefined {
  const power = BINARY_SUFFIXES.indexOf(suffix as (typeof BINARY_SUFFIXES)[number]);
  return suffix !== '' && power > 0 ? power : undefined;
}

/** The power of ten a decimal-SI or exponent suffix stands for (`E` alone is exa; `e3` / `E3` is 10³). */
export function decimalExponent(suffix: string, text: string): number {
  const exponent = suffix.length > 1 ? Number(suffix.slice(1)) : DECIMAL_EXPONENTS[suffix];
  if (exponent === undefined || Math.abs(exponent) > MAX_DECIMAL_EXPONENT) throw new QuantityError(text);
  return exponent;
}

function parseExact(quantity: string | number): Exact {
  const { text, negative, whole, fraction, suffix } = scanQuantity(quantity);
  let numerator = BigInt(`${whole}${fraction}` || '0');
  let denominator = 10n ** BigInt(fraction.length);

  const power = binaryPower(suffix);
  if (power !== undefined) {
    numerator *= 1024n ** BigInt(power);
  } else {
    const exponent = decimalExponent(suffix, text);
    if (exponent >= 0) numerator *= 10n ** BigInt(exponent);
    else denominator *= 10n ** BigInt(-exponent);
  }
  return { numerator: negative ? -numerator : numerator, denominator };
}

/** Rounds away from zero, like resource.Quantity's `Value()` / `MilliValue()`. */
function divideAwayFromZero(numerator: bigint, denominator: bigint): bigint {
  const magnitude = numerator < 0n ? -numerator : numerator;
  const rounded = (magnitude + denominator - 1n) / denominator;
  return numerator < 0n ? -rounded : rounded;
}

/** The quantity as an integer (bytes for memory and storage), rounded up away from zero. */
export function parseQuantity(quantity: string | number): bigint {
  const { numerator, denominator } = parseExact(quantity);
  return divideAwayFromZero(numerator, denominator);
}

/** The quantity in thousandths (e.g. millicores), rounded up away from zero. */
export function parseQuantityMilli(quantity: string | number): bigint {
  const { numerator, denominator } = parseExact(quantity);
  return divideAwayFromZero(numerator * 1000n, denominator);
}

/** Exact comparison: -1, 0 or 1. */
export function compareQuantities(a: string | number, b: string | number): -1 | 0 | 1 {
  const x = parseExact(a);
  const y = parseExact(b);
  const left = x.numerator * y.denominator;
  const right = y.numerator * x.denominator;
  return left < right ? -1 : left > right ? 1 : 0;
}

function toBigInt(value: bigint | number): bigint {
  if (typeof value === 'bigint') return value;
  if (!Number.isSafeInteger(value)) throw new RangeError(`${value} is not a safe integer`);
  return BigInt(value);
}

/**
 * Canonical binary-SI form of an integer, as the API server writes it: the largest power of 1024
 * that divides it exactly (536870912 → `512Mi`, 1536 → `1536`); below 1024 Kubernetes switches to
 * decimal SI, which only matters for 1000 → `1k`.
 */
export function formatBinarySI(value: bigint | number): string {
  const n = toBigInt(value);
  const magnitude = n < 0n ? -n : n;
  if (magnitude < 1024n) return magnitude === 1000n ? `${n / 1000n}k` : n.toString();
  let power = 0;
  let scaled = n;
  while (power < BINARY_SUFFIXES.length - 1 && scaled % 1024n === 0n) {
    scaled /= 1024n;
    power++;
  }
  return `${scaled}${BINARY_SUFFIXES[power]}`;
}

export const GIB = 1024n ** 3n;

/** Rounds a byte count up to a whole number of GiB (PVC sizing, spec §12.1). */
export function ceilToGiB(bytes: bigint | number): bigint {
  const n = toBigInt(bytes);
  if (n <= 0n) return 0n;
  return ((n + GIB - 1n) / GIB) * GIB;
}
