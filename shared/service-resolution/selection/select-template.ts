/**
 * Template auto-selection (spec §10.4.1, `selectTemplateForModel`) as a pure function over
 * candidates, returning not only the choice but the verdict on every candidate: the stage that
 * eliminated it and why, and the score of those that reached the last stage. Six stages, each
 * narrowing the previous one's survivors; when a stage leaves nothing, selection stops there.
 *
 *   1 Availability     status Ready
 *   2 Optimization     profile type optimized, unless allowUnoptimized
 *   3 Overrides        metric / precision / GPU model / GPU count of spec.overrides
 *   4 GPUAvailability  the template's GPU model is present on some node (or it names none)
 *   5 ScopePreference  namespace-scoped templates, when any survived, over cluster-scoped ones
 *   6 Score            lowest (profile type, GPU, metric, precision) tuple; a tie selects nothing
 *
 * A verdict's words (`reason`, `scoreText`) are rendered when read: a selection over thousands of
 * candidates writes only the twenty most relevant to status, so it only pays for those.
 */
import type { TEMPLATE_REJECTION_STAGES } from '../../api/template-selection.ts';
import { TEMPLATE_REJECTION_REASONS } from '../../constants/service-conditions.ts';
import { normalizeGPUModel } from '../../gpu/normalize.ts';
import type { SelectionCandidate } from './candidate.ts';
import {
  formatScore,
  formatScoreTuple,
  packScore,
  profileTypeOf,
  type ScoreTuple,
  scoreCandidate,
} from './score.ts';

export type SelectionStage = (typeof TEMPLATE_REJECTION_STAGES)[number];

/** `AIMService.spec.overrides` as far as selection reads it. */
export interface SelectionOverrides {
  metric?: string | undefined;
  precision?: string | undefined;
  hardware?: { gpu?: { model?: string | undefined; requests?: number | undefined } | undefined } | undefined;
}

export interface SelectionOptions {
  overrides?: SelectionOverrides | undefined;
  allowUnoptimized?: boolean | undefined;
  /** GPU models present on the cluster's nodes (spec §9.1), e.g. from `inventoryModels`. */
  availableGpus: Iterable<string>;
}

export interface CandidateVerdict {
  readonly candidate: SelectionCandidate;
  /** The candidate's GPU model normalized (`normalizeGPUModel`); empty when it names none. */
  readonly gpu: string;
  /** Absent for the selected candidate (and for all when there were no candidates). */
  readonly rejectedAt?: SelectionStage | undefined;
  /** Why it was eliminated, in words. */
  readonly reason?: string | undefined;
  /** Candidates that reached the last stage. */
  readonly score?: ScoreTuple | undefined;
  /** `score` packed into one number of the same order (see `packScore`). */
  readonly rank?: number | undefined;
  /** `score` with the values it ranks, e.g. `(0,1,0,2) optimized, MI300X, latency, fp8`. */
  readonly scoreText?: string | undefined;
  readonly selected: boolean;
  /** Shares the best score with another candidate (ambiguous selection). */
  readonly tied: boolean;
}

export type SelectionOutcome = 'Selected' | 'NoCandidates' | 'NoneReady' | 'NoMatch' | 'Ambiguous';

export interface SelectionResult {
  outcome: SelectionOutcome;
  selected?: CandidateVerdict;
  /** Every candidate with the best score when that score is shared; empty otherwise. */
  tied: CandidateVerdict[];
  /** One verdict per candidate, in input order. */
  verdicts: CandidateVerdict[];
  /** NoneReady / NoMatch: the stage that eliminated the last survivors. */
  emptiedAt?: SelectionStage;
  bestScore?: ScoreTuple;
  /** The GPU models the cluster offers, sorted (for messages). */
  availableGpus: string[];
}

const AVAILABILITY_REASONS: Readonly<Record<string, string>> = {
  Pending: TEMPLATE_REJECTION_REASONS.templatePending,
  Progressing: TEMPLATE_REJECTION_REASONS.templateProgressing,
  NotAvailable: TEMPLATE_REJECTION_REASONS.templateNotAvailable,
  Degraded: TEMPLATE_REJECTION_REASONS.templateDegraded,
  Failed: TEMPLATE_REJECTION_REASONS.templateFailed,
};

const READY = 'Ready';
const OPTIMIZED = 'optimized';
/** How many tied rivals a tied candidate's reason names. */
const MAX_NAMED_TIES = 5;

interface NormalizedOverrides {
  metric: string;
  precision: string;
  /** Normalized GPU model. */
  gpuModel: string;
  gpuCount: number;
  any: boolean;
}

/** What the words of every verdict of one selection are rendered from. */
interface SelectionContext {
  overrides: NormalizedOverrides;
  availableGpus: string[];
  /** Set once scoring is done. */
  best?: Verdict;
  tied: Verdict[];
}

function same(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/** A template that names no GPU model (or count) is compatible with any requested one. */
function matchesOverrides(verdict: Verdict, overrides: NormalizedOverrides): boolean {
  const { candidate } = verdict;
  return (
    (overrides.metric === '' || same(candidate.metric, overrides.metric)) &&
    (overrides.precision === '' || same(candidate.precision, overrides.precision)) &&
    (overrides.gpuModel === '' || verdict.gpu === '' || verdict.gpu === overrides.gpuModel) &&
    (overrides.gpuCount === 0 || candidate.gpuCount === 0 || candidate.gpuCount === overrides.gpuCount)
  );
}

function overrideMismatches(verdict: Verdict, overrides: NormalizedOverrides): string[] {
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

class Verdict implements CandidateVerdict {
  readonly candidate: SelectionCandidate;
  readonly gpu: string;
  readonly #context: SelectionContext;
  rejectedAt: SelectionStage | undefined = undefined;
  score: ScoreTuple | undefined = undefined;
  rank: number | undefined = undefined;
  selected = false;
  tied = false;

  constructor(candidate: SelectionCandidate, gpu: string, context: SelectionContext) {
    this.candidate = candidate;
    this.gpu = gpu;
    this.#context = context;
  }

  get scoreText(): string | undefined {
    return this.score && formatScore(this.score, this.candidate, this.gpu);
  }

  get reason(): string | undefined {
    return this.rejectedAt === undefined ? undefined : explainRejection(this, this.rejectedAt, this.#context);
  }
}

function explainRejection(verdict: Verdict, stage: SelectionStage, context: SelectionContext): string {
  const { candidate } = verdict;
  switch (stage) {
    case 'Availability': {
      const code = Object.hasOwn(AVAILABILITY_REASONS, candidate.status)
        ? AVAILABILITY_REASONS[candidate.status]!
        : TEMPLATE_REJECTION_REASONS.templateNotReady;
      return `${code}: status is ${candidate.status || 'not set yet'}, only Ready templates are selected`;
    }
    case 'Optimization': {
      const type =
        candidate.profileType === ''
          ? 'no profile type (counts as unoptimized)'
          : `profile type ${profileTypeOf(candidate)}`;
      return `${type}, not optimized; set spec.template.allowUnoptimized to allow it`;
    }
    case 'Overrides':
      return overrideMismatches(verdict, context.overrides).join('; ');
    case 'GPUAvailability': {
      const gpus = context.availableGpus;
      const inventory = gpus.length > 0 ? `cluster has ${gpus.join(', ')}` : 'no GPU nodes found';
      return `GPU ${verdict.gpu} is not present on any node (${inventory})`;
    }
    case 'ScopePreference':
      return 'cluster-scoped, and namespace-scoped templates match too (they take precedence)';
    case 'Score':
      return explainScore(verdict, context);
  }
}

function explainScore(verdict: Verdict, context: SelectionContext): string {
  const best = context.best!;
  const bestText = formatScoreTuple(best.score!);
  if (!verdict.tied) {
    const than = best.selected ? `${best.candidate.name}'s` : 'the best';
    return `score ${verdict.scoreText} is worse than ${than} ${bestText}`;
  }
  // Name a few of the others: a tie among thousands must not cost thousands of names each.
  const others = context.tied
    .slice(0, MAX_NAMED_TIES + 1)
    .filter((other) => other !== verdict)
    .slice(0, MAX_NAMED_TIES)
    .map((other) => other.candidate.name);
  const more = context.tied.length - 1 - others.length;
  const list = more > 0 ? `${others.join(', ')} and ${more} more` : others.join(', ');
  return `tied for the best score ${bestText} with ${list}; nothing selected`;
}

/** Keeps the verdicts `keep` accepts; the others are rejected at `stage`. */
function narrow(survivors: Verdict[], stage: SelectionStage, keep: (verdict: Verdict) => boolean): Verdict[] {
  const next: Verdict[] = [];
  for (const verdict of survivors) {
    if (keep(verdict)) next.push(verdict);
    else verdict.rejectedAt = stage;
  }
  return next;
}

function normalizeOverrides(
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

export function selectTemplate(
  candidates: readonly SelectionCandidate[],
  options: SelectionOptions,
): SelectionResult {
  // GPU names repeat across candidates; normalizing each distinct one once keeps large lists fast.
  const normalized = new Map<string, string>();
  const normalize = (model: string): string => {
    let value = normalized.get(model);
    if (value === undefined) {
      value = model.trim() === '' ? '' : normalizeGPUModel(model);
      normalized.set(model, value);
    }
    return value;
  };
  const available = new Set<string>();
  for (const model of options.availableGpus) {
    const value = normalize(model);
    if (value !== '') available.add(value);
  }
  const context: SelectionContext = {
    overrides: normalizeOverrides(options.overrides, normalize),
    availableGpus: [...available].sort(),
    tied: [],
  };
  const verdicts = candidates.map(
    (candidate) => new Verdict(candidate, normalize(candidate.gpuModel), context),
  );
  const result = (outcome: SelectionOutcome, emptiedAt?: SelectionStage): SelectionResult => ({
    outcome,
    tied: [],
    verdicts,
    availableGpus: context.availableGpus,
    ...(emptiedAt ? { emptiedAt } : {}),
  });
  if (verdicts.length === 0) return result('NoCandidates');

  const ready = narrow(verdicts, 'Availability', (verdict) => verdict.candidate.status === READY);
  if (ready.length === 0) return result('NoneReady', 'Availability');

  const optimized = options.allowUnoptimized
    ? ready
    : narrow(ready, 'Optimization', (verdict) => profileTypeOf(verdict.candidate) === OPTIMIZED);
  if (optimized.length === 0) return result('NoMatch', 'Optimization');

  const { overrides } = context;
  const matching = overrides.any
    ? narrow(optimized, 'Overrides', (verdict) => matchesOverrides(verdict, overrides))
    : optimized;
  if (matching.length === 0) return result('NoMatch', 'Overrides');

  const placeable = narrow(
    matching,
    'GPUAvailability',
    (verdict) => verdict.gpu === '' || available.has(verdict.gpu),
  );
  if (placeable.length === 0) return result('NoMatch', 'GPUAvailability');

  const preferred = placeable.some((verdict) => verdict.candidate.scope === 'Namespace')
    ? narrow(placeable, 'ScopePreference', (verdict) => verdict.candidate.scope === 'Namespace')
    : placeable;

  // The first of equals wins (list order), as upstream's strict less-than comparison does.
  let best = preferred[0]!;
  for (const verdict of preferred) {
    verdict.score = scoreCandidate(verdict.candidate, verdict.gpu);
    verdict.rank = packScore(verdict.score);
    if (verdict.rank < best.rank!) best = verdict;
  }
  context.best = best;
  const tied = preferred.filter((verdict) => verdict.rank === best.rank);
  for (const verdict of preferred) verdict.rejectedAt = 'Score';

  if (tied.length > 1) {
    for (const verdict of tied) verdict.tied = true;
    context.tied = tied;
    return { ...result('Ambiguous'), tied, bestScore: best.score! };
  }
  best.selected = true;
  best.rejectedAt = undefined;
  return { ...result('Selected'), selected: best, bestScore: best.score! };
}
