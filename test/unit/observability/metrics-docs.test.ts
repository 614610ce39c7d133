/**
 * docs/operations.md ("Metrics") lists every metric the functions serve, with its type and labels:
 * a metric added, renamed or relabelled in code without the table, or a row left behind, fails
 * here. Both registries are read as they are built: ours (`metricsRegistry`) and faas-js-runtime's.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { metricsRegistry } from '../../../shared/observability/metrics.ts';
import { type ListedMetric, listMetrics, runtimeMetricsRegistry } from '../../support/runtime-metrics.ts';

const doc = readFileSync(new URL('../../../docs/operations.md', import.meta.url), 'utf8');

/** The rows of the table in the "## Metrics" section, as name → type and labels. */
function documentedMetrics(): Map<string, { type: string; labelNames: string[] }> {
  const start = doc.indexOf('\n## Metrics\n');
  expect(start, 'docs/operations.md has a "## Metrics" section').toBeGreaterThan(0);
  const next = doc.indexOf('\n## ', start + 1);
  const section = doc.slice(start, next === -1 ? undefined : next);
  const rows = new Map<string, { type: string; labelNames: string[] }>();
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    const name = /^`([a-z_:][a-z0-9_:]*)`$/.exec(cells[1] ?? '')?.[1];
    if (name === undefined) continue;
    expect(rows.has(name), `${name} is listed once`).toBe(false);
    const labelNames = [...(cells[3] ?? '').matchAll(/`([a-z_]+)`/g)].map((match) => match[1]!);
    rows.set(name, { type: cells[2] ?? '', labelNames });
  }
  return rows;
}

function expectDocumented(registered: ListedMetric[], prefix: string): void {
  const documented = documentedMetrics();
  for (const metric of registered) {
    expect(documented.get(metric.name), `${metric.name} in docs/operations.md`).toEqual({
      type: metric.type,
      labelNames: [...metric.labelNames],
    });
  }
  const names = new Set(registered.map((metric) => metric.name));
  const stale = [...documented.keys()].filter((name) => name.startsWith(prefix) && !names.has(name));
  expect(stale, 'documented but not registered').toEqual([]);
}

describe('docs/operations.md, Metrics', () => {
  it('lists every aim_* metric with its type and labels, and no other aim_* metric', async () => {
    const registered = await listMetrics(metricsRegistry);
    expect(registered.length).toBeGreaterThan(0);
    expect(registered.filter((metric) => !metric.name.startsWith('aim_'))).toEqual([]);
    expectDocumented(registered, 'aim_');
  });

  it("lists faas-js-runtime's faas_* metrics with their types, and no other faas_* metric", async () => {
    const registered = await listMetrics(runtimeMetricsRegistry());
    expectDocumented(
      registered.filter((metric) => metric.name.startsWith('faas_')),
      'faas_',
    );
  });

  it('lists only those two families; the rest of the runtime endpoint is process_* and nodejs_*', async () => {
    const documented = [...documentedMetrics().keys()];
    expect(documented.filter((name) => !/^(aim|faas)_/.test(name))).toEqual([]);
    const runtime = await listMetrics(runtimeMetricsRegistry());
    const others = runtime.filter((metric) => !/^(faas|process|nodejs)_/.test(metric.name));
    expect(others.map((metric) => metric.name)).toEqual([]);
  });
});
