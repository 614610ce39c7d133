import { z } from 'zod';
import { freeFormValue } from '../crd/extensions.ts';
import { type Infer, lazySchema } from '../lazy-schema.ts';

export const PROFILE_TYPE_VALUES = ['optimized', 'preview', 'unoptimized'] as const;

export const AIMProfileTypeSchema = lazySchema(() =>
  z.enum(PROFILE_TYPE_VALUES).describe('How well tuned a profile is: optimized, preview or unoptimized.'),
);
export type AIMProfileType = Infer<typeof AIMProfileTypeSchema>;

/*
 * The profile is written from the discovery job's output. Its values are recorded as reported
 * (plain strings), so an unexpected value from an image never makes the status write fail.
 */
export const AIMProfileMetadataSchema = lazySchema(() =>
  z
    .object({
      engine: z.string().optional().describe('Inference engine, e.g. vllm.'),
      gpu: z.string().optional().describe('GPU model the profile targets.'),
      gpuCount: z.int32().optional().describe('Number of GPUs the profile uses.'),
      metric: z.string().optional().describe('Optimisation goal of the profile.'),
      precision: z.string().optional().describe('Precision of the profile.'),
      type: z.string().optional().describe('Profile type: optimized, preview or unoptimized.'),
    })
    .describe('Summary of the runtime profile.'),
);
export type AIMProfileMetadata = Infer<typeof AIMProfileMetadataSchema>;

export const AIMProfileSchema = lazySchema(() =>
  z
    .object({
      engine_args: freeFormValue()
        .optional()
        .describe('Engine arguments reported by discovery (free-form JSON).'),
      env_vars: z.record(z.string(), z.string()).optional().describe('Environment reported by discovery.'),
      metadata: AIMProfileMetadataSchema().optional(),
      originalDiscoveryOutput: freeFormValue().optional().describe('Raw discovery output (free-form JSON).'),
    })
    .describe('The runtime profile resolved for a template.'),
);
export type AIMProfile = Infer<typeof AIMProfileSchema>;
