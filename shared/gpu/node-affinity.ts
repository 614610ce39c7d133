import { GPU_NODE_LABELS } from '../constants/labels.ts';
import { deviceIdsForModel } from './device-ids.ts';
import type { GpuInventory } from './inventory.ts';
import { normalizeGPUModel } from './normalize.ts';
import { type HardwareRequirement, requiredMinVramBytes, templateRequiresGPU } from './requirements.ts';

/** corev1.NodeAffinity restricted to what the GPU requirement produces. */
export interface GpuNodeAffinity {
  requiredDuringSchedulingIgnoredDuringExecution: {
    nodeSelectorTerms: { matchExpressions: { key: string; operator: 'In'; values: string[] }[] }[];
  };
}

function requiredDeviceIds(hardware: HardwareRequirement | undefined, inventory: GpuInventory): string[] {
  const gpu = hardware?.gpu;
  const model = (gpu?.model ?? '').trim();
  if (model !== '') return deviceIdsForModel(normalizeGPUModel(model));
  const minVram = requiredMinVramBytes(gpu);
  if (minVram === 0) return [];
  const ids = new Set<string>();
  for (const entry of inventory.values()) {
    if (entry.vramBytes >= minVram) for (const id of deviceIdsForModel(entry.model)) ids.add(id);
  }
  return [...ids].sort();
}

/**
 * `status.resolvedNodeAffinity` (spec §9.3), from the template's *spec* hardware: nodes whose
 * device id belongs to the required model, or to any inventory model with enough VRAM. Device ids
 * are sorted (upstream iterates a Go map, so its order is random). Undefined ⇒ no affinity.
 */
export function buildNodeAffinity(
  hardware: HardwareRequirement | undefined,
  inventory: GpuInventory,
): GpuNodeAffinity | undefined {
  if (!templateRequiresGPU(hardware)) return undefined;
  const values = requiredDeviceIds(hardware, inventory);
  if (values.length === 0) return undefined;
  return {
    requiredDuringSchedulingIgnoredDuringExecution: {
      nodeSelectorTerms: [{ matchExpressions: [{ key: GPU_NODE_LABELS.deviceId, operator: 'In', values }] }],
    },
  };
}
