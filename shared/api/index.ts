/** The AIM API: zod schemas (single source of truth), inferred types and the kind registry. */
export * from './aim-artifact.ts';
export * from './aim-cluster-model.ts';
export * from './aim-cluster-model-source.ts';
export * from './aim-cluster-runtime-config.ts';
export * from './aim-cluster-service-template.ts';
export * from './aim-model.ts';
export * from './aim-runtime-config.ts';
export * from './aim-service.ts';
export * from './aim-service-template.ts';
export * from './aim-template-cache.ts';
export * from './autoscaling.ts';
export * from './common.ts';
export * from './group.ts';
export * from './image-metadata.ts';
export * from './kinds.ts';
export * from './template-selection.ts';
