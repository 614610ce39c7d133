/**
 * The API server's own count of requests (`apiserver_request_total` from /metrics), by verb and
 * resource. Everything that talks to the server is in it (the functions, the adapters, the
 * simulator, kube-controller-manager, the benchmark's own watches); the functions' share comes
 * from their `aim_kube_requests_total` (function-metrics.ts).
 */
import { loadKubeConfig } from '../../shared/kube/client.ts';
import { createTransport } from '../../shared/kube/transport.ts';

/** `VERB resource` → count. */
export type RequestCounts = Map<string, number>;

const LINE = /^apiserver_request_total\{([^}]*)\}\s+([0-9.e+]+)/;

function labels(text: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const match of text.matchAll(/(\w+)="([^"]*)"/g)) result[match[1]!] = match[2]!;
  return result;
}

export function parseApiserverRequests(metrics: string): RequestCounts {
  const counts: RequestCounts = new Map();
  for (const line of metrics.split('\n')) {
    const match = LINE.exec(line);
    if (!match) continue;
    const l = labels(match[1]!);
    const resource = l.subresource ? `${l.resource}/${l.subresource}` : (l.resource ?? '');
    if (resource === '' || l.verb === undefined) continue; // /healthz, /metrics and the like
    const key = `${l.verb} ${resource}`;
    counts.set(key, (counts.get(key) ?? 0) + Number(match[2]));
  }
  return counts;
}

export function apiserverScraper(kubeconfigPath: string): () => Promise<RequestCounts> {
  const transport = createTransport(loadKubeConfig({ kubeconfigPath }));
  return async () =>
    parseApiserverRequests(
      await transport.request({ method: 'GET', path: '/metrics', accept: 'text/plain' }),
    );
}

export function difference(after: RequestCounts, before: RequestCounts): RequestCounts {
  const result: RequestCounts = new Map();
  for (const [key, value] of after) {
    const delta = value - (before.get(key) ?? 0);
    if (delta > 0) result.set(key, delta);
  }
  return result;
}

export function total(counts: RequestCounts, filter: (key: string) => boolean = () => true): number {
  let sum = 0;
  for (const [key, value] of counts) if (filter(key)) sum += value;
  return sum;
}

export const isWrite = (key: string): boolean => /^(POST|PUT|PATCH|DELETE|APPLY|CREATE|UPDATE) /.test(key);

export function sorted(counts: RequestCounts): Record<string, number> {
  return Object.fromEntries([...counts].sort((a, b) => b[1] - a[1]));
}
