import { z } from 'zod';
import { EnvVarListSchema } from './common/env.ts';
import { NodeAffinitySchema } from './common/free-form.ts';
import { ResolvedHardwareSchema } from './common/hardware.ts';
import { ImagePullSecretsSchema } from './common/meta.ts';
import { AIMModelSourceSchema } from './common/model-source.ts';
import { AIMProfileSchema, AIMProfileTypeSchema } from './common/profile.ts';
import {
  AIMResolvedReferenceSchema,
  ObjectReferenceSchema,
  RuntimeConfigNameSchema,
} from './common/references.ts';
import { ResourceRequirementsSchema } from './common/resources.ts';
import { runtimeParametersShape } from './common/runtime-parameters.ts';
import { ResourceStatusSchema, statusBaseShape } from './common/status.ts';
import { fixedPresenceRules, immutable, withK8s } from './crd/extensions.ts';
import { AIMModelSourceInputSchema } from './forms/model-source.ts';
import { type Infer, lazySchema } from './lazy-schema.ts';
import { aimObjectSchema } from './object.ts';

/** Spec fields shared by AIMServiceTemplate and AIMClusterServiceTemplate (spec aim-engine.md §4.2). */
export const serviceTemplateSpecShape = lazySchema(() => ({
  modelName: immutable(
    z
      .string()
      .min(1)
      .max(253)
      .describe('Name of the AIMModel (namespaced template) or AIMClusterModel (cluster template).'),
    'modelName is immutable',
  ),
  ...runtimeParametersShape(),
  runtimeConfigName: RuntimeConfigNameSchema().optional(),
  imagePullSecrets: ImagePullSecretsSchema().optional(),
  serviceAccountName: z.string().optional().describe('Service account for the inference pods.'),
  resources: ResourceRequirementsSchema().optional(),
  modelSources: z
    .array(AIMModelSourceInputSchema())
    .optional()
    .describe('Model sources given in-line; the template then needs no discovery job.'),
  profileId: z.string().optional().describe('Profile the image runs (AIM_PROFILE_ID).'),
  type: AIMProfileTypeSchema().optional(),
  env: EnvVarListSchema().optional().describe('Environment for discovery and inference.'),
}));

/** A runtime profile is fixed at creation: its parameters can be neither changed, added nor removed. */
export function templateSpecSchema<Shape extends z.ZodRawShape>(shape: Shape) {
  return withK8s(z.object(shape).describe('Desired state of the service template.'), {
    validations: fixedPresenceRules(['metric', 'precision', 'hardware']),
  });
}

export const TemplateCachingSchema = lazySchema(() =>
  z
    .object({
      enabled: z.boolean().default(false).describe('Create an AIMTemplateCache owned by this template.'),
      env: EnvVarListSchema().optional().describe('Environment for the cache downloads.'),
    })
    .describe('Model caching for a namespaced template.'),
);

export const AIMServiceTemplateSpecSchema = lazySchema(() =>
  templateSpecSchema({
    ...serviceTemplateSpecShape(),
    caching: TemplateCachingSchema().optional(),
  }),
);
export type AIMServiceTemplateSpec = Infer<typeof AIMServiceTemplateSpecSchema>;

/** Circuit breaker state of the discovery job (spec aim-engine.md §8.6). */
export const DiscoveryStateSchema = lazySchema(() =>
  z
    .object({
      attempts: z.int32().min(0).optional().describe('Failed discovery attempts for the current spec.'),
      lastAttemptTime: z.iso
        .datetime({ offset: true })
        .optional()
        .describe('When the last failure was recorded.'),
      lastFailureReason: z.string().optional(),
      specHash: z.string().optional().describe('Hash of the spec the attempts were counted for.'),
    })
    .describe('Discovery retry state.'),
);
export type DiscoveryState = Infer<typeof DiscoveryStateSchema>;

export const serviceTemplateStatusShape = lazySchema(() => ({
  ...statusBaseShape(),
  status: ResourceStatusSchema(),
  resolvedRuntimeConfig: AIMResolvedReferenceSchema().optional(),
  resolvedCache: AIMResolvedReferenceSchema().optional(),
  resolvedModel: AIMResolvedReferenceSchema().optional(),
  resolvedHardware: ResolvedHardwareSchema().optional(),
  resolvedNodeAffinity: NodeAffinitySchema().optional(),
  hardwareSummary: z.string().optional().describe('Hardware at a glance, e.g. "2 x MI300X" or "CPU".'),
  modelSources: z
    .array(AIMModelSourceSchema())
    .optional()
    .describe('Model sources discovered or given in-line.'),
  profile: AIMProfileSchema().optional(),
  discoveryJob: ObjectReferenceSchema().optional().describe('The latest discovery job.'),
  discovery: DiscoveryStateSchema().optional(),
}));

export const AIMServiceTemplateStatusSchema = lazySchema(() =>
  z.object(serviceTemplateStatusShape()).describe('Observed state of the service template.'),
);
export type AIMServiceTemplateStatus = Infer<typeof AIMServiceTemplateStatusSchema>;

export const AIMServiceTemplateSchema = lazySchema(() =>
  aimObjectSchema('AIMServiceTemplate', AIMServiceTemplateSpecSchema(), AIMServiceTemplateStatusSchema()),
);
export type AIMServiceTemplate = Infer<typeof AIMServiceTemplateSchema>;
