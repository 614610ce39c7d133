/**
 * Auto-selection explained where users look: `status.templateSelection` (bounded, for
 * `kubectl get -o yaml`) and a one-paragraph gist for the TemplateReady condition message
 * (`kubectl describe`). Both answer "why this template?" and "why not that one?".
 */
import {
  MAX_TEMPLATE_SELECTION_CANDIDATES,
  type TemplateCandidate,
  type TemplateSelection,
} from '../../api/template-selection.ts';
import { SERVICE_REASONS } from '../../constants/service-conditions.ts';
import { formatScoreTuple } from './score.ts';
import type { SelectionOutcome, SelectionResult } from './select-template.ts';
import type { CandidateVerdict, SelectionStage } from './verdict.ts';

export const SELECTED_REASON = 'Selected';

/** How many candidates a message names before it says "and N more". */
const NAMED_IN_MESSAGE = 3;

const STAGE_SUMMARIES: Readonly<Record<SelectionStage, string>> = {
  Availability: 'not Ready',
  Optimization: 'not optimized',
  Overrides: 'not matching the overrides',
  GPUAvailability: 'needing a GPU no node has',
  ScopePreference: 'cluster-scoped (namespace templates preferred)',
  Score: 'outscored',
};

/** Listing order: the later a candidate dropped out, the more it says about the choice. */
const STAGE_RELEVANCE: Readonly<Record<SelectionStage, number>> = {
  Score: 2,
  ScopePreference: 3,
  GPUAvailability: 4,
  Overrides: 5,
  Optimization: 6,
  Availability: 7,
};

/** The outcome as a reason: TemplateReady's reason when nothing was selected. */
export function selectionReason(outcome: SelectionOutcome): string {
  switch (outcome) {
    case 'Selected':
      return SELECTED_REASON;
    case 'Ambiguous':
      return SERVICE_REASONS.templateSelectionAmbiguous;
    case 'NoneReady':
      return SERVICE_REASONS.templateNotReady;
    case 'Awaiting':
      return SERVICE_REASONS.awaitingCandidate;
    default:
      return SERVICE_REASONS.templateNotFound;
  }
}

function relevance(verdict: CandidateVerdict): number {
  if (verdict.selected || verdict.leading) return 0;
  if (verdict.tied || verdict.awaited) return 1;
  return verdict.rejectedAt === undefined ? 8 : STAGE_RELEVANCE[verdict.rejectedAt];
}

interface Ranked {
  verdict: CandidateVerdict;
  relevance: number;
  index: number;
}

function before(a: Ranked, b: Ranked): boolean {
  if (a.relevance !== b.relevance) return a.relevance < b.relevance;
  const rankA = a.verdict.rank;
  const rankB = b.verdict.rank;
  if (a.relevance === STAGE_RELEVANCE.Score && rankA !== undefined && rankB !== undefined && rankA !== rankB)
    return rankA < rankB;
  return a.index < b.index;
}

/** The `limit` most relevant verdicts, in listing order, without sorting the whole list. */
export function mostRelevant(verdicts: readonly CandidateVerdict[], limit: number): CandidateVerdict[] {
  const top: Ranked[] = [];
  if (limit <= 0) return [];
  verdicts.forEach((verdict, index) => {
    const entry: Ranked = { verdict, relevance: relevance(verdict), index };
    if (top.length === limit && !before(entry, top[top.length - 1]!)) return;
    let position = top.length;
    while (position > 0 && before(entry, top[position - 1]!)) position--;
    top.splice(position, 0, entry);
    if (top.length > limit) top.pop();
  });
  return top.map((entry) => entry.verdict);
}

function candidateEntry(verdict: CandidateVerdict): TemplateCandidate {
  const { candidate } = verdict;
  const entry: TemplateCandidate = { name: candidate.name, scope: candidate.scope };
  if (candidate.status !== '') entry.status = candidate.status;
  if (verdict.rejectedAt !== undefined) entry.rejectedAt = verdict.rejectedAt;
  const { reason, scoreText } = verdict;
  if (reason !== undefined) entry.reason = reason;
  if (scoreText !== undefined) entry.score = scoreText;
  if (verdict.selected) entry.selected = true;
  return entry;
}

/**
 * `status.templateSelection`: the outcome and at most 20 candidates, the most telling first.
 * `waitUntil`: when an `Awaiting` selection decides among the Ready candidates at the latest.
 */
export function selectionStatus(
  result: SelectionResult,
  modelName: string,
  waitUntil?: Date,
): TemplateSelection {
  const listed = mostRelevant(result.verdicts, MAX_TEMPLATE_SELECTION_CANDIDATES);
  const status: TemplateSelection = {
    reason: selectionReason(result.outcome),
    message: describeSelection(result, modelName, waitUntil),
    candidatesConsidered: result.verdicts.length,
    omitted: result.verdicts.length - listed.length,
    candidates: listed.map(candidateEntry),
  };
  if (result.selected) {
    status.selected = result.selected.candidate.name;
    status.selectedScope = result.selected.candidate.scope;
  }
  return status;
}

function nameList(names: readonly string[]): string {
  const shown = names.slice(0, NAMED_IN_MESSAGE);
  const more = names.length - shown.length;
  return more > 0 ? `${shown.join(', ')} and ${more} more` : shown.join(', ');
}

/** `2 not Ready, 1 not optimized`: how many candidates each stage eliminated (tied ones aside). */
export function rejectionCounts(verdicts: readonly CandidateVerdict[]): string {
  const counts = new Map<SelectionStage, number>();
  for (const verdict of verdicts) {
    if (verdict.rejectedAt === undefined || verdict.tied) continue;
    counts.set(verdict.rejectedAt, (counts.get(verdict.rejectedAt) ?? 0) + 1);
  }
  const order = Object.keys(STAGE_SUMMARIES) as SelectionStage[];
  return order
    .filter((stage) => counts.has(stage))
    .map((stage) => `${counts.get(stage)} ${STAGE_SUMMARIES[stage]}`)
    .join(', ');
}

function rejectedAt(result: SelectionResult, stage: SelectionStage): CandidateVerdict[] {
  return result.verdicts.filter((verdict) => verdict.rejectedAt === stage);
}

function withReasons(verdicts: readonly CandidateVerdict[]): string {
  const shown = verdicts.slice(0, NAMED_IN_MESSAGE).map((v) => `${v.candidate.name} (${v.reason})`);
  const more = verdicts.length - shown.length;
  return more > 0 ? `${shown.join('; ')}; and ${more} more` : shown.join('; ');
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/**
 * The gist of a selection in one paragraph, e.g. "auto-selected tpl-a (Namespace) from 4
 * candidate templates with score (0,0,0,2) optimized, MI325X, latency, fp8; others: 1 not Ready,
 * 2 outscored".
 */
export function describeSelection(result: SelectionResult, modelName: string, waitUntil?: Date): string {
  const total = plural(result.verdicts.length, 'candidate template');
  const others = rejectionCounts(result.verdicts);
  const tail = others === '' ? '' : `; others: ${others}`;
  switch (result.outcome) {
    case 'NoCandidates':
      return `no AIMServiceTemplate in the namespace or AIMClusterServiceTemplate references model ${modelName}`;
    case 'Selected': {
      const selected = result.selected!;
      return (
        `auto-selected ${selected.candidate.name} (${selected.candidate.scope}) from ${total} ` +
        `with score ${selected.scoreText}${tail}`
      );
    }
    case 'Ambiguous': {
      const names = result.tied.map((verdict) => verdict.candidate.name);
      return (
        `${plural(names.length, 'template')} tie for the best score ` +
        `${formatScoreTuple(result.bestScore!)}: ${nameList(names)}; nothing selected. Set ` +
        `spec.template.name, narrow the choice with spec.overrides, or remove duplicate templates${tail}`
      );
    }
    case 'NoneReady':
      return `none of ${total} for model ${modelName} is Ready yet: ${withReasons(result.verdicts)}`;
    case 'Awaiting':
      return awaitingMessage(result, total, waitUntil);
    case 'NoMatch':
      return noMatchMessage(result, total);
  }
}

/** The selection waits for contenders still being discovered, and says until when at the latest. */
function awaitingMessage(result: SelectionResult, total: string, waitUntil: Date | undefined): string {
  const awaited = result.awaited.map(
    (verdict) => `${verdict.candidate.name} (${verdict.candidate.status || 'no status yet'})`,
  );
  const leaders = result.leading.map((verdict) => verdict.candidate.name);
  const best = formatScoreTuple(result.bestScore!);
  const leading =
    leaders.length === 1
      ? `the best Ready one, ${leaders[0]}, ${best}`
      : `the best Ready ones (${nameList(leaders)}), ${best}`;
  const deadline = waitUntil
    ? `; deciding among the Ready ones at ${waitUntil.toISOString()} at the latest`
    : '';
  return (
    `waiting for ${nameList(awaited)}, still being discovered, before selecting among ${total}: ` +
    `once Ready ${result.awaited.length === 1 ? 'it' : 'they'} could be preferred to ${leading}${deadline}`
  );
}

function noMatchMessage(result: SelectionResult, total: string): string {
  const stage = result.emptiedAt ?? 'Availability';
  const dropped = rejectedAt(result, stage);
  const earlier = rejectionCounts(result.verdicts.filter((verdict) => verdict.rejectedAt !== stage));
  const context = earlier === '' ? '' : ` (before that: ${earlier})`;
  switch (stage) {
    case 'Optimization':
      return (
        `none of ${total} is usable: ${dropped.length} unoptimized template(s) filtered out. ` +
        `Set allowUnoptimized to use them${context}`
      );
    case 'Overrides':
      return `no template matches spec.overrides among ${total}: ${withReasons(dropped)}${context}`;
    case 'GPUAvailability':
      return `no template's GPU is present in the cluster among ${total}: ${withReasons(dropped)}${context}`;
    default:
      return `no template could be selected among ${total}${context}`;
  }
}
