/**
 * The text Go's `resource.Quantity` writes for a quantity parsed from some text: what the upstream
 * operator stores when it copies a user's quantity into an object it writes (and what the API
 * server stores for built-in kinds). Writing the same text keeps a takeover from rewriting those
 * objects and `kubectl diff` between the two controllers empty.
 *
 * apimachinery's canonical form keeps the suffix family of the input — binary SI (`Ki`…`Ei`),
 * decimal SI (`n`, `u`, `m`, ``, `k`…`E`) or decimal exponent (`e3`) — and writes the value as an
 * integer with the largest suffix that keeps it one (`2000m` → `2`, `1.5Gi` → `1536Mi`, `0.5` →
 * `500m`); decimal suffixes move in steps of 10³. Binary values below 1024 in magnitude or with a
 * fraction are written in decimal SI (`0.5Ki` → `512`), parsing rounds finer than nano away from
 * zero (`0.1n` → `1n`) and caps binary values at 2⁶³−1.
 *
 * Go's parser also remembers text it already considers canonical and writes it back verbatim,
 * which lets a few non-canonical spellings through (`+1`, `007`, `1.500`, `1E3`); that is kept,
 * since it is exactly what the upstream operator writes.
 */
import {
  binaryPower,
  DECIMAL_EXPONENTS,
  decimalExponent,
  formatBinarySI,
  QuantityError,
  type QuantityParts,
  scanQuantity,
} from './quantity.ts';

const MAX_INT64 = 2n ** 63n - 1n;
/** apimachinery keeps values down to nano (10⁻⁹). */
const NANO_EXPONENT = -9;
/** Digits of an int64 mantissa on Go's fast parsing path (apimachinery's `maxInt64Factors`). */
const MAX_INT64_DIGITS = 18;

const DECIMAL_SUFFIX_BY_EXPONENT: ReadonlyMap<number, string> = new Map(
  Object.entries(DECIMAL_EXPONENTS).map(([suffix, exponent]) => [exponent, suffix]),
);

/**
 * Whether Go's ParseQuantity keeps `parts.text` as the quantity's serialisation: its int64 fast
 * path takes a binary integer of few digits, or a decimal of at most 18 digits and nano precision,
 * and keeps the text when it looks canonical already (binary: the number is not a multiple of 8;
 * decimal: the scale is a multiple of 3, no trailing `000`, no leading `0`).
 */
function keptAsWritten(parts: QuantityParts): boolean {
  if (parts.text === '0') return true;
  const shifted = (parts.whole.replace(/^0+/, '') || '0') + parts.fraction;
  const power = binaryPower(parts.suffix);
  if (power !== undefined) {
    const precision = 15 - shifted.length - 3 * power - 1;
    return parts.fraction === '' && precision >= 0 && BigInt(shifted) % 8n !== 0n;
  }
  const scale = decimalExponent(parts.suffix, parts.text) - parts.fraction.length;
  if (shifted.length > MAX_INT64_DIGITS || scale < NANO_EXPONENT) return false;
  return scale % 3 === 0 && !shifted.endsWith('000') && !shifted.startsWith('0');
}

/** |value| as `mantissa × 10^exponent`, rounded up to nano, binary values capped at 2⁶³−1. */
function magnitude(parts: QuantityParts): { mantissa: bigint; exponent: number } {
  let mantissa = BigInt(`${parts.whole}${parts.fraction}` || '0');
  let exponent = -parts.fraction.length;
  const power = binaryPower(parts.suffix);
  if (power === undefined) exponent += decimalExponent(parts.suffix, parts.text);
  else mantissa *= 1024n ** BigInt(power);
  if (exponent < NANO_EXPONENT) {
    const divisor = 10n ** BigInt(NANO_EXPONENT - exponent);
    mantissa = (mantissa + divisor - 1n) / divisor;
    exponent = NANO_EXPONENT;
  }
  if (power !== undefined) {
    const exceeds =
      exponent >= 0
        ? mantissa * 10n ** BigInt(exponent) > MAX_INT64
        : mantissa > MAX_INT64 * 10n ** BigInt(-exponent);
    if (exceeds) return { mantissa: MAX_INT64, exponent: 0 };
  }
  return { mantissa, exponent };
}

/** `mantissa × 10^exponent` with the exponent a multiple of 3, as large as an integer mantissa allows. */
function decimalText(value: { mantissa: bigint; exponent: number }, exponentForm: boolean): string {
  let { mantissa, exponent } = value;
  while (mantissa % 10n === 0n) {
    mantissa /= 10n;
    exponent++;
  }
  while (exponent % 3 !== 0) {
    mantissa *= 10n;
    exponent--;
  }
  // Decimal SI ends at E (10¹⁸); apimachinery (since its fix for "1000E") falls back to an exponent.
  const suffix = exponentForm ? undefined : DECIMAL_SUFFIX_BY_EXPONENT.get(exponent);
  if (suffix !== undefined) return `${mantissa}${suffix}`;
  return exponent === 0 ? `${mantissa}` : `${mantissa}e${exponent}`;
}

/** Throws QuantityError when the text is not a quantity. */
export function canonicalQuantity(quantity: string | number): string {
  const parts = scanQuantity(quantity);
  if (keptAsWritten(parts)) return parts.text;
  const value = magnitude(parts);
  if (value.mantissa === 0n) return '0';
  const sign = parts.negative ? '-' : '';
  const isBinary = binaryPower(parts.suffix) !== undefined;
  const integer = value.exponent >= 0 || value.mantissa % 10n ** BigInt(-value.exponent) === 0n;
  if (isBinary && integer) {
    const whole =
      value.exponent >= 0
        ? value.mantissa * 10n ** BigInt(value.exponent)
        : value.mantissa / 10n ** BigInt(-value.exponent);
    if (whole >= 1024n) return sign + formatBinarySI(whole);
  }
  const exponentForm = !isBinary && parts.suffix.length > 1;
  return sign + decimalText(value, exponentForm);
}

/** `canonicalQuantity`, or the input unchanged when it is not a quantity (nothing to canonicalise). */
export function canonicalQuantityOrSelf(quantity: string | number): string | number {
  try {
    return canonicalQuantity(quantity);
  } catch (err) {
    if (err instanceof QuantityError) return quantity;
    throw err;
  }
}
