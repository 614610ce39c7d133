/**
 * PromQL as Prometheus parses it: syntax errors and the metric names an expression reads, and the
 * series the functions serve; so a query in the dashboard or in docs/operations.md's alerts breaks
 * a test, not a panel or an alert in production, when it is mistyped or a metric is renamed.
 */
import { parser } from '@prometheus-io/lezer-promql';
import { metricsRegistry } from '../../shared/observability/metrics.ts';
import { listMetrics, runtimeMetricsRegistry } from './runtime-metrics.ts';

/** Grafana's interval variables, which only Grafana replaces: any duration parses the same. */
function withGrafanaIntervals(expr: string): string {
  return expr.replace(/\$__(rate_interval|interval|range)\b/g, '5m');
}

/**
 * The positions PromQL's own grammar (the Prometheus project's `@prometheus-io/lezer-promql`, the
 * parser of its query editor) cannot parse, as `offset: text`; empty for a valid expression.
 */
export function syntaxErrorsIn(expr: string): string[] {
  const query = withGrafanaIntervals(expr);
  const errors: string[] = [];
  parser.parse(query).iterate({
    enter: (node) => {
      if (node.type.isError) errors.push(`${node.from}: ${query.slice(node.from, node.from + 20)}`);
    },
  });
  return errors;
}

/** The metric names an expression selects (the name of each vector selector). */
export function metricNamesIn(expr: string): string[] {
  const query = withGrafanaIntervals(expr);
  const names = new Set<string>();
  parser.parse(query).iterate({
    enter: (node) => {
      if (node.name !== 'VectorSelector') return;
      const name = node.node.getChild('Identifier');
      if (name) names.add(query.slice(name.from, name.to));
    },
  });
  return [...names];
}

const HISTOGRAM_SERIES = ['_bucket', '_sum', '_count'];

/** Every series name the functions serve: both registries, a histogram's three series for each. */
export async function servedSeries(): Promise<Set<string>> {
  const metrics = [...(await listMetrics(metricsRegistry)), ...(await listMetrics(runtimeMetricsRegistry()))];
  return new Set(
    metrics.flatMap((metric) =>
      metric.type === 'histogram' ? HISTOGRAM_SERIES.map((suffix) => metric.name + suffix) : [metric.name],
    ),
  );
}
