/**
 * The metrics faas-js-runtime serves on its own `/metrics`. Its registry is private to the closure
 * of `lib/metrics.js` (see shared/observability/metrics.ts), so the module is loaded here with a
 * prom-client whose `Registry` remembers the instance it builds: the names, types and labels are
 * the installed runtime's own, and an upgrade that renames one fails the tests that use this.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as PromClient from 'prom-client';

const requireHere = createRequire(import.meta.url);

export interface ListedMetric {
  name: string;
  type: string;
  labelNames: readonly string[];
}

/** Name, type and label names of every metric in `registry`. */
export async function listMetrics(registry: PromClient.Registry): Promise<ListedMetric[]> {
  // getMetricsAsJSON has the type; the label names are on the metric objects (prom-client keeps
  // them as `labelNames`, not part of its typed API).
  const labels = new Map(
    registry
      .getMetricsAsArray()
      .map((metric) => [metric.name, (metric as unknown as { labelNames: string[] }).labelNames]),
  );
  return (await registry.getMetricsAsJSON()).map((metric) => ({
    name: metric.name,
    type: String(metric.type),
    labelNames: labels.get(metric.name) ?? [],
  }));
}

export function runtimeMetricsRegistry(): PromClient.Registry {
  const metricsFile = requireHere.resolve('faas-js-runtime/lib/metrics.js');
  const requireMetrics = createRequire(metricsFile);
  const promClient = requireMetrics('prom-client') as typeof PromClient;
  const made: PromClient.Registry[] = [];
  class RememberedRegistry extends promClient.Registry {
    constructor() {
      super();
      made.push(this);
    }
  }
  const stub = { ...promClient, Registry: RememberedRegistry };
  const requireStub = (id: string) => (id === 'prom-client' ? stub : requireMetrics(id));
  const module = { exports: {} as unknown };
  new Function('require', 'module', 'exports', readFileSync(metricsFile, 'utf8'))(
    requireStub,
    module,
    module.exports,
  );
  (module.exports as (config: unknown) => unknown)({ name: 'test' });
  if (made.length !== 1) throw new Error(`faas-js-runtime built ${made.length} registries, expected 1`);
  return made[0]!;
}
