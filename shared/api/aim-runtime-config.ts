import { z } from 'zod';
import { EnvVarListSchema } from './common/env.ts';
import { LabelPropagationSchema } from './common/label-propagation.ts';
import { RoutingConfigSchema } from './common/routing.ts';
import { ResourceStatusSchema, statusBaseShape } from './common/status.ts';
import { PvcHeadroomPercentSchema, StorageClassNameSchema, StorageConfigSchema } from './common/storage.ts';
import { type Infer, lazySchema } from './lazy-schema.ts';
import { aimObjectSchema } from './object.ts';

/** Spec of AIMRuntimeConfig and AIMClusterRuntimeConfig (identical, spec aim-engine.md §4.6). */
export const AIMRuntimeConfigSpecSchema = lazySchema(() =>
  z
    .object({
      storage: StorageConfigSchema().optional(),
      routing: RoutingConfigSchema().optional(),
      env: EnvVarListSchema()
        .optional()
        .describe('Default inference environment; also used by download jobs.'),
      model: z
        .object({ autoDiscovery: z.boolean().optional().describe('Enable model discovery by default.') })
        .optional()
        .describe('Model defaults.'),
      labelPropagation: LabelPropagationSchema().optional(),
      defaultStorageClassName: StorageClassNameSchema()
        .optional()
        .describe('Deprecated: use storage.defaultStorageClassName.'),
      pvcHeadroomPercent: PvcHeadroomPercentSchema()
        .optional()
        .describe('Deprecated: use storage.pvcHeadroomPercent.'),
    })
    .describe('Defaults for AIM resources that name this runtime config.'),
);
export type AIMRuntimeConfigSpec = Infer<typeof AIMRuntimeConfigSpecSchema>;

/**
 * Upstream declares only observedGeneration and conditions and never writes them (spec §4.6);
 * here service-resolve writes both and a top-level status, so every accepted object shows one.
 */
export const AIMRuntimeConfigStatusSchema = lazySchema(() =>
  z
    .object({ ...statusBaseShape(), status: ResourceStatusSchema() })
    .describe('Observed state of the runtime config: Ready, or Failed naming the invalid field.'),
);
export type AIMRuntimeConfigStatus = Infer<typeof AIMRuntimeConfigStatusSchema>;

export const AIMRuntimeConfigSchema = lazySchema(() =>
  aimObjectSchema(
    'AIMRuntimeConfig',
    AIMRuntimeConfigSpecSchema().optional(),
    AIMRuntimeConfigStatusSchema(),
  ),
);
export type AIMRuntimeConfig = Infer<typeof AIMRuntimeConfigSchema>;
