import { z } from 'zod';
import { type Infer, lazySchema } from '../lazy-schema.ts';
import { DNS_SUBDOMAIN_OR_EMPTY_PATTERN } from './meta.ts';

export const DEFAULT_PVC_HEADROOM_PERCENT = 10;

export const PvcHeadroomPercentSchema = lazySchema(() =>
  z
    .int32()
    .min(0)
    .describe('Extra PVC capacity, in percent of the model size, to leave room for filesystem overhead.'),
);

/**
 * A StorageClass name is a DNS subdomain; "" asks for no class (a statically provisioned volume).
 * Checked here so the API server refuses a bad one at once, instead of each PVC made from it later.
 */
export const StorageClassNameSchema = lazySchema(() =>
  z
    .string()
    .max(253)
    .regex(
      DNS_SUBDOMAIN_OR_EMPTY_PATTERN,
      'must be a StorageClass name: lowercase letters, digits, "-" and "."',
    )
    .describe('Storage class for model cache PVCs.'),
);

export const StorageConfigSchema = lazySchema(() =>
  z
    .object({
      defaultStorageClassName: StorageClassNameSchema().optional(),
      pvcHeadroomPercent: PvcHeadroomPercentSchema().default(DEFAULT_PVC_HEADROOM_PERCENT),
    })
    .describe('Storage defaults for model caches.'),
);
export type StorageConfig = Infer<typeof StorageConfigSchema>;
