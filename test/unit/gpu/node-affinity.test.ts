import { describe, expect, it } from 'vitest';
import { gpuInventoryFromNodes } from '../../../shared/gpu/inventory.ts';
import { buildNodeAffinity } from '../../../shared/gpu/node-affinity.ts';

const inventory = gpuInventoryFromNodes([
  { metadata: { labels: { 'amd.com/gpu.device-id': '74a1' } } },
  { metadata: { labels: { 'amd.com/gpu.device-id': '7408' } } },
  { metadata: { labels: { 'amd.com/gpu.device-id': '75a3' } } },
]);

const deviceIdsIn = (values: string[]) => ({
  requiredDuringSchedulingIgnoredDuringExecution: {
    nodeSelectorTerms: [{ matchExpressions: [{ key: 'amd.com/gpu.device-id', operator: 'In', values }] }],
  },
});

describe('buildNodeAffinity (spec §9.3)', () => {
  it('selects every device id of the required model, sorted', () => {
    expect(buildNodeAffinity({ gpu: { requests: 1, model: 'MI300X' } }, inventory)).toEqual(
      deviceIdsIn(['74a1', '74a9', '74b5', '74bd']),
    );
  });

  it('uses the table even for models the cluster lacks', () => {
    expect(buildNodeAffinity({ gpu: { model: 'mi325x' } }, inventory)).toEqual(deviceIdsIn(['74a5', '74b9']));
  });

  it('selects device ids of inventory models with enough VRAM for minVram', () => {
    // MI300X 192G, MI250X 128G, MI355X 288G (static table).
    expect(buildNodeAffinity({ gpu: { requests: 1, minVram: '150Gi' } }, inventory)).toEqual(
      deviceIdsIn(['74a1', '74a9', '74b5', '74bd', '75a3', '75b3']),
    );
  });

  it('has no affinity without a GPU requirement, without model or minVram, or without matching ids', () => {
    expect(buildNodeAffinity(undefined, inventory)).toBeUndefined();
    expect(buildNodeAffinity({ cpu: { requests: '1' } }, inventory)).toBeUndefined();
    expect(buildNodeAffinity({ gpu: { requests: 1 } }, inventory)).toBeUndefined();
    expect(buildNodeAffinity({ gpu: { requests: 1, minVram: '1Ti' } }, inventory)).toBeUndefined();
    expect(buildNodeAffinity({ gpu: { model: 'H100' } }, inventory)).toBeUndefined();
  });
});
