import { z } from 'zod';
import { EnvVarListSchema } from './common/env.ts';
import { ImagePullSecretsSchema } from './common/meta.ts';
import { ModelIdSchema, SourceUriSchema } from './common/model-source.ts';
import { QuantitySchema } from './common/quantity.ts';
import { RuntimeConfigNameSchema } from './common/references.ts';
import { ResourceStatusSchema, statusBaseShape } from './common/status.ts';
import { StorageClassNameSchema } from './common/storage.ts';
import { immutable } from './crd/extensions.ts';
import { type Infer, lazySchema } from './lazy-schema.ts';
import { aimObjectSchema } from './object.ts';

export const DEFAULT_MODEL_DOWNLOAD_IMAGE = 'ghcr.io/silogen/aim-artifact-downloader:0.2.0';
export const ARTIFACT_MODES = ['Dedicated', 'Shared'] as const;

export const AIMArtifactSpecSchema = lazySchema(() =>
  z
    .object({
      sourceUri: immutable(SourceUriSchema(), 'sourceUri is immutable'),
      modelId: ModelIdSchema().optional(),
      storageClassName: StorageClassNameSchema().optional(),
      size: QuantitySchema()
        .optional()
        .describe('Size of the source; zero or absent means discover it first.'),
      env: EnvVarListSchema().optional().describe('Environment of the download jobs (e.g. HF_TOKEN).'),
      modelDownloadImage: z
        .string()
        .min(1)
        .default(DEFAULT_MODEL_DOWNLOAD_IMAGE)
        .describe('Image that downloads the source into the PVC.'),
      imagePullSecrets: ImagePullSecretsSchema().optional(),
      runtimeConfigName: RuntimeConfigNameSchema().optional(),
    })
    .describe('Desired state of the artifact: one model source on one PVC.'),
);
export type AIMArtifactSpec = Infer<typeof AIMArtifactSpecSchema>;

export const DownloadProgressSchema = lazySchema(() =>
  z
    .object({
      totalBytes: z.int().min(0).optional(),
      downloadedBytes: z.int().min(0).optional(),
      percentage: z.int32().min(0).max(100).optional(),
      displayPercentage: z.string().optional().describe('Progress at a glance, e.g. "42 %" or "N/A".'),
    })
    .describe('Download progress.'),
);

export const DownloadStateSchema = lazySchema(() =>
  z
    .object({
      protocol: z.string().optional().describe('Protocol of the current attempt, e.g. XET or HTTP.'),
      attempt: z.int32().optional(),
      totalAttempts: z.int32().optional(),
      protocolSequence: z.string().optional().describe('Protocols tried in order, e.g. "XET,HTTP".'),
      message: z.string().optional(),
    })
    .describe('State reported by the downloader pod.'),
);

export const AIMArtifactStatusSchema = lazySchema(() =>
  z
    .object({
      ...statusBaseShape(),
      status: ResourceStatusSchema(),
      progress: DownloadProgressSchema().optional(),
      download: DownloadStateSchema().optional(),
      displaySize: z.string().optional().describe('Size at a glance, e.g. "2.2 GiB".'),
      lastUsed: z.iso.datetime({ offset: true }).optional(),
      persistentVolumeClaim: z.string().optional().describe('PVC holding the download.'),
      mode: z
        .enum(ARTIFACT_MODES)
        .optional()
        .describe('Dedicated when owned by another object, else Shared.'),
      discoveredSizeBytes: z.int().min(0).optional().describe('Size found by the size-check job.'),
      allocatedSize: QuantitySchema().optional().describe('Storage requested for the PVC.'),
      headroomPercent: z.int32().optional().describe('Headroom applied to the PVC size.'),
    })
    .describe('Observed state of the artifact.'),
);
export type AIMArtifactStatus = Infer<typeof AIMArtifactStatusSchema>;

export const AIMArtifactSchema = lazySchema(() =>
  aimObjectSchema('AIMArtifact', AIMArtifactSpecSchema(), AIMArtifactStatusSchema()),
);
export type AIMArtifact = Infer<typeof AIMArtifactSchema>;
