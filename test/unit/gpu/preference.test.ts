import { describe, expect, it } from 'vitest';
import { gpuPreferenceRank, UNRANKED_GPU_RANK } from '../../../shared/gpu/preference.ts';

describe('gpuPreferenceRank (spec §9.4)', () => {
  it('ranks MI325X > MI300X > MI250X > MI210', () => {
    const ranked = ['MI210', 'MI300X', 'MI325X', 'MI250X'].sort(
      (a, b) => gpuPreferenceRank(a) - gpuPreferenceRank(b),
    );
    expect(ranked).toEqual(['MI325X', 'MI300X', 'MI250X', 'MI210']);
  });

  it('compares case-insensitively', () => {
    expect(gpuPreferenceRank('mi300x')).toBe(gpuPreferenceRank('MI300X'));
  });

  it('ties every other model, and none, behind the ranked ones', () => {
    expect(gpuPreferenceRank('MI355X')).toBe(UNRANKED_GPU_RANK);
    expect(gpuPreferenceRank('')).toBe(UNRANKED_GPU_RANK);
    expect(gpuPreferenceRank(undefined)).toBe(UNRANKED_GPU_RANK);
    expect(UNRANKED_GPU_RANK).toBe(1004);
  });
});
