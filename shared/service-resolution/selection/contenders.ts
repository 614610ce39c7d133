/**
 * Which candidates that are not Ready yet could still win (the rule that makes auto-selection a
 * function of the candidates rather than of the moment it runs). Upstream selects among the
 * templates Ready at that moment, and a selected template is kept, so the same workload ran
 * different templates depending on which discovery finished first.
 *
 * A candidate is a contender when all of these hold:
 * - its discovery is still under way: status Pending, Progressing or not set yet (Failed,
 *   Degraded and NotAvailable templates are not waited for);
 * - it would pass the other stages were it Ready, taking what it does not state yet at its best
 *   (no profile yet counts as optimized; a metric or precision not stated yet may match the
 *   overrides);
 * - it would not lose to the Ready leaders: namespace-scoped while they are cluster-scoped (it would
 *   take precedence), or of their scope with a best possible score (`bestPossibleScore`) better
 *   than or equal to theirs (equal: the outcome would be a tie, not their selection).
 */
import type { CandidateScope, SelectionCandidate } from './candidate.ts';
import { couldMatchOverrides, type NormalizedOverrides } from './overrides.ts';
import { bestPossibleScore, packScore, profileTypeOf } from './score.ts';
import type { Verdict } from './verdict.ts';

const DISCOVERING: ReadonlySet<string> = new Set(['', 'Pending', 'Progressing']);
const OPTIMIZED = 'optimized';

/** Its discovery is still under way: it may yet turn Ready. */
export function isDiscovering(candidate: SelectionCandidate): boolean {
  return DISCOVERING.has(candidate.status);
}

export interface Contest {
  allowUnoptimized: boolean;
  overrides: NormalizedOverrides;
  /** Normalized GPU models the cluster offers. */
  available: ReadonlySet<string>;
  /** Scope of the Ready candidates that reached the Score stage (they all share it). */
  leaderScope: CandidateScope;
  /** Their best score, packed (`packScore`). */
  bestRank: number;
}

/** Whether `verdict`, rejected for not being Ready, could win once Ready. Sets its best possible score. */
export function couldWin(verdict: Verdict, contest: Contest): boolean {
  const { candidate } = verdict;
  if (!isDiscovering(candidate)) return false;
  if (!contest.allowUnoptimized && candidate.profileType !== '' && profileTypeOf(candidate) !== OPTIMIZED)
    return false;
  if (contest.overrides.any && !couldMatchOverrides(verdict, contest.overrides)) return false;
  if (verdict.gpu !== '' && !contest.available.has(verdict.gpu)) return false;
  verdict.bestPossible = bestPossibleScore(candidate, verdict.gpu);
  if (candidate.scope !== contest.leaderScope) return candidate.scope === 'Namespace';
  return packScore(verdict.bestPossible) <= contest.bestRank;
}
