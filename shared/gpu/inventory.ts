import { DEFAULT_GPU_RESOURCE_NAME } from '../constants/kserve.ts';
import { GPU_NODE_LABELS } from '../constants/labels.ts';
import { AMD_GPU_STATIC_VRAM } from './device-ids.ts';
import { gpuModelFromDeviceId, normalizeGPUModel } from './normalize.ts';
import { parseVram } from './vram.ts';

export type VramSource = 'label' | 'static' | 'unknown';

export interface GpuInventoryEntry {
  model: string;
  resourceName: string;
  /** Per-GPU memory in bytes; 0 when unknown. */
  vramBytes: number;
  vramSource: VramSource;
}

/** GPU model → what the cluster offers of it, in the order nodes were seen. */
export type GpuInventory = ReadonlyMap<string, GpuInventoryEntry>;

/** The part of a Node the inventory reads; wire objects may carry anything in their labels. */
export interface NodeLike {
  metadata?: { labels?: Readonly<Record<string, unknown>> | null } | null;
}

type Labels = Readonly<Record<string, unknown>>;

function labelText(labels: Labels, key: string): string {
  const value = labels[key];
  return typeof value === 'string' ? value.trim() : '';
}

/** First of the keys whose value is non-empty. */
function firstValue(labels: Labels, keys: readonly string[]): string {
  for (const key of keys) {
    const value = labelText(labels, key);
    if (value !== '') return value;
  }
  return '';
}

/**
 * Count-encoded labels put the id in the key (`amd.com/gpu.device-id.74a1=8`); a count of `0`
 * means none. Keys are visited in sorted order, primary prefix before beta, so the result does
 * not depend on label order.
 */
function firstCountEncoded(labels: Labels, prefixes: readonly string[]): string {
  const keys = Object.keys(labels).sort();
  for (const prefix of prefixes) {
    for (const key of keys) {
      if (!key.startsWith(`${prefix}.`)) continue;
      const suffix = key.slice(prefix.length + 1).trim();
      const count = labelText(labels, key);
      if (suffix !== '' && count !== '' && count !== '0') return suffix;
    }
  }
  return '';
}

const DEVICE_ID_KEYS = [GPU_NODE_LABELS.deviceId, GPU_NODE_LABELS.betaDeviceId] as const;
const FAMILY_KEYS = [GPU_NODE_LABELS.family, GPU_NODE_LABELS.betaFamily] as const;
const VRAM_KEYS = [GPU_NODE_LABELS.vram, GPU_NODE_LABELS.betaVram] as const;

/**
 * A node's GPU model from its labels (spec §9.1): device id, count-encoded device id, family,
 * count-encoded family, in that order; undefined when none yields a model.
 */
export function gpuModelFromNodeLabels(labels: Labels): string | undefined {
  const deviceId = firstValue(labels, DEVICE_ID_KEYS) || firstCountEncoded(labels, DEVICE_ID_KEYS);
  if (deviceId !== '') return gpuModelFromDeviceId(deviceId);
  const family = firstValue(labels, FAMILY_KEYS) || firstCountEncoded(labels, FAMILY_KEYS);
  const model = family === '' ? '' : normalizeGPUModel(family);
  return model === '' ? undefined : model;
}

/** VRAM from the node's label when it parses, else the static table, else unknown. */
function nodeVram(labels: Labels, model: string): Pick<GpuInventoryEntry, 'vramBytes' | 'vramSource'> {
  const fromLabel = parseVram(firstValue(labels, VRAM_KEYS));
  if (fromLabel > 0) return { vramBytes: fromLabel, vramSource: 'label' };
  const fromTable = Object.hasOwn(AMD_GPU_STATIC_VRAM, model) ? parseVram(AMD_GPU_STATIC_VRAM[model]!) : 0;
  if (fromTable > 0) return { vramBytes: fromTable, vramSource: 'static' };
  return { vramBytes: 0, vramSource: 'unknown' };
}

/**
 * The cluster's GPU models from Node labels only (capacity is ignored, spec §9.1); the first node
 * seen for a model decides its VRAM. Malformed nodes and labels are skipped, never thrown on.
 */
export function gpuInventoryFromNodes(nodes: readonly NodeLike[]): GpuInventory {
  const inventory = new Map<string, GpuInventoryEntry>();
  for (const node of nodes) {
    const labels = node?.metadata?.labels;
    if (typeof labels !== 'object' || labels === null) continue;
    const model = gpuModelFromNodeLabels(labels);
    if (model === undefined || inventory.has(model)) continue;
    inventory.set(model, { model, resourceName: DEFAULT_GPU_RESOURCE_NAME, ...nodeVram(labels, model) });
  }
  return inventory;
}

/** Models in the inventory, sorted, for messages and set membership. */
export function inventoryModels(inventory: GpuInventory): string[] {
  return [...inventory.keys()].sort();
}
