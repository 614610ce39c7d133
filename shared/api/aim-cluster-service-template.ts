import type { z } from 'zod';
import {
  AIMServiceTemplateStatusSchema,
  serviceTemplateSpecShape,
  templateSpecSchema,
} from './aim-service-template.ts';
import { aimObjectSchema } from './object.ts';

/** Like AIMServiceTemplate, without `caching` (caching is per namespace). */
export const AIMClusterServiceTemplateSpecSchema = templateSpecSchema(serviceTemplateSpecShape);
export type AIMClusterServiceTemplateSpec = z.infer<typeof AIMClusterServiceTemplateSpecSchema>;

export const AIMClusterServiceTemplateStatusSchema = AIMServiceTemplateStatusSchema;
export type AIMClusterServiceTemplateStatus = z.infer<typeof AIMClusterServiceTemplateStatusSchema>;

export const AIMClusterServiceTemplateSchema = aimObjectSchema(
  'AIMClusterServiceTemplate',
  AIMClusterServiceTemplateSpecSchema,
  AIMClusterServiceTemplateStatusSchema,
);
export type AIMClusterServiceTemplate = z.infer<typeof AIMClusterServiceTemplateSchema>;
