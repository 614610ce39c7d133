/**
 * Where a burst's time went, per function and kind: reconciles run, their total and mean duration
 * (`aim_reconcile_duration_seconds`), and the function's API requests by verb and resource
 * (`aim_kube_requests_total`), scraped from each function's metrics port after the burst.
 */

import { sorted } from '../apiserver-metrics.ts';
import { scrapeFunction } from '../function-metrics.ts';

const SUM = /^aim_reconcile_duration_seconds_(sum|count)\{([^}]*)\}\s+([0-9.e+-]+)/;

export interface KindWork {
  reconciles: number;
  seconds: number;
  meanMs: number;
}

async function reconcileWork(port: number): Promise<Record<string, KindWork>> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const work: Record<string, KindWork> = {};
  for (const line of text.split('\n')) {
    const match = SUM.exec(line);
    if (!match) continue;
    const kind = /kind="([^"]*)"/.exec(match[2]!)?.[1] ?? 'unknown';
    const entry = work[kind] ?? { reconciles: 0, seconds: 0, meanMs: 0 };
    work[kind] = entry;
    if (match[1] === 'sum') entry.seconds += Number(match[3]);
    else entry.reconciles += Number(match[3]);
  }
  for (const entry of Object.values(work)) {
    entry.seconds = Math.round(entry.seconds * 10) / 10;
    entry.meanMs = entry.reconciles === 0 ? 0 : Math.round((entry.seconds * 1000) / entry.reconciles);
  }
  return work;
}

export async function functionWork(ports: ReadonlyMap<string, number>) {
  const result: Record<string, { byKind: Record<string, KindWork>; requests: Record<string, number> }> = {};
  for (const [name, port] of ports) {
    result[name] = {
      byKind: await reconcileWork(port).catch(() => ({})),
      requests: sorted(await scrapeFunction(port).catch(() => new Map())),
    };
  }
  return result;
}
