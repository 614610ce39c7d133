import { TEMPLATE_REASONS } from '../constants/template-conditions.ts';
import { KNOWN_AMD_GPU_MODELS } from './device-ids.ts';
import { type GpuInventory, type GpuInventoryEntry, inventoryModels } from './inventory.ts';
import { normalizeGPUModel } from './normalize.ts';
import { type HardwareRequirement, requiredMinVramBytes, templateRequiresGPU } from './requirements.ts';
import { bytesToWholeGiB } from './vram.ts';

export interface GpuAvailability {
  state: 'Ready' | 'NotAvailable';
  reason: string;
  message: string;
}

function listOrNone(models: readonly string[]): string {
  return models.length > 0 ? models.join(', ') : 'none';
}

/** The entry with the most known VRAM; ties go to the alphabetically first model. */
function largestVram(inventory: GpuInventory): GpuInventoryEntry | undefined {
  let best: GpuInventoryEntry | undefined;
  for (const model of inventoryModels(inventory)) {
    const entry = inventory.get(model)!;
    if (entry.vramBytes > 0 && (best === undefined || entry.vramBytes > best.vramBytes)) best = entry;
  }
  return best;
}

/**
 * Whether the cluster can satisfy a template's GPU requirement (spec §9.3). Undefined when the
 * template needs no GPU (then there is no GPU component at all). A failed Node list is the
 * caller's concern: it is an infrastructure error (`GPUCheckFailed`), not an answer.
 */
export function checkGpuAvailability(
  hardware: HardwareRequirement | undefined,
  inventory: GpuInventory,
): GpuAvailability | undefined {
  if (!templateRequiresGPU(hardware)) return undefined;
  const gpu = hardware?.gpu;

  const minVram = requiredMinVramBytes(gpu);
  if (minVram > 0 && ![...inventory.values()].some((entry) => entry.vramBytes >= minVram)) {
    const largest = largestVram(inventory);
    const highest = largest ? `${largest.model} (${bytesToWholeGiB(largest.vramBytes)}Gi)` : 'none detected';
    return {
      state: 'NotAvailable',
      reason: TEMPLATE_REASONS.vramNotAvailable,
      message: `Required minimum VRAM (${bytesToWholeGiB(minVram)}Gi) exceeds available GPUs. Highest available: ${highest}`,
    };
  }

  const available = inventoryModels(inventory);
  const requested = (gpu?.model ?? '').trim();
  if (requested === '') {
    return available.length > 0
      ? {
          state: 'Ready',
          reason: TEMPLATE_REASONS.gpuAvailable,
          message: `GPU available (any model accepted): ${available.join(', ')}`,
        }
      : {
          state: 'NotAvailable',
          reason: TEMPLATE_REASONS.gpuNotAvailable,
          message: 'No GPUs available in cluster',
        };
  }

  const model = normalizeGPUModel(requested);
  if (inventory.has(model)) {
    return {
      state: 'Ready',
      reason: TEMPLATE_REASONS.gpuAvailable,
      message: `GPU model '${model}' is available`,
    };
  }
  if (!KNOWN_AMD_GPU_MODELS.includes(model)) {
    // Still NotAvailable, not Failed (spec §9.3): nodes may advertise a model outside the table
    // (gpu.family labels, unknown device ids as AMD-<id>), and the template turns Ready when one
    // does. The message names the field and the value, so a typo is found at a glance.
    return {
      state: 'NotAvailable',
      reason: TEMPLATE_REASONS.gpuModelUnknown,
      message:
        `spec.hardware.gpu.model ${JSON.stringify(requested)} is not a known AMD GPU model ` +
        `(known: ${KNOWN_AMD_GPU_MODELS.join(', ')}) and no node offers it. Available: ${listOrNone(available)}`,
    };
  }
  return {
    state: 'NotAvailable',
    reason: TEMPLATE_REASONS.gpuNotAvailable,
    message: `Required GPU model '${model}' not available in cluster. Available: ${listOrNone(available)}`,
  };
}
