import { z } from 'zod';
import { withRule } from '../crd/extensions.ts';
import { type Infer, lazySchema } from '../lazy-schema.ts';
import { QuantitySchema } from './quantity.ts';

export const DEFAULT_GPU_RESOURCE_NAME = 'amd.com/gpu';

const gpuShape = lazySchema(() => ({
  requests: z.int32().min(0).optional().describe('Number of GPUs per replica.'),
  model: z
    .string()
    .max(64)
    .optional()
    .describe('GPU model, e.g. MI300X or MI325X. Mutually exclusive with minVram.'),
  minVram: QuantitySchema()
    .optional()
    .describe('Minimum VRAM per GPU (e.g. 64Gi); any GPU model with at least this much qualifies.'),
  resourceName: z
    .string()
    .max(253)
    .default(DEFAULT_GPU_RESOURCE_NAME)
    .describe('Extended resource name the GPUs are requested under.'),
}));

const cpuShape = lazySchema(() => ({
  requests: QuantitySchema().describe('CPU requested per replica.'),
  limits: QuantitySchema().optional().describe('CPU limit per replica.'),
}));

export const CpuRequirementsSchema = lazySchema(() => z.object(cpuShape()).describe('CPU requirements.'));
export type CpuRequirements = Infer<typeof CpuRequirementsSchema>;

export const GpuRequirementsSchema = lazySchema(() =>
  withRule(
    z.object(gpuShape()).describe('GPU requirements.'),
    {
      rule: "!(has(self.model) && self.model != '' && has(self.minVram))",
      message: 'model and minVram are mutually exclusive',
    },
    (gpu) => !(gpu.model !== undefined && gpu.model !== '' && gpu.minVram !== undefined),
    ['minVram'],
  ),
);
export type GpuRequirements = Infer<typeof GpuRequirementsSchema>;

/** AIMHardwareRequirements as users write it: GPU and/or CPU. */
export const AIMHardwareRequirementsSchema = lazySchema(() =>
  withRule(
    z
      .object({
        gpu: GpuRequirementsSchema().optional(),
        cpu: CpuRequirementsSchema().optional(),
      })
      .describe('Hardware requirements: GPU and/or CPU.'),
    { rule: 'has(self.gpu) || has(self.cpu)', message: 'at least one of gpu or cpu must be specified' },
    (hardware) => hardware.gpu !== undefined || hardware.cpu !== undefined,
  ),
);
export type AIMHardwareRequirements = Infer<typeof AIMHardwareRequirementsSchema>;

/**
 * The hardware a template actually resolved to. Same fields, no cross-field rules: discovery may
 * report a GPU model next to a spec-provided minVram, and a status write must never be rejected for
 * faithfully recording that.
 */
export const ResolvedHardwareSchema = lazySchema(() =>
  z
    .object({
      gpu: z.object(gpuShape()).optional(),
      cpu: CpuRequirementsSchema().optional(),
    })
    .describe('Hardware requirements resolved from spec and discovery.'),
);
export type ResolvedHardware = Infer<typeof ResolvedHardwareSchema>;
