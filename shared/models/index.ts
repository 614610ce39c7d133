export { expectsTemplates, isCustomModel, type TemplateExpectation } from './expected-templates.ts';
export { mergeHardware } from './hardware-merge.ts';
export { AMD_LABEL_PREFIXES, AMD_LABEL_SUFFIXES, amdLabelKeys, OCI_LABEL_FIELDS } from './image-labels.ts';
export {
  type ImageInspector,
  type MetadataDependencies,
  type MetadataOutcome,
  resolveImageMetadata,
  specMetadataProblems,
} from './image-metadata-source.ts';
export {
  type CachedInspection,
  InspectionCache,
  type InspectionCacheOptions,
  inspectionKey,
} from './inspection-cache.ts';
export { checkLabelBounds, metadataFromLabels, parseGoBool, splitList } from './labels-to-metadata.ts';
export { InvalidImageMetadataError } from './metadata-error.ts';
export { METADATA_LIMITS } from './metadata-limits.ts';
export { modelRequestsForEvent, modelsOfTemplate } from './model-event-mapping.ts';
export {
  imageMetadataHealth,
  knownMetadata,
  type ModelFetched,
  modelHealth,
  templatesHealth,
} from './model-health.ts';
export {
  type AnyModel,
  createModelReconcilers,
  MODEL_SOURCE_TYPE,
  type ModelDependencies,
  type ModelReconcilers,
  modelReconciler,
} from './model-reconciler.ts';
export {
  CLUSTER_MODEL_SCOPE,
  MODEL_SCOPES,
  type ModelScope,
  NAMESPACED_MODEL_SCOPE,
  scopeOfTemplateKind,
} from './model-scope.ts';
export { dockerConfigEntries, pullCredentials } from './pull-credentials.ts';
export { deploymentProblems, parseRecommendedDeployments } from './recommended-deployments.ts';
export { registryFailure } from './registry-failure.ts';
export { aggregateTemplateStatuses, type TemplateAggregate } from './template-aggregation.ts';
export {
  autoTemplate,
  customTemplate,
  deploymentTemplate,
  desiredTemplates,
  type ModelInput,
} from './template-builders.ts';
