/**
 * The preference score of auto-selection's last stage (spec §10.4.1, §9.4): a tuple
 * (profile type, GPU, metric, precision), lower is better, compared lexicographically. Values are
 * compared case-insensitively; a missing or unknown value ranks behind every known one
 * (1000 + the size of its table), so it never beats a template that states its value.
 */
import { GPU_PREFERENCE_ORDER, gpuPreferenceRank } from '../../gpu/preference.ts';
import type { SelectionCandidate } from './candidate.ts';

export const PROFILE_TYPE_ORDER = ['optimized', 'preview', 'unoptimized'] as const;
export const METRIC_ORDER = ['latency', 'throughput'] as const;
export const PRECISION_ORDER = ['fp4', 'int4', 'fp8', 'int8', 'fp16', 'bf16', 'fp32'] as const;

/** A template without a profile counts as unoptimized (spec §10.4.1 stage 2). */
export const DEFAULT_PROFILE_TYPE = 'unoptimized';

export type ScoreTuple = readonly [profileType: number, gpu: number, metric: number, precision: number];

function rank(order: readonly string[], value: string): number {
  const index = order.indexOf(value.toLowerCase());
  return index < 0 ? 1000 + order.length : index;
}

/** The candidate's profile type, lower-cased, with the unoptimized default applied. */
export function profileTypeOf(candidate: SelectionCandidate): string {
  return candidate.profileType === '' ? DEFAULT_PROFILE_TYPE : candidate.profileType.toLowerCase();
}

/** `normalizedGpu` is the candidate's GPU model already normalized (empty when it has none). */
export function scoreCandidate(candidate: SelectionCandidate, normalizedGpu: string): ScoreTuple {
  return [
    rank(PROFILE_TYPE_ORDER, profileTypeOf(candidate)),
    normalizedGpu === '' ? 1000 + GPU_PREFERENCE_ORDER.length : gpuPreferenceRank(normalizedGpu),
    rank(METRIC_ORDER, candidate.metric),
    rank(PRECISION_ORDER, candidate.precision),
  ];
}

/**
 * The best score a template still being discovered could get once Ready: what it already states
 * (its spec, or a profile from an earlier discovery) counts as it is; what it does not state yet
 * counts at its best, as discovery may still find it. Never worse than the score it will get.
 */
export function bestPossibleScore(candidate: SelectionCandidate, normalizedGpu: string): ScoreTuple {
  const known = scoreCandidate(candidate, normalizedGpu);
  return [
    candidate.profileType === '' ? 0 : known[0],
    normalizedGpu === '' ? 0 : known[1],
    candidate.metric === '' ? 0 : known[2],
    candidate.precision === '' ? 0 : known[3],
  ];
}

/** Each rank fits in 11 bits (the worst is 1007), so a tuple packs into one exactly comparable number. */
const RANK_BITS = 2 ** 11;

/** The tuple as one number with the same order: comparing two is a subtraction. */
export function packScore(score: ScoreTuple): number {
  return ((score[0] * RANK_BITS + score[1]) * RANK_BITS + score[2]) * RANK_BITS + score[3];
}

export function compareScores(a: ScoreTuple, b: ScoreTuple): number {
  for (let i = 0; i < 4; i++) {
    const difference = a[i]! - b[i]!;
    if (difference !== 0) return difference;
  }
  return 0;
}

/** `(0,1,0,2)`: the tuple as written in messages. */
export function formatScoreTuple(score: ScoreTuple): string {
  return `(${score.join(',')})`;
}

/** `(0,1,0,2) optimized, MI300X, latency, fp8`: the tuple and the values it ranks. */
export function formatScore(score: ScoreTuple, candidate: SelectionCandidate, normalizedGpu: string): string {
  const values = [
    profileTypeOf(candidate),
    normalizedGpu || 'no GPU model',
    candidate.metric.toLowerCase() || 'no metric',
    candidate.precision.toLowerCase() || 'no precision',
  ];
  return `${formatScoreTuple(score)} ${values.join(', ')}`;
}
