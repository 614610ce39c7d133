import { describe, expect, it } from 'vitest';
import { metricNamesIn, servedSeries, syntaxErrorsIn } from '../../support/promql.ts';

describe('metricNamesIn', () => {
  it('finds the metrics of a query, not its functions, labels, ranges or numbers', () => {
    expect(
      metricNamesIn(
        'histogram_quantile(0.99, sum by (function, le) (rate(aim_reconcile_duration_seconds_bucket{function=~"$function"}[$__rate_interval]))) > 2',
      ),
    ).toEqual(['aim_reconcile_duration_seconds_bucket']);
    expect(
      metricNamesIn('sum by (kind) (rate(a_total{x="sum(b)"}[5m])) / on (kind) sum(rate(b_total[5m]))'),
    ).toEqual(['a_total', 'b_total']);
  });
});

describe('syntaxErrorsIn', () => {
  it("accepts valid PromQL with Grafana's interval variables", () => {
    expect(syntaxErrorsIn('sum(rate(aim_events_total{function=~"$function"}[$__rate_interval]))')).toEqual(
      [],
    );
    expect(syntaxErrorsIn('count(max_over_time(process_start_time_seconds[30m]) > time() - 1800)')).toEqual(
      [],
    );
  });

  it('reports a missing parenthesis, an unknown function and a stray operator', () => {
    expect(syntaxErrorsIn('sum(rate(aim_events_total[5m])')).not.toEqual([]);
    expect(syntaxErrorsIn('rates(aim_events_total[5m])')).not.toEqual([]);
    expect(syntaxErrorsIn('aim_events_total >')).not.toEqual([]);
  });
});

describe('servedSeries', () => {
  it("has a histogram's three series, counters and gauges by name, and the runtime's Node metrics", async () => {
    const served = await servedSeries();
    for (const name of [
      'aim_reconcile_duration_seconds_bucket',
      'aim_reconcile_duration_seconds_count',
      'aim_reconcile_total',
      'aim_kube_events_pending',
      'faas_cold_start_latency_sum',
      'process_resident_memory_bytes',
    ]) {
      expect(served, name).toContain(name);
    }
    expect(served).not.toContain('aim_reconcile_duration_seconds');
    expect(served).not.toContain('aim_reconcile_total_count');
  });
});
