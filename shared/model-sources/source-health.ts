/**
 * A model source's components (spec §13): `ExistingModels` (could the models it created be
 * listed) and `Filters` (all filters listed → Ready `AllFiltersSucceeded`; some failed →
 * Degraded `SomeFiltersFailed`; all failed → Failed `AllFiltersFailed`; none → Progressing
 * `NoFilters`). A filter's failure message names the filter and the registry's answer, never
 * credentials.
 */
import { MODEL_SOURCE_COMPONENTS, MODEL_SOURCE_REASONS } from '../constants/model-source-conditions.ts';
import type { KubeObject } from '../kube/types.ts';
import { type ComponentHealth, type FetchResult, toComponentHealth } from '../reconcile/health.ts';
import type { FilterOutcome } from './list-filters.ts';

const MAX_MESSAGE_LENGTH = 2000;

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

function failureSummary(outcomes: readonly FilterOutcome[]): string {
  const text = outcomes
    .flatMap((outcome) => (outcome.ok ? [] : [`filter "${outcome.filter}": ${errorText(outcome.error)}`]))
    .join('; ');
  return text.length > MAX_MESSAGE_LENGTH ? `${text.slice(0, MAX_MESSAGE_LENGTH - 1)}…` : text;
}

export function filtersHealth(outcomes: readonly FilterOutcome[]): ComponentHealth {
  const component = MODEL_SOURCE_COMPONENTS.filters;
  const failed = outcomes.filter((outcome) => !outcome.ok).length;
  if (outcomes.length === 0) {
    return {
      component,
      state: 'Progressing',
      reason: MODEL_SOURCE_REASONS.noFilters,
      message: 'No filters configured',
      errors: [],
    };
  }
  if (failed === 0) {
    const images = outcomes.reduce((sum, outcome) => sum + (outcome.ok ? outcome.images.length : 0), 0);
    return {
      component,
      state: 'Ready',
      reason: MODEL_SOURCE_REASONS.allFiltersSucceeded,
      message: `${outcomes.length} filter(s) matched ${images} image(s)`,
      errors: [],
    };
  }
  const all = failed === outcomes.length;
  return {
    component,
    state: all ? 'Failed' : 'Degraded',
    reason: all ? MODEL_SOURCE_REASONS.allFiltersFailed : MODEL_SOURCE_REASONS.someFiltersFailed,
    message: `${failed} of ${outcomes.length} filter(s) failed: ${failureSummary(outcomes)}`,
    errors: [],
  };
}

export function existingModelsHealth(existing: FetchResult<readonly KubeObject[]>): ComponentHealth {
  // No count in the message: it would change with every model the sync itself creates.
  return toComponentHealth(MODEL_SOURCE_COMPONENTS.existingModels, existing, () => ({}));
}
