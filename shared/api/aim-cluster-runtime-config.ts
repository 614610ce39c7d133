import type { z } from 'zod';
import { AIMRuntimeConfigSpecSchema, AIMRuntimeConfigStatusSchema } from './aim-runtime-config.ts';
import { aimObjectSchema } from './object.ts';

/** Cluster-wide defaults; a namespaced AIMRuntimeConfig of the same name is merged on top. */
export const AIMClusterRuntimeConfigSpecSchema = AIMRuntimeConfigSpecSchema;
export type AIMClusterRuntimeConfigSpec = z.infer<typeof AIMClusterRuntimeConfigSpecSchema>;
export const AIMClusterRuntimeConfigStatusSchema = AIMRuntimeConfigStatusSchema;
export type AIMClusterRuntimeConfigStatus = z.infer<typeof AIMClusterRuntimeConfigStatusSchema>;

export const AIMClusterRuntimeConfigSchema = aimObjectSchema(
  'AIMClusterRuntimeConfig',
  AIMClusterRuntimeConfigSpecSchema.optional(),
  AIMClusterRuntimeConfigStatusSchema,
);
export type AIMClusterRuntimeConfig = z.infer<typeof AIMClusterRuntimeConfigSchema>;
