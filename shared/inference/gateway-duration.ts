/**
 * Route timeouts: the routing config holds a Go `time.Duration` string (`90s`, `1m30s`, `1.5s`);
 * the HTTPRoute wants it "as a Go duration string" (spec §10.10, e.g. `3m0s`). Gateway API's own
 * Duration type (GEP-2257) is stricter than Go's — `^([0-9]{1,5}(h|m|s|ms)){1,4}$`, no fractions,
 * no `us`/`ns` — so a Go rendering like `1.5s` would be rejected by the HTTPRoute CRD. This renders
 * Go's layout (`1h0m0s`, `3m0s`, `30s`, `500ms`) and writes sub-second parts as `ms` instead of a
 * fraction (`1s500ms`), at the millisecond precision Gateway API has.
 */

const UNIT_NANOSECONDS: Readonly<Record<string, number>> = {
  ns: 1,
  us: 1e3,
  µs: 1e3,
  μs: 1e3,
  ms: 1e6,
  s: 1e9,
  m: 60e9,
  h: 3600e9,
};

const COMPONENT = /([0-9]*(?:\.[0-9]*)?)(ns|us|µs|μs|ms|s|m|h)/gy;

export class DurationError extends Error {
  constructor(text: string, why: string) {
    super(`invalid duration "${text}": ${why}`);
    this.name = 'DurationError';
  }
}

/** Parses a Go duration (`time.ParseDuration` syntax, non-negative) into milliseconds. */
export function parseGoDurationMs(text: string): number {
  if (text === '0') return 0;
  if (text === '') throw new DurationError(text, 'empty');
  COMPONENT.lastIndex = 0;
  let nanoseconds = 0;
  let consumed = 0;
  for (let match = COMPONENT.exec(text); match !== null; match = COMPONENT.exec(text)) {
    const [whole, number = '', unit = ''] = match;
    if (number === '' || number === '.') throw new DurationError(text, `missing number before "${unit}"`);
    nanoseconds += Number(number) * (UNIT_NANOSECONDS[unit] ?? 0);
    consumed += whole.length;
  }
  if (consumed !== text.length) throw new DurationError(text, 'expected <number><unit> pairs');
  if (!Number.isFinite(nanoseconds)) throw new DurationError(text, 'out of range');
  return nanoseconds / 1e6;
}

/** Gateway API's maximum per component is five digits. */
const MAX_HOURS = 99_999;

/** A non-negative duration in Go's layout, with milliseconds instead of a fraction (see above). */
export function formatGatewayDuration(milliseconds: number): string {
  let ms = Math.round(milliseconds);
  if (ms === 0 && milliseconds > 0) ms = 1;
  if (ms < 1000) return ms === 0 ? '0s' : `${ms}ms`;
  const hours = Math.floor(ms / 3_600_000);
  if (hours > MAX_HOURS) throw new DurationError(`${milliseconds}ms`, `more than ${MAX_HOURS} hours`);
  const minutes = Math.floor((ms % 3_600_000) / 60_000);
  const seconds = Math.floor((ms % 60_000) / 1000);
  const rest = ms % 1000;
  let text =
    hours > 0 ? `${hours}h${minutes}m${seconds}s` : minutes > 0 ? `${minutes}m${seconds}s` : `${seconds}s`;
  if (rest > 0) text += `${rest}ms`;
  return text;
}

/** A routing config's requestTimeout as the HTTPRoute's `timeouts.request`. */
export function gatewayRequestTimeout(goDuration: string): string {
  return formatGatewayDuration(parseGoDurationMs(goDuration));
}
