/** The small API types shared by several kinds (spec aim-engine.md §3). */
export * from './common/component-health.ts';
export * from './common/condition.ts';
export * from './common/env.ts';
export * from './common/free-form.ts';
export * from './common/hardware.ts';
export * from './common/label-propagation.ts';
export * from './common/meta.ts';
export * from './common/model-source.ts';
export * from './common/profile.ts';
export * from './common/quantity.ts';
export * from './common/references.ts';
export * from './common/resources.ts';
export * from './common/routing.ts';
export * from './common/runtime-parameters.ts';
export * from './common/status.ts';
export * from './common/storage.ts';
