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
  // Event when a sync created models
  modelsCreated: 'ModelsCreated',
  // A filter naming another registry than spec.registry
  registryMismatch: 'RegistryMismatch',
  // MaxModelsLimitReached condition
  limitReached: 'LimitReached',
  withinLimit: 'WithinLimit',
} as const;
