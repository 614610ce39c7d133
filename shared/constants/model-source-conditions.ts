/** AIMClusterModelSource (spec §13). */
export const MODEL_SOURCE_COMPONENTS = {
  existingModels: 'ExistingModels',
  filters: 'Filters',
} as const;
export const MODEL_SOURCE_REASONS = {
  allFiltersSucceeded: 'AllFiltersSucceeded',
  someFiltersFailed: 'SomeFiltersFailed',
  allFiltersFailed: 'AllFiltersFailed',
  noFilters: 'NoFilters',
  // MaxModelsLimitReached condition
  limitReached: 'LimitReached',
  withinLimit: 'WithinLimit',
} as const;
