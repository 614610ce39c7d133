/**
 * The figures of a burst, per kind: how many were posted, rejected and accepted, time from the
 * POST's answer to a status of the object's own (p50, p99, max), and how many had none after
 * `withinMs` (issue 14's 10 s) or at all.
 */
import { percentile } from '../percentile.ts';
import type { Rejection } from './post.ts';
import type { Tracked } from './status-watch.ts';

export interface KindFigures {
  posted: number;
  rejected: number;
  accepted: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  withoutStatusAfterTarget: number;
  withoutStatus: number;
}

export interface BurstSummary {
  targetMs: number;
  total: KindFigures;
  byKind: Record<string, KindFigures>;
}

function figures(rejected: readonly Rejection[], tracked: readonly Tracked[], targetMs: number): KindFigures {
  const times = tracked.flatMap((t) => (t.settledAt === undefined ? [] : [t.settledAt - t.acceptedAt]));
  return {
    posted: rejected.length + tracked.length,
    rejected: rejected.length,
    accepted: tracked.length,
    p50Ms: percentile(times, 50),
    p99Ms: percentile(times, 99),
    maxMs: times.length === 0 ? Number.NaN : Math.max(...times),
    withoutStatusAfterTarget: tracked.filter(
      (t) => t.settledAt === undefined || t.settledAt - t.acceptedAt > targetMs,
    ).length,
    withoutStatus: tracked.filter((t) => t.settledAt === undefined).length,
  };
}

export function summarise(
  rejected: readonly Rejection[],
  tracked: readonly Tracked[],
  targetMs = 10_000,
): BurstSummary {
  const kinds = [...new Set([...rejected, ...tracked].map((entry) => entry.object.kind))].sort();
  const byKind: Record<string, KindFigures> = {};
  for (const kind of kinds) {
    byKind[kind] = figures(
      rejected.filter((r) => r.object.kind === kind),
      tracked.filter((t) => t.object.kind === kind),
      targetMs,
    );
  }
  return { targetMs, total: figures(rejected, tracked, targetMs), byKind };
}

/** A fixed-width table of the summary, one line per kind and one for all. */
export function formatSummary(summary: BurstSummary): string {
  const header = [
    'kind',
    'posted',
    'rejected',
    'accepted',
    'p50 ms',
    'p99 ms',
    'max ms',
    `>${summary.targetMs / 1000}s`,
    'none',
  ];
  const row = (name: string, f: KindFigures) =>
    [
      name,
      f.posted,
      f.rejected,
      f.accepted,
      f.p50Ms,
      f.p99Ms,
      f.maxMs,
      f.withoutStatusAfterTarget,
      f.withoutStatus,
    ].map(String);
  const rows = [
    header,
    ...Object.entries(summary.byKind).map(([kind, f]) => row(kind, f)),
    row('all', summary.total),
  ];
  const widths = header.map((_, column) => Math.max(...rows.map((cells) => cells[column]!.length)));
  return rows.map((cells) => cells.map((cell, column) => cell.padEnd(widths[column]!)).join('  ')).join('\n');
}
