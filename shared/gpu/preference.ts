/** GPU preference when auto-selecting among equally good templates (spec §9.4, §10.4.1). */
export const GPU_PREFERENCE_ORDER = ['MI325X', 'MI300X', 'MI250X', 'MI210'] as const;

/** Score of any model not in the preference order (and of an empty one): tied, behind all ranked ones. */
export const UNRANKED_GPU_RANK = 1000 + GPU_PREFERENCE_ORDER.length;

/** Lower is better; comparison is case-insensitive. */
export function gpuPreferenceRank(model: string | undefined): number {
  const rank = (GPU_PREFERENCE_ORDER as readonly string[]).indexOf((model ?? '').trim().toUpperCase());
  return rank < 0 ? UNRANKED_GPU_RANK : rank;
}
