/**
 * `mergeHardware(model.spec.custom.hardware, customTemplate.hardware)` (spec §7.4.2): when either
 * is absent the other is used; otherwise the template's GPU fields override the model's only when
 * set (non-zero count, non-empty model / resource name), and likewise for CPU.
 */
import type { AIMHardwareRequirements } from '../api/common/hardware.ts';

type Gpu = NonNullable<AIMHardwareRequirements['gpu']>;
type Cpu = NonNullable<AIMHardwareRequirements['cpu']>;

function mergeGpu(base: Gpu | undefined, override: Gpu | undefined): Gpu | undefined {
  if (base === undefined || override === undefined) return structuredClone(base ?? override);
  const merged: Gpu = structuredClone(base);
  if (override.requests !== undefined && override.requests !== 0) merged.requests = override.requests;
  if (override.model) {
    merged.model = override.model;
    delete merged.minVram;
  }
  if (override.minVram) {
    // model and minVram are mutually exclusive: the template's choice replaces the model's.
    merged.minVram = override.minVram;
    if (!override.model) delete merged.model;
  }
  if (override.resourceName) merged.resourceName = override.resourceName;
  return merged;
}

function mergeCpu(base: Cpu | undefined, override: Cpu | undefined): Cpu | undefined {
  if (base === undefined || override === undefined) return structuredClone(base ?? override);
  const merged: Cpu = structuredClone(base);
  if (override.requests) merged.requests = override.requests;
  if (override.limits) merged.limits = override.limits;
  return merged;
}

export function mergeHardware(
  base: AIMHardwareRequirements | undefined,
  override: AIMHardwareRequirements | undefined,
): AIMHardwareRequirements | undefined {
  if (base === undefined || override === undefined) return structuredClone(base ?? override);
  const merged: AIMHardwareRequirements = {};
  const gpu = mergeGpu(base.gpu, override.gpu);
  const cpu = mergeCpu(base.cpu, override.cpu);
  if (gpu !== undefined) merged.gpu = gpu;
  if (cpu !== undefined) merged.cpu = cpu;
  return merged;
}
