import { z } from 'zod';
import { AutoScalingSchema } from './autoscaling.ts';
import { ComponentHealthListSchema } from './common/component-health.ts';
import { EnvVarListSchema } from './common/env.ts';
import { AIMHardwareRequirementsSchema } from './common/hardware.ts';
import { ImagePullSecretsSchema } from './common/meta.ts';
import {
  AIMResolvedReferenceSchema,
  ObjectReferenceSchema,
  RuntimeConfigNameSchema,
} from './common/references.ts';
import { ResourceRequirementsSchema } from './common/resources.ts';
import { RoutingConfigSchema } from './common/routing.ts';
import { runtimeParametersShape } from './common/runtime-parameters.ts';
import { ServiceStatusSchema, statusBaseShape } from './common/status.ts';
import { StorageConfigSchema } from './common/storage.ts';
import { fixedPresenceRules, immutable, withK8s, withRule } from './crd/extensions.ts';
import { ServiceCachingSchema } from './forms/caching.ts';
import { GpuSelectorSchema, gpuFromSelector } from './forms/gpu-selector.ts';
import { AIMModelSourceInputSchema } from './forms/model-source.ts';
import { unknownFieldsError } from './forms/unknown-fields.ts';
import { type Infer, lazySchema } from './lazy-schema.ts';
import { aimObjectSchema } from './object.ts';
import { TemplateSelectionSchema } from './template-selection.ts';

/** Names are trimmed before use, so one of only whitespace names nothing: the API server rejects it. */
const NOT_BLANK = /\S/;

/** An optional object name: 1 to 253 characters, not only white space. */
function optionalName() {
  return z.string().min(1).max(253).regex(NOT_BLANK, 'must not be blank').optional();
}

export { CACHING_MODES, ServiceCachingSchema } from './forms/caching.ts';

export const CustomModelSchema = lazySchema(() =>
  z
    .object({
      baseImage: z.string().min(1).describe('AIM image that serves the weights.'),
      modelSources: z.array(AIMModelSourceInputSchema()).min(1).max(1).describe('The weights to serve.'),
      hardware: AIMHardwareRequirementsSchema(),
    })
    .describe('A model given by image and weights; a matching custom AIMModel is found or created.'),
);

export const ServiceModelSchema = lazySchema(() =>
  immutable(
    withRule(
      z
        .object({
          name: optionalName().describe('AIMModel in the namespace, else AIMClusterModel.'),
          image: z
            .string()
            .min(1)
            .regex(NOT_BLANK, 'must not be blank')
            .optional()
            .describe('Image of the model; an AIMModel is found or created.'),
          custom: CustomModelSchema().optional(),
        })
        .describe('The model to serve: exactly one of name, image or custom.'),
      {
        rule: '(has(self.name) ? 1 : 0) + (has(self.image) ? 1 : 0) + (has(self.custom) ? 1 : 0) == 1',
        message: 'exactly one of name, image or custom must be set',
      },
      (model) => [model.name, model.image, model.custom].filter((value) => value !== undefined).length === 1,
    ),
    'model selection is immutable after creation',
  ),
);
export type ServiceModel = Infer<typeof ServiceModelSchema>;

export const ServiceTemplateRefSchema = lazySchema(() =>
  immutable(
    z
      .object({
        name: optionalName().describe('Template to use; auto-selected when empty.'),
        allowUnoptimized: z
          .boolean()
          .optional()
          .describe('Let auto-selection pick preview and unoptimized templates.'),
      })
      .describe('Which template runs the model.'),
    'template is immutable after creation',
  ),
);

const OVERRIDE_FIELDS = ['metric', 'precision', 'hardware', 'gpuSelector'];

/**
 * `gpuSelector` (the Services page's form) and `hardware.gpu` (the spec's) are one override; parsed,
 * a selector becomes `hardware: {gpu}` so reconcilers only ever read `hardware`.
 */
export const ServiceOverridesSchema = lazySchema(() =>
  withK8s(
    withRule(
      z
        .strictObject(
          { ...runtimeParametersShape(), gpuSelector: GpuSelectorSchema().optional() },
          { error: unknownFieldsError(OVERRIDE_FIELDS) },
        )
        .describe(
          'Runtime parameters that narrow template selection and derive a template from an explicit one.',
        ),
      {
        rule: '!(has(self.gpuSelector) && has(self.hardware))',
        message: 'gpuSelector and hardware are two forms of one override: set one of them',
      },
      (overrides) => overrides.gpuSelector === undefined || overrides.hardware === undefined,
      ['gpuSelector'],
    ),
    { validations: fixedPresenceRules(OVERRIDE_FIELDS) },
  ).transform(({ gpuSelector, ...overrides }) =>
    gpuSelector === undefined ? overrides : { ...overrides, hardware: { gpu: gpuFromSelector(gpuSelector) } },
  ),
);

const serviceSpecObject = lazySchema(() =>
  z
    .object({
      model: ServiceModelSchema(),
      template: ServiceTemplateRefSchema().optional(),
      caching: ServiceCachingSchema().optional(),
      cacheModel: z.boolean().optional().describe('Deprecated and ignored; use caching.'),
      replicas: z.int32().min(0).default(1).describe('Fixed number of replicas (when not autoscaling).'),
      minReplicas: z.int32().min(1).optional().describe('Minimum replicas; enables autoscaling.'),
      maxReplicas: z.int32().min(1).optional().describe('Maximum replicas; enables autoscaling.'),
      autoScaling: AutoScalingSchema().optional(),
      runtimeConfigName: RuntimeConfigNameSchema().optional(),
      storage: StorageConfigSchema().optional(),
      routing: RoutingConfigSchema().optional(),
      env: EnvVarListSchema()
        .optional()
        .describe('Environment of the inference container (highest precedence).'),
      resources: ResourceRequirementsSchema().optional(),
      overrides: ServiceOverridesSchema().optional(),
      imagePullSecrets: ImagePullSecretsSchema().optional(),
      serviceAccountName: z.string().optional().describe('Service account of the inference pods.'),
    })
    .describe('Desired state of the inference service.'),
);

/*
 * `caching` is not among the fixed-presence fields: it is free-form in the CRD (string or object),
 * and CEL cannot see free-form data (the rule would not compile).
 */
export const AIMServiceSpecSchema = lazySchema(() =>
  withK8s(serviceSpecObject(), {
    validations: fixedPresenceRules(['template', 'overrides']),
  }),
);
export type AIMServiceSpec = Infer<typeof AIMServiceSpecSchema>;

export const ServiceRuntimeStatusSchema = lazySchema(() =>
  z
    .object({
      currentReplicas: z.int32().optional(),
      desiredReplicas: z.int32().optional(),
      minReplicas: z.int32().optional(),
      maxReplicas: z.int32().optional(),
      replicas: z.string().optional().describe('Replicas at a glance: "3", or "2/3 (1-5)" when autoscaling.'),
    })
    .describe('Replica counts of the inference service.'),
);

export const AIMServiceStatusSchema = lazySchema(() =>
  z
    .object({
      ...statusBaseShape(),
      status: ServiceStatusSchema(),
      componentHealth: ComponentHealthListSchema().optional(),
      resolvedRuntimeConfig: AIMResolvedReferenceSchema().optional(),
      resolvedModel: AIMResolvedReferenceSchema().optional(),
      resolvedTemplate: AIMResolvedReferenceSchema().optional(),
      templateSelection: TemplateSelectionSchema().optional(),
      cache: z
        .object({
          templateCacheRef: ObjectReferenceSchema().optional(),
          retryAttempts: z.int32().optional(),
        })
        .optional()
        .describe('The template cache the service uses.'),
      runtime: ServiceRuntimeStatusSchema().optional(),
      routing: z
        .object({ path: z.string().optional().describe('Path prefix the HTTPRoute matches.') })
        .optional()
        .describe('Routing state, present when the HTTPRoute exists.'),
      url: z.string().optional().describe('Where the service answers requests.'),
    })
    .describe('Observed state of the inference service.'),
);
export type AIMServiceStatus = Infer<typeof AIMServiceStatusSchema>;

export const AIMServiceSchema = lazySchema(() =>
  aimObjectSchema('AIMService', AIMServiceSpecSchema(), AIMServiceStatusSchema()),
);
export type AIMService = Infer<typeof AIMServiceSchema>;
