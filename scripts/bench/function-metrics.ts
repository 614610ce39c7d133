/** The functions' own request counters (`aim_kube_requests_total`), scraped from their metrics ports. */
import type { RequestCounts } from './apiserver-metrics.ts';

const LINE = /^aim_kube_requests_total\{([^}]*)\}\s+([0-9.e+]+)/;

export async function scrapeFunction(port: number): Promise<RequestCounts> {
  const counts: RequestCounts = new Map();
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
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
