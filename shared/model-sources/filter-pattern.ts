/**
 * What one filter of an AIMClusterModelSource asks for (spec §13): `image` is a repository
 * pattern (`*` matches any sequence) with an optional registry prefix and an optional `:tag`.
 * Pure: parsing and matching only; listing is done elsewhere.
 */
import type { ModelSourceFilter } from '../api/aim-cluster-model-source.ts';
import { tagSatisfies } from './version-constraints.ts';

export interface FilterPattern {
  /** The registry prefix written in the filter, if any. */
  registry?: string;
  /** Repository pattern, e.g. `amdenterpriseai/aim-*`. */
  repository: string;
  /** Explicit tag (exact, or a glob when it contains `*`). */
  tag?: string;
  /** The repository contains `*`: repositories must be enumerated. */
  wildcard: boolean;
}

const looksLikeRegistry = (segment: string) =>
  segment.includes('.') || segment.includes(':') || segment === 'localhost';

export function parseFilterPattern(image: string): FilterPattern {
  let rest = image.trim();
  let registry: string | undefined;
  const slash = rest.indexOf('/');
  if (slash > 0 && looksLikeRegistry(rest.slice(0, slash))) {
    registry = rest.slice(0, slash);
    rest = rest.slice(slash + 1);
  }
  let tag: string | undefined;
  const colon = rest.indexOf(':', rest.lastIndexOf('/') + 1);
  if (colon >= 0) {
    tag = rest.slice(colon + 1);
    rest = rest.slice(0, colon);
  }
  const pattern: FilterPattern = { repository: rest, wildcard: rest.includes('*') };
  if (registry !== undefined) pattern.registry = registry;
  if (tag !== undefined && tag !== '') pattern.tag = tag;
  return pattern;
}

/** `*` matches any sequence (slashes included); everything else literally. */
export function globMatches(pattern: string, text: string): boolean {
  const source = pattern
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${source}$`).test(text);
}

/** The literal part of a wildcard repository pattern before its first `*` segment (`org` of `org/aim-*`). */
export function literalNamespace(pattern: FilterPattern): string | undefined {
  const first = pattern.repository.split('/')[0] ?? '';
  return first !== '' && !first.includes('*') && pattern.repository.includes('/') ? first : undefined;
}

/** `exclude` names a repository exactly: its full path or its last segment. */
export function isExcluded(repository: string, exclude: readonly string[] | undefined): boolean {
  const name = repository.slice(repository.lastIndexOf('/') + 1);
  return (exclude ?? []).some((excluded) => excluded === repository || excluded === name);
}

export function repositoryMatches(
  pattern: FilterPattern,
  filter: ModelSourceFilter,
  repository: string,
): boolean {
  return globMatches(pattern.repository, repository) && !isExcluded(repository, filter.exclude);
}

/**
 * Explicit tag ⇒ that tag; otherwise the filter's semver constraints, else the source's
 * (`globalVersions`); with none, every tag.
 */
export function tagMatches(
  pattern: FilterPattern,
  filter: ModelSourceFilter,
  globalVersions: readonly string[] | undefined,
  tag: string,
): boolean {
  if (pattern.tag !== undefined) return globMatches(pattern.tag, tag);
  const constraints =
    filter.versions !== undefined && filter.versions.length > 0 ? filter.versions : (globalVersions ?? []);
  return tagSatisfies(tag, constraints);
}
