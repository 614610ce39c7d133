import { AIMRuntimeConfigSpecSchema, AIMRuntimeConfigStatusSchema } from './aim-runtime-config.ts';
import { type Infer, lazySchema } from './lazy-schema.ts';
import { aimObjectSchema } from './object.ts';

/** Cluster-wide defaults; a namespaced AIMRuntimeConfig of the same name is merged on top. */
export const AIMClusterRuntimeConfigSpecSchema = AIMRuntimeConfigSpecSchema;
export type AIMClusterRuntimeConfigSpec = Infer<typeof AIMClusterRuntimeConfigSpecSchema>;
export const AIMClusterRuntimeConfigStatusSchema = AIMRuntimeConfigStatusSchema;
export type AIMClusterRuntimeConfigStatus = Infer<typeof AIMClusterRuntimeConfigStatusSchema>;

export const AIMClusterRuntimeConfigSchema = lazySchema(() =>
  aimObjectSchema(
    'AIMClusterRuntimeConfig',
    AIMClusterRuntimeConfigSpecSchema().optional(),
    AIMClusterRuntimeConfigStatusSchema(),
  ),
);
export type AIMClusterRuntimeConfig = Infer<typeof AIMClusterRuntimeConfigSchema>;
