import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  gpuInventoryFromNodes,
  gpuModelFromNodeLabels,
  inventoryModels,
} from '../../../shared/gpu/inventory.ts';

const GIB = 1024 ** 3;
const node = (labels: Record<string, string>) => ({ metadata: { labels } });

describe('gpuModelFromNodeLabels (spec §9.1)', () => {
  it.each([
    [{ 'amd.com/gpu.device-id': '74a1' }, 'MI300X'],
    [{ 'amd.com/gpu.device-id': ' 0x74A5 ' }, 'MI325X'],
    [{ 'beta.amd.com/gpu.device-id': '75a0' }, 'MI350X'],
    [{ 'amd.com/gpu.device-id': '  ', 'beta.amd.com/gpu.device-id': '7408' }, 'MI250X'],
    [{ 'amd.com/gpu.device-id.74a1': '8' }, 'MI300X'],
    [{ 'beta.amd.com/gpu.device-id.740f': '4' }, 'MI210'],
    [{ 'amd.com/gpu.device-id.74a1': '0', 'amd.com/gpu.device-id.74a5': '8' }, 'MI325X'],
    [{ 'amd.com/gpu.family': 'Instinct-MI300X' }, 'MI300X'],
    [{ 'beta.amd.com/gpu.family': 'mi250x' }, 'MI250X'],
    [{ 'amd.com/gpu.family.MI210': '2' }, 'MI210'],
    [{ 'amd.com/gpu.device-id': 'beef' }, 'AMD-BEEF'],
    // The device id wins over the family.
    [{ 'amd.com/gpu.device-id': '74a1', 'amd.com/gpu.family': 'MI210' }, 'MI300X'],
  ])('%j ⇒ %s', (labels, model) => {
    expect(gpuModelFromNodeLabels(labels)).toBe(model);
  });

  it.each([
    [{}],
    [{ 'kubernetes.io/hostname': 'cpu-node' }],
    [{ 'amd.com/gpu.device-id': '' }],
    [{ 'amd.com/gpu.device-id.': '8' }],
    [{ 'amd.com/gpu.device-id.74a1': '0' }],
    [{ 'amd.com/gpu.device-id.74a1': '' }],
    [{ 'amd.com/gpu.family': ' ' }],
    [{ 'amd.com/gpu.family.MI300X': '0' }],
  ])('%j has no GPU', (labels) => {
    expect(gpuModelFromNodeLabels(labels)).toBeUndefined();
  });
});

describe('gpuInventoryFromNodes (spec §9.1)', () => {
  it('takes VRAM from the node label, else the static table', () => {
    const inventory = gpuInventoryFromNodes([
      node({ 'amd.com/gpu.device-id': '74a1', 'amd.com/gpu.vram': '192G' }),
      node({ 'amd.com/gpu.device-id': '75a0', 'beta.amd.com/gpu.vram': '300G' }),
      node({ 'amd.com/gpu.device-id': '74a5' }),
      node({ 'amd.com/gpu.device-id': 'beef', 'amd.com/gpu.vram': 'big' }),
    ]);
    expect(inventoryModels(inventory)).toEqual(['AMD-BEEF', 'MI300X', 'MI325X', 'MI350X']);
    expect(inventory.get('MI300X')).toEqual({
      model: 'MI300X',
      resourceName: 'amd.com/gpu',
      vramBytes: 192 * GIB,
      vramSource: 'label',
    });
    expect(inventory.get('MI350X')).toMatchObject({ vramBytes: 300 * GIB, vramSource: 'label' });
    expect(inventory.get('MI325X')).toMatchObject({ vramBytes: 256 * GIB, vramSource: 'static' });
    expect(inventory.get('AMD-BEEF')).toMatchObject({ vramBytes: 0, vramSource: 'unknown' });
  });

  it('lets the first node of a model decide its entry', () => {
    const inventory = gpuInventoryFromNodes([
      node({ 'amd.com/gpu.device-id': '74a1', 'amd.com/gpu.vram': '128G' }),
      node({ 'amd.com/gpu.device-id': '74b5', 'amd.com/gpu.vram': '192G' }),
    ]);
    expect(inventory.size).toBe(1);
    expect(inventory.get('MI300X')?.vramBytes).toBe(128 * GIB);
  });

  it('skips nodes without labels or metadata instead of throwing', () => {
    const nodes = [
      {},
      { metadata: null },
      { metadata: { labels: null } },
      node({ 'amd.com/gpu.device-id': '74a1' }),
    ];
    expect(inventoryModels(gpuInventoryFromNodes(nodes))).toEqual(['MI300X']);
  });

  it('ignores non-string label values', () => {
    const nodes = [{ metadata: { labels: { 'amd.com/gpu.device-id': 42, 'amd.com/gpu.family': 'MI210' } } }];
    expect(inventoryModels(gpuInventoryFromNodes(nodes))).toEqual(['MI210']);
  });

  it('never throws on arbitrary label maps, and only yields named models', () => {
    const key = fc.oneof(
      fc.string(),
      fc.constantFrom(
        'amd.com/gpu.device-id',
        'beta.amd.com/gpu.device-id',
        'amd.com/gpu.family',
        'beta.amd.com/gpu.family',
        'amd.com/gpu.vram',
        'beta.amd.com/gpu.vram',
        '__proto__',
        'constructor',
      ),
      fc.string().map((s) => `amd.com/gpu.device-id.${s}`),
      fc.string().map((s) => `beta.amd.com/gpu.family.${s}`),
    );
    const value = fc.oneof(
      fc.string(),
      fc.constantFrom('0', '74a1', '0x74A5', 'MI300X', '192G', '__proto__'),
    );
    const labels = fc.dictionary(key, value);
    fc.assert(
      fc.property(fc.array(labels, { maxLength: 5 }), (maps) => {
        const inventory = gpuInventoryFromNodes(maps.map((m) => ({ metadata: { labels: m } })));
        for (const [model, entry] of inventory) {
          expect(typeof model).toBe('string');
          expect(model).not.toBe('');
          expect(entry.model).toBe(model);
          expect(Number.isSafeInteger(entry.vramBytes)).toBe(true);
        }
      }),
    );
  });
});
