/** AIMService model and template resolution (spec §10.1–§10.5), used by the service-resolve function. */

export { dependsOnModel, dependsOnTemplate, expectedModelNames, serviceDependents } from './dependents.ts';
export { templateCacheCleanupFinalizer } from './finalizer.ts';
export { type ModelResolution, resolveModel } from './model/resolve-model.ts';
export { fetchServiceResolution, type ServiceResolution } from './resolution.ts';
export { type SelectionCandidate, selectionCandidate } from './selection/candidate.ts';
export { type SelectionResult, selectTemplate } from './selection/select-template.ts';
export { describeSelection, selectionStatus } from './selection/selection-report.ts';
export { SERVICE_RESOLUTION_CONDITION_TYPES, serviceResolveReconciler } from './service-reconciler.ts';
export { resolveTemplate, type TemplateResolution } from './template/resolve-template.ts';
