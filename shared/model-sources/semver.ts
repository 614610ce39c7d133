/**
 * Semantic versions of image tags (spec §13): an optional leading `v`, then `MAJOR[.MINOR[.PATCH]]`
 * (missing parts are 0), an optional `-prerelease` and `+build`. Ordering follows semver 2.0.0
 * precedence (build metadata ignored).
 */

export interface SemVer {
  major: number;
  minor: number;
  patch: number;
  /** Dot-separated identifiers; empty for a release. */
  prerelease: readonly string[];
}

const IDENTIFIERS = '[0-9A-Za-z-]+(?:\\.[0-9A-Za-z-]+)*';
const VERSION = new RegExp(
  `^v?(\\d+)(?:\\.(\\d+))?(?:\\.(\\d+))?(?:-(${IDENTIFIERS}))?(?:\\+${IDENTIFIERS})?$`,
);

/** The version a tag names, or undefined when the tag is not semver (`latest`, `main`, `1.2.3.4`). */
export function parseSemVer(text: string): SemVer | undefined {
  const match = VERSION.exec(text.trim());
  if (match === null) return undefined;
  const [, major, minor, patch, prerelease] = match;
  const numbers = [major, minor, patch].map((part) => Number(part ?? 0));
  if (numbers.some((n) => !Number.isSafeInteger(n))) return undefined;
  return {
    major: numbers[0]!,
    minor: numbers[1]!,
    patch: numbers[2]!,
    prerelease: prerelease === undefined ? [] : prerelease.split('.'),
  };
}

function compareIdentifiers(a: string, b: string): number {
  const numericA = /^\d+$/.test(a);
  const numericB = /^\d+$/.test(b);
  if (numericA && numericB) return Math.sign(Number(a) - Number(b));
  if (numericA !== numericB) return numericA ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Negative, zero or positive as `a` sorts before, with or after `b` (semver precedence). */
export function compareSemVer(a: SemVer, b: SemVer): number {
  const core = Math.sign(a.major - b.major) || Math.sign(a.minor - b.minor) || Math.sign(a.patch - b.patch);
  if (core !== 0) return core;
  if (a.prerelease.length === 0 || b.prerelease.length === 0) {
    return Math.sign(b.prerelease.length - a.prerelease.length);
  }
  for (let i = 0; i < Math.max(a.prerelease.length, b.prerelease.length); i++) {
    const x = a.prerelease[i];
    const y = b.prerelease[i];
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    const order = compareIdentifiers(x, y);
    if (order !== 0) return order;
  }
  return 0;
}
