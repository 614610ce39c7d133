/**
 * `status.resolvedHardware` and `status.hardwareSummary` (spec §8.5): the hardware a template
 * really uses — the discovered profile's GPU model and count when discovery ran, the spec's
 * otherwise — and its one-line summary. Quantities are written in canonical form (`2000m` → `"2"`),
 * as the Go operator's resource.Quantity writes them, so a takeover leaves the status as it is.
 */
import type { AIMHardwareRequirements, ResolvedHardware } from '../api/common/hardware.ts';
import { canonicalHardware } from '../quantity/canonical-fields.ts';

/** What discovery reported about GPUs (profile metadata `gpu_count` and `gpu`). */
export interface DiscoveredGpu {
  gpuCount: number;
  gpuModel: string;
}

export function resolveHardware(
  discovered: DiscoveredGpu | undefined,
  hardware: AIMHardwareRequirements | undefined,
): ResolvedHardware | undefined {
  const gpuSpec = hardware?.gpu;
  const resourceName = gpuSpec?.resourceName ?? '';
  const count = discovered ? discovered.gpuCount : (gpuSpec?.requests ?? 0);
  const model = discovered ? discovered.gpuModel : (gpuSpec?.model ?? '');
  const resolved: ResolvedHardware = {};
  if (count > 0 || model !== '' || resourceName !== '') {
    const gpu: NonNullable<ResolvedHardware['gpu']> = { requests: count, resourceName };
    if (model !== '') gpu.model = model;
    if (gpuSpec?.minVram !== undefined) gpu.minVram = gpuSpec.minVram;
    resolved.gpu = gpu;
  }
  const cpu = hardware?.cpu;
  if (cpu !== undefined) {
    resolved.cpu = { requests: cpu.requests };
    if (cpu.limits !== undefined) resolved.cpu.limits = cpu.limits;
  }
  return resolved.gpu === undefined && resolved.cpu === undefined ? undefined : canonicalHardware(resolved);
}

/** `"<n> x <model>"`, `"<n> x GPU"`, `"<model>"` (no count), `"CPU"`, or "" without hardware. */
export function hardwareSummary(hardware: ResolvedHardware | undefined): string {
  if (hardware === undefined) return '';
  const gpu = hardware.gpu;
  const requests = gpu?.requests ?? 0;
  const model = gpu?.model ?? '';
  if (requests > 0) return `${requests} x ${model || 'GPU'}`;
  if (model !== '') return model;
  return 'CPU';
}
