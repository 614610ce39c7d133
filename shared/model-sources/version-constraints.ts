/**
 * Semver constraints on tags (spec §13), in the syntax upstream's Go library accepts: `||`
 * separates alternatives; within one, comparators separated by commas or spaces must all hold.
 * Comparators: `=` (or none), `!=`, `>`, `>=`, `<`, `<=`, `~` (`~>`), `^`, hyphen ranges `a - b`
 * and `x`/`*` wildcards. A partial version is padded with zeros (`0.8` means `0.8.0`). A
 * prerelease tag satisfies an alternative only if one of its comparators names a prerelease.
 */
import { compareSemVer, parseSemVer, type SemVer } from './semver.ts';

type Bound = { version: SemVer; inclusive: boolean };

/** One comparator as a range: lower and upper bounds, or an exclusion. */
interface Range {
  lower?: Bound;
  upper?: Bound;
  not?: Range;
  prerelease: boolean;
}

export type Constraint = readonly (readonly Range[])[];

const PART = '(x|X|\\*|\\d+)';
const COMPARATOR = new RegExp(
  `^(=|==|!=|>=|<=|>|<|~>|~|\\^)?v?${PART}(?:\\.${PART})?(?:\\.${PART})?(-[0-9A-Za-z.-]+)?(\\+[0-9A-Za-z.-]+)?$`,
);

const isWild = (part: string | undefined) => part === 'x' || part === 'X' || part === '*';
const version = (major: number, minor: number, patch: number, prerelease: readonly string[] = []) => ({
  major,
  minor,
  patch,
  prerelease,
});

function parseComparator(text: string): Range | undefined {
  const match = COMPARATOR.exec(text);
  if (match === null) return undefined;
  const [, op = '=', majorText, minorText, patchText, pre] = match;
  const prerelease = pre === undefined ? [] : pre.slice(1).split('.');
  const hasPre = prerelease.length > 0;
  // Wildcards (and only wildcards) make a range; absent parts are padded with 0.
  const wildAt = [majorText, minorText, patchText].findIndex(isWild);
  const num = (part: string | undefined) => (part === undefined || isWild(part) ? 0 : Number(part));
  const base = version(num(majorText), num(minorText), num(patchText), prerelease);
  const from = (v: SemVer): Bound => ({ version: v, inclusive: true });
  const below = (v: SemVer): Bound => ({ version: v, inclusive: false });
  const wildRange = (): Range =>
    wildAt === 0
      ? { prerelease: hasPre }
      : wildAt === 1
        ? { lower: from(base), upper: below(version(base.major + 1, 0, 0)), prerelease: hasPre }
        : wildAt === 2
          ? { lower: from(base), upper: below(version(base.major, base.minor + 1, 0)), prerelease: hasPre }
          : { lower: from(base), upper: from(base), prerelease: hasPre };
  switch (op) {
    case '=':
    case '==':
      return wildRange();
    case '!=':
      return { not: wildRange(), prerelease: hasPre };
    case '>':
      return { lower: { version: base, inclusive: false }, prerelease: hasPre };
    case '>=':
      return { lower: from(base), prerelease: hasPre };
    case '<':
      return { upper: below(base), prerelease: hasPre };
    case '<=':
      return { upper: from(base), prerelease: hasPre };
    case '~':
    case '~>': {
      const upper =
        minorText === undefined ? version(base.major + 1, 0, 0) : version(base.major, base.minor + 1, 0);
      return { lower: from(base), upper: below(upper), prerelease: hasPre };
    }
    default: {
      // `^`: the left-most non-zero part may not change.
      const upper =
        base.major > 0 || minorText === undefined
          ? version(base.major + 1, 0, 0)
          : base.minor > 0 || patchText === undefined
            ? version(0, base.minor + 1, 0)
            : version(0, 0, base.patch + 1);
      return { lower: from(base), upper: below(upper), prerelease: hasPre };
    }
  }
}

function parseAlternative(text: string): Range[] | undefined {
  const hyphen = /^\s*(\S+)\s+-\s+(\S+)\s*$/.exec(text);
  if (hyphen !== null) {
    const low = parseComparator(`>=${hyphen[1]}`);
    const high = parseComparator(`<=${hyphen[2]}`);
    return low && high ? [low, high] : undefined;
  }
  // `>= 1.0` and `>=1.0` alike: glue operators to their versions, then split on commas and spaces.
  const tokens = text
    .replace(/(=|==|!=|>=|<=|>|<|~>|~|\^)\s+/g, '$1')
    .split(/[\s,]+/)
    .filter((token) => token !== '');
  if (tokens.length === 0) return undefined;
  const ranges = tokens.map(parseComparator);
  return ranges.every((range) => range !== undefined) ? (ranges as Range[]) : undefined;
}

/** The constraint, or undefined when it cannot be parsed (callers skip it, as upstream does). */
export function parseConstraint(text: string): Constraint | undefined {
  const alternatives = text.split('||').map(parseAlternative);
  return alternatives.every((alternative) => alternative !== undefined)
    ? (alternatives as Range[][])
    : undefined;
}

function withinBounds(v: SemVer, range: Range): boolean {
  if (range.not !== undefined) return !withinBounds(v, range.not);
  if (range.lower !== undefined) {
    const order = compareSemVer(v, range.lower.version);
    if (order < 0 || (order === 0 && !range.lower.inclusive)) return false;
  }
  if (range.upper !== undefined) {
    const order = compareSemVer(v, range.upper.version);
    if (order > 0 || (order === 0 && !range.upper.inclusive)) return false;
  }
  return true;
}

export function satisfies(v: SemVer, constraint: Constraint): boolean {
  return constraint.some((alternative) => {
    if (v.prerelease.length > 0 && !alternative.some((range) => range.prerelease)) return false;
    return alternative.every((range) => withinBounds(v, range));
  });
}

/**
 * Whether `tag` passes `constraints` (spec §13): with none, every tag passes; otherwise the tag
 * must be semver and satisfy every parsable constraint (unparsable ones are skipped).
 */
export function tagSatisfies(tag: string, constraints: readonly string[]): boolean {
  if (constraints.length === 0) return true;
  const v = parseSemVer(tag);
  if (v === undefined) return false;
  return constraints.every((text) => {
    const constraint = parseConstraint(text.trim());
    return constraint === undefined || satisfies(v, constraint);
  });
}
