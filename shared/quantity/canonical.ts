/**
 * The canonical text of a quantity, as apimachinery's resource.Quantity marshals it: binary-SI
 * input stays binary-SI (`1024Mi` → `1Gi`), everything else becomes decimal-SI with the largest
 * suffix that keeps an integer (`2000m` → `2`, `1.5` → `1500m`, `1000` → `1k`). Status fields are
 * compared as text, so writing the canonical form keeps a steady state steady.
 */
import { formatBinarySI, parseQuantity, parseQuantityMilli, QuantityError } from './quantity.ts';

const BINARY_SUFFIX = /(Ki|Mi|Gi|Ti|Pi|Ei)$/;
const DECIMAL_SUFFIXES = ['', 'k', 'M', 'G', 'T', 'P', 'E'] as const;

export function canonicalQuantity(quantity: string | number): string {
  const text = typeof quantity === 'number' ? String(quantity) : quantity.trim();
  if (BINARY_SUFFIX.test(text)) return formatBinarySI(parseQuantity(text));
  const milli = parseQuantityMilli(text);
  if (milli % 1000n !== 0n) return `${milli}m`;
  let value = milli / 1000n;
  let power = 0;
  while (value !== 0n && value % 1000n === 0n && power < DECIMAL_SUFFIXES.length - 1) {
    value /= 1000n;
    power++;
  }
  return `${value}${DECIMAL_SUFFIXES[power]}`;
}

/** `canonicalQuantity`, or the input unchanged when it is not a quantity at all. */
export function canonicalQuantityOrSelf(quantity: string | number): string | number {
  try {
    return canonicalQuantity(quantity);
  } catch (err) {
    if (err instanceof QuantityError) return quantity;
    throw err;
  }
}
