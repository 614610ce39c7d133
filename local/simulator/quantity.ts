const SUFFIXES: Record<string, number> = {
  n: 1e-9,
  u: 1e-6,
  m: 1e-3,
  '': 1,
  k: 1e3,
  M: 1e6,
  G: 1e9,
  T: 1e12,
  P: 1e15,
  E: 1e18,
  Ki: 2 ** 10,
  Mi: 2 ** 20,
  Gi: 2 ** 30,
  Ti: 2 ** 40,
  Pi: 2 ** 50,
  Ei: 2 ** 60,
};

/**
 * A Kubernetes quantity as a plain number, precise enough for the fake scheduler's fit checks
 * (`500m` → 0.5, `32Gi` → 34359738368, `1e3` → 1000). Returns undefined for malformed text.
 */
export function parseQuantity(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const match = /^([+-]?(?:\d+\.?\d*|\.\d+))(?:([eE][+-]?\d+)|(Ki|Mi|Gi|Ti|Pi|Ei|[numkMGTPE])?)$/.exec(
    value.trim(),
  );
  if (!match) return undefined;
  const [, number, exponent, suffix] = match;
  const base = Number(number);
  if (exponent) return base * 10 ** Number(exponent.slice(1));
  const factor = SUFFIXES[suffix ?? ''];
  return factor === undefined ? undefined : base * factor;
}
