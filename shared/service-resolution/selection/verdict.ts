/**
 * A candidate's verdict in one auto-selection (spec §10.4.1 diagnostics): the stage that eliminated
 * it, its score, and the words for both, rendered only when read (status shows at most twenty).
 */
import type { TEMPLATE_REJECTION_STAGES } from '../../api/template-selection.ts';
import { TEMPLATE_REJECTION_REASONS } from '../../constants/service-conditions.ts';
import type { SelectionCandidate } from './candidate.ts';
import { type NormalizedOverrides, overrideMismatches } from './overrides.ts';
import { formatScore, formatScoreTuple, profileTypeOf, type ScoreTuple } from './score.ts';

export type SelectionStage = (typeof TEMPLATE_REJECTION_STAGES)[number];

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
  /** Not Ready yet, but could win once it is (contenders.ts). */
  readonly contender: boolean;
  /** A contender the selection waits for (its wait has not run out). */
  readonly awaited: boolean;
  /** Best of the Ready candidates while the selection waits for a contender. */
  readonly leading: boolean;
  /** A contender's best possible score once Ready (`bestPossibleScore`). */
  readonly bestPossible?: ScoreTuple | undefined;
}

const AVAILABILITY_REASONS: Readonly<Record<string, string>> = {
  Pending: TEMPLATE_REJECTION_REASONS.templatePending,
  Progressing: TEMPLATE_REJECTION_REASONS.templateProgressing,
  NotAvailable: TEMPLATE_REJECTION_REASONS.templateNotAvailable,
  Degraded: TEMPLATE_REJECTION_REASONS.templateDegraded,
  Failed: TEMPLATE_REJECTION_REASONS.templateFailed,
};

/** How many tied rivals a tied candidate's reason names. */
const MAX_NAMED_TIES = 5;

/** What the words of every verdict of one selection are rendered from. */
export interface SelectionContext {
  overrides: NormalizedOverrides;
  availableGpus: string[];
  /** Set once scoring is done. */
  best?: Verdict;
  tied: Verdict[];
  /** The contenders waited for, when the selection waits. */
  awaited: Verdict[];
}

export class Verdict implements CandidateVerdict {
  readonly candidate: SelectionCandidate;
  readonly gpu: string;
  readonly #context: SelectionContext;
  rejectedAt: SelectionStage | undefined = undefined;
  score: ScoreTuple | undefined = undefined;
  rank: number | undefined = undefined;
  selected = false;
  tied = false;
  contender = false;
  awaited = false;
  leading = false;
  bestPossible: ScoreTuple | undefined = undefined;

  constructor(candidate: SelectionCandidate, gpu: string, context: SelectionContext) {
    this.candidate = candidate;
    this.gpu = gpu;
    this.#context = context;
  }

  get scoreText(): string | undefined {
    return this.score && formatScore(this.score, this.candidate, this.gpu);
  }

  get reason(): string | undefined {
    if (this.leading) return explainLeading(this.#context);
    if (this.rejectedAt === undefined) return undefined;
    const reason = explainRejection(this, this.rejectedAt, this.#context);
    return this.contender ? `${reason}; ${explainContender(this, this.#context)}` : reason;
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

function namedFew(verdicts: readonly Verdict[], except?: Verdict): string {
  const others = verdicts
    .slice(0, MAX_NAMED_TIES + 1)
    .filter((other) => other !== except)
    .slice(0, MAX_NAMED_TIES)
    .map((other) => other.candidate.name);
  const more = verdicts.length - (except && verdicts.includes(except) ? 1 : 0) - others.length;
  return more > 0 ? `${others.join(', ')} and ${more} more` : others.join(', ');
}

function explainLeading(context: SelectionContext): string {
  const best = formatScoreTuple(context.best!.score!);
  return `best of the Ready candidates with score ${best}; selection waits for ${namedFew(context.awaited)}`;
}

/** Why a candidate that is not Ready yet could still win, and whether it is waited for. */
function explainContender(verdict: Verdict, context: SelectionContext): string {
  const best = context.best!;
  const could =
    verdict.candidate.scope !== best.candidate.scope
      ? 'namespace-scoped, it would take precedence over the cluster-scoped Ready candidates'
      : `it could score ${formatScoreTuple(verdict.bestPossible!)}, not worse than the best Ready ${formatScoreTuple(best.score!)}`;
  return verdict.awaited
    ? `waited for: once discovered, ${could}`
    : `could have won (${could}), but its discovery outlasted the wait`;
}

function explainScore(verdict: Verdict, context: SelectionContext): string {
  const best = context.best!;
  const bestText = formatScoreTuple(best.score!);
  if (!verdict.tied) {
    const than = best.selected ? `${best.candidate.name}'s` : 'the best';
    return `score ${verdict.scoreText} is worse than ${than} ${bestText}`;
  }
  // Name a few of the others: a tie among thousands must not cost thousands of names each.
  return `tied for the best score ${bestText} with ${namedFew(context.tied, verdict)}; nothing selected`;
}
