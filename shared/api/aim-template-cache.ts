import { z } from 'zod';
import { EnvVarListSchema } from './common/env.ts';
import { ImagePullSecretsSchema } from './common/meta.ts';
import { AIMModelSourceSchema } from './common/model-source.ts';
import {
  AIMResolvedReferenceSchema,
  RuntimeConfigNameSchema,
  TemplateScopeSchema,
} from './common/references.ts';
import { ResourceStatusSchema, statusBaseShape } from './common/status.ts';
import { StorageClassNameSchema } from './common/storage.ts';
import { type Infer, lazySchema } from './lazy-schema.ts';
import { aimObjectSchema } from './object.ts';

export const TEMPLATE_CACHE_MODES = ['Dedicated', 'Shared'] as const;

export const AIMTemplateCacheSpecSchema = lazySchema(() =>
  z
    .object({
      templateName: z.string().min(1).max(253).describe('Template whose model sources are cached.'),
      templateScope: TemplateScopeSchema().describe(
        'Namespace (AIMServiceTemplate) or Cluster (AIMClusterServiceTemplate).',
      ),
      env: EnvVarListSchema().optional().describe('Environment for the downloads.'),
      imagePullSecrets: ImagePullSecretsSchema().optional(),
      storageClassName: StorageClassNameSchema().optional(),
      downloadImage: z.string().optional().describe('Image that downloads the model sources.'),
      modelSources: z
        .array(AIMModelSourceSchema())
        .optional()
        .describe('Informational; the sources come from the template status.'),
      runtimeConfigName: RuntimeConfigNameSchema().optional(),
      mode: z
        .enum(TEMPLATE_CACHE_MODES)
        .default('Shared')
        .describe('Shared: reusable by every service of the namespace; Dedicated: owned by one service.'),
    })
    .describe('Desired state of the template cache.'),
);
export type AIMTemplateCacheSpec = Infer<typeof AIMTemplateCacheSpecSchema>;

export const CachedArtifactSchema = lazySchema(() =>
  z.object({
    uid: z.string().optional(),
    name: z.string().optional().describe('AIMArtifact name.'),
    model: z.string().optional().describe('Model id of the cached source.'),
    status: z.string().optional().describe('Status of the artifact.'),
    persistentVolumeClaim: z.string().optional().describe('PVC holding the downloaded source.'),
    mountPoint: z.string().optional(),
  }),
);
export type CachedArtifact = Infer<typeof CachedArtifactSchema>;

export const AIMTemplateCacheStatusSchema = lazySchema(() =>
  z
    .object({
      ...statusBaseShape(),
      status: ResourceStatusSchema(),
      resolvedRuntimeConfig: AIMResolvedReferenceSchema().optional(),
      resolvedTemplateKind: z.string().optional(),
      artifacts: z
        .record(z.string(), CachedArtifactSchema())
        .optional()
        .describe('The artifacts of the cache, keyed by AIMArtifact name.'),
    })
    .describe('Observed state of the template cache.'),
);
export type AIMTemplateCacheStatus = Infer<typeof AIMTemplateCacheStatusSchema>;

export const AIMTemplateCacheSchema = lazySchema(() =>
  aimObjectSchema('AIMTemplateCache', AIMTemplateCacheSpecSchema(), AIMTemplateCacheStatusSchema()),
);
export type AIMTemplateCache = Infer<typeof AIMTemplateCacheSchema>;
