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
 * Before deciding, it looks at the candidates that are not Ready yet: while one that could still
 * win is being discovered (contenders.ts), it selects nothing and waits for it (`Awaiting`), so
 * that the choice does not depend on which discovery finished first. How long a contender is
 * waited for is the caller's (`awaitCandidate`): this function knows no clock.
 *
 * A verdict's words (`reason`, `scoreText`) are rendered when read: a selection over thousands of
 * candidates writes only the twenty most relevant to status, so it only pays for those.
 */
import { normalizeGPUModel } from '../../gpu/normalize.ts';
import type { SelectionCandidate } from './candidate.ts';
import { type Contest, couldWin } from './contenders.ts';
import { matchesOverrides, normalizeOverrides, type SelectionOverrides } from './overrides.ts';
import { packScore, profileTypeOf, type ScoreTuple, scoreCandidate } from './score.ts';
import { type CandidateVerdict, type SelectionContext, type SelectionStage, Verdict } from './verdict.ts';

export interface SelectionOptions {
  overrides?: SelectionOverrides | undefined;
  allowUnoptimized?: boolean | undefined;
  /** GPU models present on the cluster's nodes (spec §9.1), e.g. from `inventoryModels`. */
  availableGpus: Iterable<string>;
  /**
   * Whether a contender (a candidate still being discovered that could win) is still waited for,
   * by its position in `candidates`; default: every one is. A contender not waited for any longer
   * is left out of the decision, as any candidate that is not Ready.
   */
  awaitCandidate?: ((candidate: SelectionCandidate, index: number) => boolean) | undefined;
}

export type SelectionOutcome =
  | 'Selected'
  | 'NoCandidates'
  | 'NoneReady'
  | 'NoMatch'
  | 'Ambiguous'
  | 'Awaiting';

export interface SelectionResult {
  outcome: SelectionOutcome;
  selected?: CandidateVerdict;
  /** Every candidate with the best score when that score is shared; empty otherwise. */
  tied: CandidateVerdict[];
  /** Awaiting: the contenders waited for (in input order); empty otherwise. */
  awaited: CandidateVerdict[];
  /** Awaiting: the Ready candidates with the best score so far; empty otherwise. */
  leading: CandidateVerdict[];
  /** One verdict per candidate, in input order. */
  verdicts: CandidateVerdict[];
  /** NoneReady / NoMatch: the stage that eliminated the last survivors. */
  emptiedAt?: SelectionStage;
  bestScore?: ScoreTuple;
  /** The GPU models the cluster offers, sorted (for messages). */
  availableGpus: string[];
}

const READY = 'Ready';
const OPTIMIZED = 'optimized';

/** Keeps the verdicts `keep` accepts; the others are rejected at `stage`. */
function narrow(survivors: Verdict[], stage: SelectionStage, keep: (verdict: Verdict) => boolean): Verdict[] {
  const next: Verdict[] = [];
  for (const verdict of survivors) {
    if (keep(verdict)) next.push(verdict);
    else verdict.rejectedAt = stage;
  }
  return next;
}

/** Marks the contenders among the candidates that are not Ready; returns those still waited for. */
function contenders(verdicts: readonly Verdict[], options: SelectionOptions, contest: Contest): Verdict[] {
  const awaited: Verdict[] = [];
  verdicts.forEach((verdict, index) => {
    if (verdict.rejectedAt !== 'Availability' || !couldWin(verdict, contest)) return;
    verdict.contender = true;
    verdict.awaited = options.awaitCandidate?.(verdict.candidate, index) ?? true;
    if (verdict.awaited) awaited.push(verdict);
  });
  return awaited;
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
    awaited: [],
  };
  const verdicts = candidates.map(
    (candidate) => new Verdict(candidate, normalize(candidate.gpuModel), context),
  );
  const result = (outcome: SelectionOutcome, emptiedAt?: SelectionStage): SelectionResult => ({
    outcome,
    tied: [],
    awaited: [],
    leading: [],
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

  const awaited = contenders(verdicts, options, {
    allowUnoptimized: options.allowUnoptimized ?? false,
    overrides,
    available,
    leaderScope: best.candidate.scope,
    bestRank: best.rank!,
  });
  if (awaited.length > 0) {
    for (const verdict of tied) {
      verdict.leading = true;
      verdict.rejectedAt = undefined;
    }
    context.awaited = awaited;
    return { ...result('Awaiting'), awaited, leading: tied, bestScore: best.score! };
  }
  if (tied.length > 1) {
    for (const verdict of tied) verdict.tied = true;
    context.tied = tied;
    return { ...result('Ambiguous'), tied, bestScore: best.score! };
  }
  best.selected = true;
  best.rejectedAt = undefined;
  return { ...result('Selected'), selected: best, bestScore: best.score! };
}
