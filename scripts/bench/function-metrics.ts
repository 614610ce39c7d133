/** The functions' own request counters (`aim_kube_requests_total`), scraped from their metrics ports. */
import type { RequestCounts } from './apiserver-metrics.ts';

const LINE = /^aim_kube_requests_total\{([^}]*)\}\s+([0-9.e+]+)/;

/** A function's metrics page (AIM_METRICS_PORT). */
export async function functionMetricsText(port: number): Promise<string> {
  return (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
}

export async function scrapeFunction(port: number): Promise<RequestCounts> {
  return functionRequestCounts(await functionMetricsText(port));
}

export function functionRequestCounts(text: string): RequestCounts {
  const counts: RequestCounts = new Map();
  for (const line of text.split('\n')) {
    const match = LINE.exec(line);
    if (!match) continue;
    const labels = Object.fromEntries([...match[1]!.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    const key = `${labels.verb} ${labels.resource}`;
    counts.set(key, (counts.get(key) ?? 0) + Number(match[2]));
  }
  return counts;
}

export async function scrapeFunctions(
  ports: ReadonlyMap<string, number>,
): Promise<Map<string, RequestCounts>> {
  const result = new Map<string, RequestCounts>();
  for (const [name, port] of ports) result.set(name, await scrapeFunction(port).catch(() => new Map()));
  return result;
}

const PENDING = /^aim_kube_events_pending\{[^}]*\}\s+([0-9.e+]+)/m;

/** Waits until no function has Kubernetes Events queued (at most `timeoutMs`); how long it took. */
export async function eventsWritten(
  ports: ReadonlyMap<string, number>,
  timeoutMs = 300_000,
): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    let pending = 0;
    for (const port of ports.values()) {
      const text = await functionMetricsText(port).catch(() => '');
      pending += Number(PENDING.exec(text)?.[1] ?? 0);
    }
    if (pending === 0) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return Date.now() - started;
}
