import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { selectTemplate } from '../../../../shared/service-resolution/selection/select-template.ts';
import { stillFits } from '../../../../shared/service-resolution/selection/still-fits.ts';
import { BOTH_GPUS, candidate } from './candidates.ts';

describe('stillFits: the template a service runs, against its spec now', () => {
  it('fits when the spec asks nothing of it', () => {
    expect(stillFits(candidate('t'), {})).toBe(true);
  });

  it('no longer fits when an override it does not match is set', () => {
    const fp8 = candidate('t', { precision: 'fp8', metric: 'latency', gpuModel: 'MI300X', gpuCount: 1 });
    expect(stillFits(fp8, { overrides: { precision: 'bf16' } })).toBe(false);
    expect(stillFits(fp8, { overrides: { metric: 'throughput' } })).toBe(false);
    expect(stillFits(fp8, { overrides: { hardware: { gpu: { model: 'MI325X' } } } })).toBe(false);
    expect(stillFits(fp8, { overrides: { hardware: { gpu: { requests: 2 } } } })).toBe(false);
  });

  it('fits overrides it matches, in any case and GPU spelling', () => {
    const fp8 = candidate('t', { precision: 'FP8', gpuModel: 'MI300X' });
    expect(stillFits(fp8, { overrides: { precision: 'fp8', hardware: { gpu: { model: 'mi300x' } } } })).toBe(
      true,
    );
  });

  it('no longer fits when unoptimized templates are no longer allowed', () => {
    const preview = candidate('t', { profileType: 'preview' });
    expect(stillFits(preview, { allowUnoptimized: true })).toBe(true);
    expect(stillFits(preview, { allowUnoptimized: false })).toBe(false);
  });

  it('agrees with selection: a lone Ready template fits exactly when selection would pick it', () => {
    const text = fc.constantFrom('', 'fp8', 'bf16', 'latency', 'throughput');
    fc.assert(
      fc.property(
        fc.record({
          precision: fc.constantFrom('fp8', 'bf16', ''),
          metric: fc.constantFrom('latency', 'throughput', ''),
          gpuModel: fc.constantFrom('MI300X', 'MI325X', ''),
          gpuCount: fc.constantFrom(0, 1, 2),
          profileType: fc.constantFrom('optimized', 'preview', ''),
        }),
        fc.record({ precision: text, metric: text }),
        fc.constantFrom(undefined, 'MI300X', 'mi325x'),
        fc.constantFrom(0, 1, 2),
        fc.boolean(),
        (fields, asked, gpu, requests, allowUnoptimized) => {
          const lone = candidate('t', fields);
          const overrides = { ...asked, hardware: { gpu: { model: gpu, requests } } };
          const selected = selectTemplate([lone], { overrides, allowUnoptimized, availableGpus: BOTH_GPUS });
          expect(stillFits(lone, { overrides, allowUnoptimized })).toBe(selected.outcome === 'Selected');
        },
      ),
    );
  });
});
