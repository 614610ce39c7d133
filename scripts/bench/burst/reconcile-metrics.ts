/**
 * Where a burst's time went, per function and kind: reconciles run, their total and mean duration
 * (`aim_reconcile_duration_seconds`), and the function's API requests by verb and resource
 * (`aim_kube_requests_total`), scraped from each function's metrics port after the burst.
 */

import { sorted } from '../apiserver-metrics.ts';
import { functionMetricsText, functionRequestCounts } from '../function-metrics.ts';

const SUM = /^aim_reconcile_duration_seconds_(sum|count)\{([^}]*)\}\s+([0-9.e+-]+)/;

/** Counters broken down per kind by one more label: metric name → the label and the field it fills. */
const BREAKDOWNS = [
  { metric: /^aim_reconcile_requests_total\{([^}]*)\}\s+([0-9.e+-]+)/, label: 'trigger', field: 'triggers' },
  { metric: /^aim_cache_catch_up_total\{([^}]*)\}\s+([0-9.e+-]+)/, label: 'outcome', field: 'catchUp' },
] as const;

export interface KindWork {
  reconciles: number;
  seconds: number;
  meanMs: number;
  /** Reconcile requests by what asked for them (before coalescing; `already-reconciled` skipped). */
  triggers: Record<string, number>;
  /** Events of the kind whose object the cache had seen (`reached`) or not within the wait. */
  catchUp: Record<string, number>;
}

function entryOf(work: Record<string, KindWork>, labels: string): KindWork {
  const kind = /kind="([^"]*)"/.exec(labels)?.[1] ?? 'unknown';
  const entry = work[kind] ?? { reconciles: 0, seconds: 0, meanMs: 0, triggers: {}, catchUp: {} };
  work[kind] = entry;
  return entry;
}

function reconcileWork(text: string): Record<string, KindWork> {
  const work: Record<string, KindWork> = {};
  for (const line of text.split('\n')) {
    const breakdown = BREAKDOWNS.map((entry) => ({ ...entry, match: entry.metric.exec(line) })).find(
      (entry) => entry.match !== null,
    );
    if (breakdown?.match) {
      const [, labels, value] = breakdown.match;
      const name = new RegExp(`${breakdown.label}="([^"]*)"`).exec(labels!)?.[1] ?? 'unknown';
      const counts = entryOf(work, labels!)[breakdown.field];
      counts[name] = (counts[name] ?? 0) + Number(value);
      continue;
    }
    const match = SUM.exec(line);
    if (!match) continue;
    const entry = entryOf(work, match[2]!);
    if (match[1] === 'sum') entry.seconds += Number(match[3]);
    else entry.reconciles += Number(match[3]);
  }
  for (const entry of Object.values(work)) {
    entry.seconds = Math.round(entry.seconds * 10) / 10;
    entry.meanMs = entry.reconciles === 0 ? 0 : Math.round((entry.seconds * 1000) / entry.reconciles);
  }
  return work;
}

const LATENCY = /^aim_kube_request_duration_seconds_(sum|count)\{([^}]*)\}\s+([0-9.e+-]+)/;

/** Mean latency of the function's API requests by `VERB resource`, slowest in total first. */
function requestLatency(text: string): Record<string, { count: number; meanMs: number }> {
  const sums = new Map<string, { sum: number; count: number }>();
  for (const line of text.split('\n')) {
    const match = LATENCY.exec(line);
    if (!match) continue;
    const verb = /verb="([^"]*)"/.exec(match[2]!)?.[1] ?? '';
    const resource = /resource="([^"]*)"/.exec(match[2]!)?.[1] ?? '';
    const entry = sums.get(`${verb} ${resource}`) ?? { sum: 0, count: 0 };
    if (match[1] === 'sum') entry.sum += Number(match[3]);
    else entry.count += Number(match[3]);
    sums.set(`${verb} ${resource}`, entry);
  }
  return Object.fromEntries(
    [...sums]
      .sort((a, b) => b[1].sum - a[1].sum)
      .map(([key, { sum, count }]) => [
        key,
        { count, meanMs: count === 0 ? 0 : Math.round((sum * 1000) / count) },
      ]),
  );
}

export async function functionWork(ports: ReadonlyMap<string, number>) {
  const result: Record<
    string,
    {
      byKind: Record<string, KindWork>;
      requests: Record<string, number>;
      requestLatency: Record<string, { count: number; meanMs: number }>;
    }
  > = {};
  for (const [name, port] of ports) {
    // One scrape per function: every figure below reads the same page.
    const text = await functionMetricsText(port).catch(() => '');
    result[name] = {
      byKind: reconcileWork(text),
      requests: sorted(functionRequestCounts(text)),
      requestLatency: requestLatency(text),
    };
  }
  return result;
}
