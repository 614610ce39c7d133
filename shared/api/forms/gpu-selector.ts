import { z } from 'zod';
import { DEFAULT_GPU_RESOURCE_NAME, type GpuRequirements } from '../common/hardware.ts';
import { immutable } from '../crd/extensions.ts';
import { type Infer, lazySchema } from '../lazy-schema.ts';
import { unknownFieldsError } from './unknown-fields.ts';

/**
 * The Services page's GPU override, `overrides.gpuSelector: {model: MI300X, count: 4}`: the same
 * thing as the spec's `overrides.hardware.gpu: {model: MI300X, requests: 4}`.
 */
export const GpuSelectorSchema = lazySchema(() =>
  immutable(
    z
      .strictObject(
        {
          model: z.string().max(64).optional().describe('GPU model, e.g. MI300X.'),
          count: z.int32().min(0).optional().describe('Number of GPUs per replica (hardware.gpu.requests).'),
          resourceName: z
            .string()
            .max(253)
            .optional()
            .describe('Extended resource name the GPUs are requested under (default amd.com/gpu).'),
        },
        { error: unknownFieldsError(['model', 'count', 'resourceName']) },
      )
      .describe("GPU override in the product documents' form; the same as hardware.gpu {model, requests}."),
    'gpuSelector is immutable',
  ),
);
export type GpuSelector = Infer<typeof GpuSelectorSchema>;

/** `gpuSelector` as the spec's `hardware.gpu` (count → requests). */
export function gpuFromSelector(selector: GpuSelector): GpuRequirements {
  return {
    ...(selector.count !== undefined ? { requests: selector.count } : {}),
    ...(selector.model !== undefined ? { model: selector.model } : {}),
    resourceName: selector.resourceName ?? DEFAULT_GPU_RESOURCE_NAME,
  };
}
