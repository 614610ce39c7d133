import { describe, expect, it } from 'vitest';
import { hardwareSummary, resolveHardware } from '../../../shared/templates/resolved-hardware.ts';

describe('resolveHardware and hardwareSummary (spec §8.5)', () => {
  it('copies an in-line GPU requirement with its minVram', () => {
    const hardware = resolveHardware(undefined, {
      gpu: { requests: 1, minVram: '64Gi', resourceName: 'amd.com/gpu' },
    });
    expect(hardware).toEqual({ gpu: { requests: 1, minVram: '64Gi', resourceName: 'amd.com/gpu' } });
    expect(hardwareSummary(hardware)).toBe('1 x GPU');
  });

  it('writes CPU quantities in canonical form and summarises CPU-only hardware as CPU (spec §8.5)', () => {
    const spec = { cpu: { requests: '500m', limits: '2000m' } };
    const hardware = resolveHardware(undefined, spec);
    expect(hardware).toEqual({ cpu: { requests: '500m', limits: '2' } });
    expect(hardwareSummary(hardware)).toBe('CPU');
    expect(spec).toEqual({ cpu: { requests: '500m', limits: '2000m' } });
  });

  it('writes minVram in canonical form', () => {
    const hardware = resolveHardware(undefined, {
      gpu: { requests: 1, minVram: '65536Mi', resourceName: 'amd.com/gpu' },
    });
    expect(hardware?.gpu?.minVram).toBe('64Gi');
  });

  it('takes the GPU model and count from discovery when it ran, even a zero count', () => {
    const spec = { gpu: { requests: 2, model: 'MI300X', resourceName: 'amd.com/gpu' } };
    expect(resolveHardware({ gpuCount: 1, gpuModel: 'MI325X' }, spec)?.gpu).toEqual({
      requests: 1,
      model: 'MI325X',
      resourceName: 'amd.com/gpu',
    });
    const zero = resolveHardware({ gpuCount: 0, gpuModel: 'MI300X' }, spec);
    expect(zero?.gpu?.requests).toBe(0);
    expect(hardwareSummary(zero)).toBe('MI300X');
  });

  it('summarises counts with and without a model, and nothing as an empty string', () => {
    expect(hardwareSummary({ gpu: { requests: 8, model: 'MI300X', resourceName: 'amd.com/gpu' } })).toBe(
      '8 x MI300X',
    );
    expect(hardwareSummary(undefined)).toBe('');
    expect(resolveHardware(undefined, undefined)).toBeUndefined();
  });
});
