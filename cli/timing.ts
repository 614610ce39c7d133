/**
 * The time-to-ready breakdown of `explain` (pure): for each object of the chain, when it appeared
 * and when it became ready relative to the object explained (the root), and how long that took.
 * Objects the root reuses (a model or a shared cache made earlier) start before it: their offset
 * is negative and they cost the root nothing, which is what the breakdown should show.
 */
import type { ObjectSummary } from './object-summary.ts';

export interface TimingStep {
  kind: string;
  name: string;
  /** ms from the root's creation to this object's creation (negative: it existed before). */
  createdAfterMs?: number;
  /** ms from the root's creation until this object was ready. */
  readyAfterMs?: number;
  /** ms from this object's creation until it was ready. */
  tookMs?: number;
  /** Set when it existed before the root did. */
  reused?: boolean;
}

export interface TimingBreakdown {
  steps: TimingStep[];
  /** ms from the root's creation to its readiness; absent while it is not ready. */
  totalMs?: number;
}

function at(timestamp: string | undefined): number | undefined {
  if (timestamp === undefined) return undefined;
  const ms = Date.parse(timestamp);
  return Number.isNaN(ms) ? undefined : ms;
}

export function timeToReady(root: ObjectSummary, chain: readonly ObjectSummary[]): TimingBreakdown {
  const origin = at(root.createdAt);
  const steps: TimingStep[] = chain.map((summary) => {
    const created = at(summary.createdAt);
    const ready = at(summary.readyAt);
    const step: TimingStep = { kind: summary.kind, name: summary.name };
    if (origin !== undefined && created !== undefined) {
      step.createdAfterMs = created - origin;
      if (created < origin) step.reused = true;
    }
    if (origin !== undefined && ready !== undefined) step.readyAfterMs = ready - origin;
    if (created !== undefined && ready !== undefined) step.tookMs = Math.max(0, ready - created);
    return step;
  });
  const rootReady = at(root.readyAt);
  const breakdown: TimingBreakdown = { steps };
  if (origin !== undefined && rootReady !== undefined) breakdown.totalMs = rootReady - origin;
  return breakdown;
}
