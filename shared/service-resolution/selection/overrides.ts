/**
 * `spec.overrides` as auto-selection reads it (spec §10.4.1, stage 3 "Overrides"): normalized once
 * per selection, matched against each candidate, and, for a rejected one, said in words.
 */
import type { SelectionCandidate } from './candidate.ts';

/** `AIMService.spec.overrides` as far as selection reads it. */
export interface SelectionOverrides {
  metric?: string | undefined;
  precision?: string | undefined;
  hardware?: { gpu?: { model?: string | undefined; requests?: number | undefined } | undefined } | undefined;
}

/** The overrides trimmed, the GPU model normalized and a non-positive GPU count dropped. */
export interface NormalizedOverrides {
  metric: string;
  precision: string;
  /** Normalized GPU model. */
  gpuModel: string;
  gpuCount: number;
  /** Whether any override is set (the stage is skipped otherwise). */
  any: boolean;
}

/** A candidate beside its normalized GPU model, as the selection keeps it. */
interface GpuNormalizedCandidate {
  readonly candidate: SelectionCandidate;
  readonly gpu: string;
}

function same(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/** A template that names no GPU model (or count) is compatible with any requested one. */
export function matchesOverrides(verdict: GpuNormalizedCandidate, overrides: NormalizedOverrides): boolean {
  const { candidate } = verdict;
  return (
    (overrides.metric === '' || same(candidate.metric, overrides.metric)) &&
    (overrides.precision === '' || same(candidate.precision, overrides.precision)) &&
    (overrides.gpuModel === '' || verdict.gpu === '' || verdict.gpu === overrides.gpuModel) &&
    (overrides.gpuCount === 0 || candidate.gpuCount === 0 || candidate.gpuCount === overrides.gpuCount)
  );
}

/**
 * Whether a template still being discovered may match once its profile is known: a metric or
 * precision it does not state yet may turn out to be the one asked for.
 */
export function couldMatchOverrides(
  verdict: GpuNormalizedCandidate,
  overrides: NormalizedOverrides,
): boolean {
  const { candidate } = verdict;
  const completed = {
    ...candidate,
    metric: candidate.metric || overrides.metric,
    precision: candidate.precision || overrides.precision,
  };
  return matchesOverrides({ candidate: completed, gpu: verdict.gpu }, overrides);
}

export function overrideMismatches(
  verdict: GpuNormalizedCandidate,
  overrides: NormalizedOverrides,
): string[] {
  const { candidate } = verdict;
  const mismatches: string[] = [];
  if (overrides.metric !== '' && !same(candidate.metric, overrides.metric)) {
    const has = candidate.metric === '' ? 'no metric' : `metric is ${candidate.metric}`;
    mismatches.push(`${has}, overrides ask for ${overrides.metric}`);
  }
  if (overrides.precision !== '' && !same(candidate.precision, overrides.precision)) {
    const has = candidate.precision === '' ? 'no precision' : `precision is ${candidate.precision}`;
    mismatches.push(`${has}, overrides ask for ${overrides.precision}`);
  }
  if (overrides.gpuModel !== '' && verdict.gpu !== '' && verdict.gpu !== overrides.gpuModel) {
    mismatches.push(`GPU is ${verdict.gpu}, overrides ask for ${overrides.gpuModel}`);
  }
  if (overrides.gpuCount > 0 && candidate.gpuCount > 0 && candidate.gpuCount !== overrides.gpuCount) {
    mismatches.push(`uses ${candidate.gpuCount} GPU(s), overrides ask for ${overrides.gpuCount}`);
  }
  return mismatches;
}

export function normalizeOverrides(
  overrides: SelectionOverrides | undefined,
  normalize: (model: string) => string,
): NormalizedOverrides {
  const metric = overrides?.metric?.trim() ?? '';
  const precision = overrides?.precision?.trim() ?? '';
  const gpuModel = normalize(overrides?.hardware?.gpu?.model ?? '');
  const requests = overrides?.hardware?.gpu?.requests ?? 0;
  const gpuCount = Number.isFinite(requests) && requests > 0 ? requests : 0;
  return {
    metric,
    precision,
    gpuModel,
    gpuCount,
    any: metric !== '' || precision !== '' || gpuModel !== '' || gpuCount > 0,
  };
}
