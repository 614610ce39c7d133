/**
 * What the errors of all components add up to (spec §5.3): infrastructure (retry), or one of the
 * blocking categories (auth, invalid spec, missing upstream) that stop children being applied.
 */
import { ERROR_CATEGORIES, type ErrorCategory, type StateError } from './categorize.ts';

/** What the errors of all components add up to. */
export interface StateFlags {
  /** Infrastructure or Unknown errors: retry later, nothing is applied meanwhile. */
  hasInfra: boolean;
  hasAuth: boolean;
  hasInvalidSpec: boolean;
  hasMissingUpstream: boolean;
}

export function isInfraCategory(category: ErrorCategory): boolean {
  return category === ERROR_CATEGORIES.infrastructure || category === ERROR_CATEGORIES.unknown;
}

export function flagsFromCategories(categories: Iterable<ErrorCategory>): StateFlags {
  const flags: StateFlags = {
    hasInfra: false,
    hasAuth: false,
    hasInvalidSpec: false,
    hasMissingUpstream: false,
  };
  for (const category of categories) {
    if (isInfraCategory(category)) flags.hasInfra = true;
    else if (category === ERROR_CATEGORIES.auth) flags.hasAuth = true;
    else if (category === ERROR_CATEGORIES.invalidSpec) flags.hasInvalidSpec = true;
    else if (category === ERROR_CATEGORIES.missingUpstreamDependency) flags.hasMissingUpstream = true;
  }
  return flags;
}

export function isBlocked(flags: StateFlags): boolean {
  return flags.hasAuth || flags.hasInvalidSpec || flags.hasMissingUpstream;
}

/** The blocking category that names the block: auth, then invalid spec, then a missing reference. */
export function blockingCategory(flags: StateFlags): ErrorCategory | undefined {
  if (flags.hasAuth) return ERROR_CATEGORIES.auth;
  if (flags.hasInvalidSpec) return ERROR_CATEGORIES.invalidSpec;
  if (flags.hasMissingUpstream) return ERROR_CATEGORIES.missingUpstreamDependency;
  return undefined;
}

/** The message of the first error of the blocking category that names Ready's reason. */
export function firstBlockingMessage(
  errors: ReadonlyArray<Pick<StateError, 'category' | 'message'>>,
  flags: StateFlags,
): string | undefined {
  const category = blockingCategory(flags);
  return category === undefined ? undefined : errors.find((err) => err.category === category)?.message;
}
