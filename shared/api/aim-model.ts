import { z } from 'zod';
import { EnvVarListSchema, envListSchema } from './common/env.ts';
import { AIMHardwareRequirementsSchema } from './common/hardware.ts';
import { ImagePullSecretsSchema } from './common/meta.ts';
import { AIMProfileTypeSchema } from './common/profile.ts';
import { AIMResolvedReferenceSchema, RuntimeConfigNameSchema } from './common/references.ts';
import { ResourceRequirementsSchema } from './common/resources.ts';
import { MetricSchema, PrecisionSchema } from './common/runtime-parameters.ts';
import { ResourceStatusSchema, statusBaseShape } from './common/status.ts';
import { withRule } from './crd/extensions.ts';
import { ModelDiscoverySchema } from './forms/discovery.ts';
import { AIMModelSourceInputSchema } from './forms/model-source.ts';
import { ImageMetadataSchema } from './image-metadata.ts';
import { type Infer, lazySchema } from './lazy-schema.ts';
import { aimObjectSchema } from './object.ts';

export const MODEL_SOURCE_TYPES = ['Image', 'Custom'] as const;
export const MAX_CUSTOM_TEMPLATES = 16;

export { ModelDiscoverySchema } from './forms/discovery.ts';

export const CustomModelDefaultsSchema = lazySchema(() =>
  z
    .object({
      hardware: AIMHardwareRequirementsSchema()
        .optional()
        .describe('Hardware inherited by every custom template.'),
      type: AIMProfileTypeSchema().optional(),
    })
    .describe('Defaults for the templates of a custom (modelSources) model.'),
);

export const CustomTemplateSchema = lazySchema(() =>
  z
    .object({
      name: z.string().max(63).optional().describe('Template name; generated when empty.'),
      type: AIMProfileTypeSchema().default('unoptimized'),
      env: envListSchema(64).optional().describe('Environment of the template.'),
      hardware: AIMHardwareRequirementsSchema()
        .optional()
        .describe('Hardware of this template (overrides custom.hardware).'),
      profile: z
        .object({ metric: MetricSchema().optional(), precision: PrecisionSchema().optional() })
        .optional()
        .describe('Runtime profile of the template.'),
    })
    .describe('An explicitly declared template of the model.'),
);
export type CustomTemplate = Infer<typeof CustomTemplateSchema>;

const modelSpecObject = lazySchema(() =>
  z
    .object({
      image: z.string().min(1).describe('AIM container image that serves the model.'),
      discovery: ModelDiscoverySchema().optional(),
      defaultServiceTemplate: z
        .string()
        .optional()
        .describe('Template services of this model should prefer.'),
      custom: CustomModelDefaultsSchema().optional(),
      customTemplates: z
        .array(CustomTemplateSchema())
        .max(MAX_CUSTOM_TEMPLATES)
        .optional()
        .describe('Templates to create in addition to (or, for custom models, instead of) discovered ones.'),
      modelSources: z
        .array(AIMModelSourceInputSchema())
        .max(1)
        .optional()
        .describe('Weights to serve with the image; makes this a custom model.'),
      runtimeConfigName: RuntimeConfigNameSchema().optional(),
      imagePullSecrets: ImagePullSecretsSchema().optional(),
      env: EnvVarListSchema().optional().describe('Environment merged into custom templates.'),
      serviceAccountName: z.string().optional().describe('Service account for discovery jobs.'),
      resources: ResourceRequirementsSchema().optional(),
      imageMetadata: ImageMetadataSchema()
        .optional()
        .describe('Image metadata to use instead of reading the registry (air-gapped clusters).'),
    })
    .describe('Desired state of the model.'),
);

/** Spec of AIMModel and AIMClusterModel (identical schema, spec aim-engine.md §4.1). */
export const AIMModelSpecSchema = lazySchema(() =>
  withRule(
    modelSpecObject(),
    {
      rule: '!has(self.modelSources) || size(self.modelSources) == 0 || (has(self.custom) && has(self.custom.hardware)) || !has(self.customTemplates) || self.customTemplates.all(t, has(t.hardware))',
      message:
        'when using modelSources, hardware must be specified: set custom.hardware (inherited by all templates) or set hardware on each template individually',
    },
    (spec) =>
      (spec.modelSources ?? []).length === 0 ||
      spec.custom?.hardware !== undefined ||
      (spec.customTemplates ?? []).every((template) => template.hardware !== undefined),
    ['customTemplates'],
  ),
);
export type AIMModelSpec = Infer<typeof AIMModelSpecSchema>;

export const AIMModelStatusSchema = lazySchema(() =>
  z
    .object({
      ...statusBaseShape(),
      status: ResourceStatusSchema(),
      resolvedRuntimeConfig: AIMResolvedReferenceSchema().optional(),
      imageMetadata: ImageMetadataSchema().optional(),
      sourceType: z
        .enum(MODEL_SOURCE_TYPES)
        .optional()
        .describe('Image: weights come with the image; Custom: weights come from spec.modelSources.'),
    })
    .describe('Observed state of the model.'),
);
export type AIMModelStatus = Infer<typeof AIMModelStatusSchema>;

export const AIMModelSchema = lazySchema(() =>
  aimObjectSchema('AIMModel', AIMModelSpecSchema(), AIMModelStatusSchema()),
);
export type AIMModel = Infer<typeof AIMModelSchema>;
