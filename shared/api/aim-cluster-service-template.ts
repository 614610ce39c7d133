import {
  AIMServiceTemplateStatusSchema,
  serviceTemplateSpecShape,
  templateSpecSchema,
} from './aim-service-template.ts';
import { type Infer, lazySchema } from './lazy-schema.ts';
import { aimObjectSchema } from './object.ts';

/** Like AIMServiceTemplate, without `caching` (caching is per namespace). */
export const AIMClusterServiceTemplateSpecSchema = lazySchema(() =>
  templateSpecSchema(serviceTemplateSpecShape()),
);
export type AIMClusterServiceTemplateSpec = Infer<typeof AIMClusterServiceTemplateSpecSchema>;

export const AIMClusterServiceTemplateStatusSchema = AIMServiceTemplateStatusSchema;
export type AIMClusterServiceTemplateStatus = Infer<typeof AIMClusterServiceTemplateStatusSchema>;

export const AIMClusterServiceTemplateSchema = lazySchema(() =>
  aimObjectSchema(
    'AIMClusterServiceTemplate',
    AIMClusterServiceTemplateSpecSchema(),
    AIMClusterServiceTemplateStatusSchema(),
  ),
);
export type AIMClusterServiceTemplate = Infer<typeof AIMClusterServiceTemplateSchema>;
