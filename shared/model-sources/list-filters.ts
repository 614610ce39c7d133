/**
 * Runs every filter of a model source against its registry (spec §13) and keeps each filter's
 * outcome as a value: the images it matched, or why it failed. One filter failing does not stop
 * the others.
 */
import type { AIMClusterModelSourceSpec, ModelSourceFilter } from '../api/aim-cluster-model-source.ts';
import { MODEL_SOURCE_REASONS } from '../constants/model-source-conditions.ts';
import { ERROR_CATEGORIES, StateError } from '../reconcile/categorize.ts';
import { registryHostProblem } from '../registry/reference.ts';
import { settleWithConcurrency } from '../runtime/concurrency.ts';
import {
  type FilterPattern,
  literalNamespace,
  parseFilterPattern,
  repositoryMatches,
  tagMatches,
} from './filter-pattern.ts';
import type { SourceImage } from './source-image.ts';
import { normalizeRegistry } from './source-image.ts';
import type { CredentialsFor, ModelSourceLister } from './source-lister.ts';

const TAG_LISTING_CONCURRENCY = 4;

export type FilterOutcome =
  | { filter: string; ok: true; images: SourceImage[] }
  | { filter: string; ok: false; error: unknown };

async function listFilter(
  lister: ModelSourceLister,
  spec: AIMClusterModelSourceSpec,
  filter: ModelSourceFilter,
  pattern: FilterPattern,
  credentialsFor: CredentialsFor,
): Promise<SourceImage[]> {
  const problem = registryHostProblem('spec.registry', spec.registry);
  if (problem !== undefined)
    throw new StateError(ERROR_CATEGORIES.invalidSpec, MODEL_SOURCE_REASONS.invalidRegistry, problem);
  const registry = normalizeRegistry(spec.registry);
  if (pattern.registry !== undefined && normalizeRegistry(pattern.registry) !== registry) {
    throw new StateError(
      ERROR_CATEGORIES.invalidSpec,
      MODEL_SOURCE_REASONS.registryMismatch,
      `registry ${pattern.registry} differs from spec.registry ${spec.registry}`,
    );
  }
  if (!pattern.wildcard && pattern.tag !== undefined && !pattern.tag.includes('*')) {
    return [{ registry, repository: pattern.repository, tag: pattern.tag }];
  }
  const repositories = pattern.wildcard
    ? (await lister.repositories(registry, literalNamespace(pattern), credentialsFor)).filter((repository) =>
        repositoryMatches(pattern, filter, repository),
      )
    : repositoryMatches(pattern, filter, pattern.repository)
      ? [pattern.repository]
      : [];
  // A few repositories at a time: a namespace can hold hundreds, each a token and a listing away.
  const settled = await settleWithConcurrency(
    [...new Set(repositories)].sort(),
    TAG_LISTING_CONCURRENCY,
    async (repository) =>
      (await lister.tags(registry, repository, credentialsFor(repository)))
        .filter((tag) => tagMatches(pattern, filter, spec.versions, tag))
        .map((tag) => ({ registry, repository, tag })),
  );
  const images: SourceImage[] = [];
  for (const result of settled) {
    if (result.status === 'rejected') throw result.reason;
    images.push(...result.value);
  }
  return images;
}

/** Every filter's outcome, in filter order. `credentialsFor` failing (a bad pull secret) fails them all. */
export async function listFilters(
  lister: ModelSourceLister,
  spec: AIMClusterModelSourceSpec,
  credentialsFor: CredentialsFor | { error: unknown },
): Promise<FilterOutcome[]> {
  const outcomes: FilterOutcome[] = [];
  for (const filter of spec.filters) {
    if (typeof credentialsFor !== 'function') {
      outcomes.push({ filter: filter.image, ok: false, error: credentialsFor.error });
      continue;
    }
    try {
      const images = await listFilter(lister, spec, filter, parseFilterPattern(filter.image), credentialsFor);
      outcomes.push({ filter: filter.image, ok: true, images });
    } catch (error) {
      outcomes.push({ filter: filter.image, ok: false, error });
    }
  }
  return outcomes;
}
