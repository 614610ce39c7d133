import { describe, expect, it } from 'vitest';
import { checkGpuAvailability } from '../../../shared/gpu/availability.ts';
import { gpuInventoryFromNodes } from '../../../shared/gpu/inventory.ts';
import { templateRequiresGPU } from '../../../shared/gpu/requirements.ts';

const mi300xAndMi325x = gpuInventoryFromNodes([
  { metadata: { labels: { 'amd.com/gpu.device-id': '74a1', 'amd.com/gpu.vram': '192G' } } },
  { metadata: { labels: { 'amd.com/gpu.device-id': '74a5' } } },
]);
const empty = gpuInventoryFromNodes([]);

describe('templateRequiresGPU', () => {
  it.each([
    [undefined, false],
    [{}, false],
    [{ cpu: { requests: '1' } }, false],
    [{ gpu: {} }, false],
    [{ gpu: { requests: 0 } }, false],
    [{ gpu: { model: '  ' } }, false],
    [{ gpu: { requests: 0, minVram: '64Gi' } }, false],
    [{ gpu: { requests: 1 } }, true],
    [{ gpu: { model: 'MI300X' } }, true],
  ])('%j ⇒ %s', (hardware, expected) => {
    expect(templateRequiresGPU(hardware)).toBe(expected);
  });
});

describe('checkGpuAvailability (spec §9.3)', () => {
  it('has nothing to say when no GPU is required', () => {
    expect(checkGpuAvailability({ cpu: { requests: '1' } }, empty)).toBeUndefined();
  });

  it('accepts a present model, matching after normalisation', () => {
    expect(checkGpuAvailability({ gpu: { requests: 1, model: 'Instinct MI300X' } }, mi300xAndMi325x)).toEqual(
      {
        state: 'Ready',
        reason: 'GPUAvailable',
        message: "GPU model 'MI300X' is available",
      },
    );
  });

  it('reports a missing model with what is available', () => {
    expect(checkGpuAvailability({ gpu: { requests: 1, model: 'MI250X' } }, mi300xAndMi325x)).toEqual({
      state: 'NotAvailable',
      reason: 'GPUNotAvailable',
      message: "Required GPU model 'MI250X' not available in cluster. Available: MI300X, MI325X",
    });
    expect(checkGpuAvailability({ gpu: { model: 'MI250X' } }, empty)?.message).toBe(
      "Required GPU model 'MI250X' not available in cluster. Available: none",
    );
  });

  it('accepts any model when none is named', () => {
    expect(checkGpuAvailability({ gpu: { requests: 2 } }, mi300xAndMi325x)).toEqual({
      state: 'Ready',
      reason: 'GPUAvailable',
      message: 'GPU available (any model accepted): MI300X, MI325X',
    });
    expect(checkGpuAvailability({ gpu: { requests: 2 } }, empty)).toEqual({
      state: 'NotAvailable',
      reason: 'GPUNotAvailable',
      message: 'No GPUs available in cluster',
    });
  });

  it('accepts a satisfiable minVram', () => {
    expect(checkGpuAvailability({ gpu: { requests: 1, minVram: '64Gi' } }, mi300xAndMi325x)).toMatchObject({
      state: 'Ready',
      reason: 'GPUAvailable',
    });
    expect(checkGpuAvailability({ gpu: { requests: 1, minVram: '256Gi' } }, mi300xAndMi325x)?.state).toBe(
      'Ready',
    );
  });

  it('rejects a minVram above every GPU, naming the largest', () => {
    expect(checkGpuAvailability({ gpu: { requests: 1, minVram: '512Gi' } }, mi300xAndMi325x)).toEqual({
      state: 'NotAvailable',
      reason: 'VRAMNotAvailable',
      message: 'Required minimum VRAM (512Gi) exceeds available GPUs. Highest available: MI325X (256Gi)',
    });
  });

  it('says "none detected" when no GPU has known VRAM', () => {
    const unknownVram = gpuInventoryFromNodes([
      { metadata: { labels: { 'amd.com/gpu.device-id': 'beef' } } },
    ]);
    expect(checkGpuAvailability({ gpu: { requests: 1, minVram: '1Gi' } }, unknownVram)?.message).toBe(
      'Required minimum VRAM (1Gi) exceeds available GPUs. Highest available: none detected',
    );
  });

  it('ignores a zero minVram', () => {
    expect(checkGpuAvailability({ gpu: { requests: 1, minVram: '0' } }, mi300xAndMi325x)?.state).toBe(
      'Ready',
    );
  });
});
