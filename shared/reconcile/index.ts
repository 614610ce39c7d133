export {
  categorizeError,
  ERROR_CATEGORIES,
  type ErrorCategory,
  isErrorCategory,
  isStateError,
  StateError,
} from './categorize.ts';
export {
  type ComponentHealthStatus,
  componentHealthEntries,
  componentHealthOf,
  type EntryOptions,
  entryContribution,
  errorCategoriesOf,
} from './component-health-status.ts';
export {
  type ConditionEvent,
  conditionTransitionEvents,
  type ErrorLevelContext,
  type EventType,
  isErrorLevel,
} from './condition-events.ts';
export {
  type Condition,
  ConditionSet,
  type ConditionStatus,
  type ConditionUpdate,
  findCondition,
  formatConditionTime,
  isTransition,
  setCondition,
} from './conditions.ts';
export { deepMergeJson, type EnvMergeOptions, type EnvVar, mergeEngineArgs, mergeEnv } from './env-merge.ts';
export {
  type ComponentHealth,
  captureFetch,
  DEPENDENCY_TYPES,
  type DependencyType,
  deriveState,
  type FetchResult,
  fetched,
  fetchFailed,
  type HealthInspection,
  type ResolvedHealth,
  resolveHealth,
  toComponentHealth,
  toDownstreamComponentHealth,
  toUpstreamComponentHealth,
} from './health.ts';
export { isContainedIn, jsonEqual } from './json-equal.ts';
export { applyControllerLabels, globMatch, labelChild, propagateLabels } from './labels.ts';
export {
  type AnyKindReconciler,
  type EventRecorder,
  type FetchInput,
  type Finalizer,
  isPaused,
  type KindReconciler,
  type ReconcileContext,
  type ReconcileLogger,
  type ReconcileOutcome,
  type ReconcileRequest,
  type ReconcileResult,
  reconcileAll,
  reconcileObject,
  type SweepEntry,
  type SweepResult,
} from './pipeline.ts';
export {
  compareChildren,
  emptyPlan,
  executePlan,
  type Plan,
  type PlanExecution,
  type PlannedEvent,
  prepareChildren,
} from './plan.ts';
export { type CachedKind, type KubeReader, readerOf, SweepReadCache } from './read-cache.ts';
export { aggregateReadiness, notReadyContribution } from './readiness.ts';
export { isRetryableError, RetryableError } from './retryable-error.ts';
export {
  CLUSTER_RUNTIME_CONFIG_KIND,
  DEFAULT_RUNTIME_CONFIG_NAME,
  fetchMergedRuntimeConfig,
  mergeOverrideNonEmpty,
  mergeRuntimeConfigSpecs,
  migrateDeprecatedStorageFields,
  type ResolvedRuntimeConfig,
  RUNTIME_CONFIG_KIND,
  type RuntimeConfigSpec,
  runtimeConfigHealth,
  runtimeConfigName,
  serviceRuntimeConfigHealth,
} from './runtime-config.ts';
export { aimServiceStatus, type ServiceStatus } from './service-status.ts';
export { describeIssues, formatIssuePath } from './spec-issues.ts';
export {
  computeState,
  DEFAULT_DEPENDENCIES_GRACE_SECONDS,
  type StateInput,
  type StateResult,
} from './state-engine.ts';
export { flagsFromCategories, isBlocked, isInfraCategory, type StateFlags } from './state-flags.ts';
export {
  ownsComponent,
  type StatusOwnership,
  SUMMARY_CONDITION_TYPES,
  type WriterMode,
} from './status-write.ts';
export { type Summary, type SummaryOptions, summarizeConditions } from './summary.ts';
