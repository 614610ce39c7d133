import { z } from 'zod';

export const DEFAULT_PVC_HEADROOM_PERCENT = 10;

export const PvcHeadroomPercentSchema = z
  .int32()
  .min(0)
  .describe('Extra PVC capacity, in percent of the model size, to leave room for filesystem overhead.');

export const StorageClassNameSchema = z.string().max(253).describe('Storage class for model cache PVCs.');

export const StorageConfigSchema = z
  .object({
    defaultStorageClassName: StorageClassNameSchema.optional(),
    pvcHeadroomPercent: PvcHeadroomPercentSchema.default(DEFAULT_PVC_HEADROOM_PERCENT),
  })
  .describe('Storage defaults for model caches.');
export type StorageConfig = z.infer<typeof StorageConfigSchema>;
