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
  // spec.registry is not a host[:port] (issue 14)
  invalidRegistry: 'InvalidRegistry',
  // MaxModelsLimitReached condition
  limitReached: 'LimitReached',
  withinLimit: 'WithinLimit',
} as const;
