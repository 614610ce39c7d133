import { z } from 'zod';
import { DEFAULT_IMAGE_REGISTRY, DEFAULT_MODEL_SOURCE_MAX_MODELS } from '../constants/limits.ts';
import { AIM_STATUSES } from '../constants/status.ts';
import { ImagePullSecretsSchema } from './common/meta.ts';
import { statusBaseShape } from './common/status.ts';
import { type Infer, lazySchema } from './lazy-schema.ts';
import { aimObjectSchema } from './object.ts';

/** Spec §4.7 bounds. */
export const MAX_MODEL_SOURCE_FILTERS = 100;
export const MAX_MODEL_SOURCE_MODELS = 10_000;
export const DEFAULT_SYNC_INTERVAL = '1h';

/** A Go `time.Duration` string (`1h`, `30m`, `1h30m`, `90s`), the form upstream accepts. */
export const GO_DURATION_PATTERN = /^([0-9]+(\.[0-9]+)?(ns|us|µs|ms|s|m|h))+$/;

const VersionConstraintsSchema = lazySchema(() =>
  z
    .array(z.string().min(1))
    .describe(
      'Semver constraints a tag (optional leading v) must all satisfy, e.g. ">=0.8.0", "<1.0", "~0.8"; X.Y means X.Y.0.',
    ),
);

export const ModelSourceFilterSchema = lazySchema(() =>
  z
    .object({
      image: z
        .string()
        .min(1)
        .max(512)
        .describe(
          'Repository pattern, `*` matching any sequence, with an optional registry prefix and an optional `:tag` (e.g. `amdenterpriseai/aim-*`, `ghcr.io/silogen/aim-llama:1.0.0`).',
        ),
      exclude: z
        .array(z.string().min(1))
        .optional()
        .describe('Repositories to leave out, by exact name (`org/aim-base` or `aim-base`).'),
      versions: VersionConstraintsSchema()
        .optional()
        .describe('Semver constraints for this filter; when absent the source-wide `versions` apply.'),
    })
    .describe('Which images of the registry become models.'),
);
export type ModelSourceFilter = Infer<typeof ModelSourceFilterSchema>;

export const AIMClusterModelSourceSpecSchema = lazySchema(() =>
  z
    .object({
      registry: z
        .string()
        .min(1)
        .default(DEFAULT_IMAGE_REGISTRY)
        .describe('Registry to list (`docker.io`, `ghcr.io`, `registry.example.com:5000`).'),
      imagePullSecrets: ImagePullSecretsSchema()
        .optional()
        .describe(
          'Docker config Secrets in the operator namespace: registry credentials for listing, copied into the created models.',
        ),
      filters: z
        .array(ModelSourceFilterSchema())
        .min(1)
        .max(MAX_MODEL_SOURCE_FILTERS)
        .describe('Image patterns; an image matching any filter becomes a model.'),
      syncInterval: z
        .string()
        .regex(GO_DURATION_PATTERN)
        .default(DEFAULT_SYNC_INTERVAL)
        .describe('How often the registry is listed again (Go duration: 30m, 1h, 2h30m).'),
      versions: VersionConstraintsSchema()
        .optional()
        .describe('Semver constraints for filters without their own.'),
      maxModels: z
        .int()
        .min(1)
        .max(MAX_MODEL_SOURCE_MODELS)
        .default(DEFAULT_MODEL_SOURCE_MAX_MODELS)
        .describe('At most this many models are created by this source (they are never deleted).'),
    })
    .describe('Desired state of the model source.'),
);
export type AIMClusterModelSourceSpec = Infer<typeof AIMClusterModelSourceSpecSchema>;

export const AIMClusterModelSourceStatusSchema = lazySchema(() =>
  z
    .object({
      ...statusBaseShape(),
      status: z.enum(AIM_STATUSES).default('Pending').describe('Overall status derived from the conditions.'),
      lastSyncTime: z.iso
        .datetime({ offset: true })
        .optional()
        .describe('When the registry was last listed for a due sync.'),
      discoveredModels: z.int().min(0).optional().describe('AIMClusterModels this source has created.'),
      availableModels: z.int().min(0).optional().describe('Images in the registry that match the filters.'),
      modelsLimitReached: z
        .boolean()
        .optional()
        .describe('More images match than maxModels lets the source create.'),
    })
    .describe('Observed state of the model source.'),
);
export type AIMClusterModelSourceStatus = Infer<typeof AIMClusterModelSourceStatusSchema>;

export const AIMClusterModelSourceSchema = lazySchema(() =>
  aimObjectSchema(
    'AIMClusterModelSource',
    AIMClusterModelSourceSpecSchema(),
    AIMClusterModelSourceStatusSchema(),
  ),
);
export type AIMClusterModelSource = Infer<typeof AIMClusterModelSourceSchema>;
