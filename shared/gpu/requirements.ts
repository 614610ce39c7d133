import { parseQuantity } from '../quantity/quantity.ts';

/** The GPU part of AIMHardwareRequirements (spec §3.2), as far as GPU logic reads it. */
export interface GpuRequirement {
  requests?: number;
  model?: string;
  minVram?: string | number;
  resourceName?: string;
}

export interface HardwareRequirement {
  gpu?: GpuRequirement;
  cpu?: unknown;
}

/** A template needs a GPU iff `hardware.gpu` asks for some (requests > 0) or names a model. */
export function templateRequiresGPU(hardware: HardwareRequirement | undefined): boolean {
  const gpu = hardware?.gpu;
  if (!gpu) return false;
  return (gpu.requests ?? 0) > 0 || (gpu.model ?? '').trim() !== '';
}

/**
 * `minVram` in bytes; 0 when unset, zero or unparseable (the CRD validates the syntax, so the last
 * case only arises for objects that bypassed validation and is treated as "no VRAM requirement").
 */
export function requiredMinVramBytes(gpu: GpuRequirement | undefined): number {
  if (gpu?.minVram === undefined) return 0;
  try {
    const bytes = parseQuantity(gpu.minVram);
    return bytes > 0n ? Number(bytes) : 0;
  } catch {
    return 0;
  }
}
