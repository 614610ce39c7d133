import type { z } from 'zod';
import { AIMModelSpecSchema, AIMModelStatusSchema } from './aim-model.ts';
import { aimObjectSchema } from './object.ts';

/** Cluster-wide twin of AIMModel: same spec and status. */
export const AIMClusterModelSpecSchema = AIMModelSpecSchema;
export type AIMClusterModelSpec = z.infer<typeof AIMClusterModelSpecSchema>;
export const AIMClusterModelStatusSchema = AIMModelStatusSchema;
export type AIMClusterModelStatus = z.infer<typeof AIMClusterModelStatusSchema>;

export const AIMClusterModelSchema = aimObjectSchema(
  'AIMClusterModel',
  AIMClusterModelSpecSchema,
  AIMClusterModelStatusSchema,
);
export type AIMClusterModel = z.infer<typeof AIMClusterModelSchema>;
