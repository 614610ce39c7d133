/**
 * The metric names a PromQL expression reads, and whether the functions serve them: so a query in
 * the dashboard or in docs/operations.md's alerts breaks a test when a metric is renamed, not a
 * panel or an alert in production.
 */
import { metricsRegistry } from '../../shared/observability/metrics.ts';
import { listMetrics, runtimeMetricsRegistry } from './runtime-metrics.ts';

/** PromQL words that are not metric names; one not listed here is taken for a metric and checked. */
const PROMQL_WORDS = new Set([
  'sum',
  'max',
  'min',
  'avg',
  'count',
  'topk',
  'rate',
  'increase',
  'histogram_quantile',
  'time',
  'max_over_time',
  'by',
  'without',
  'and',
  'or',
  'unless',
  'on',
  'ignoring',
  'bool',
]);

export function metricNamesIn(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""') // label values, including $variables
    .replace(/\{[^}]*\}/g, '') // label matchers
    .replace(/\[[^\]]*\]/g, '') // ranges, $__rate_interval
    .replace(/\b(by|without|on|ignoring)\s*\([^)]*\)/g, '') // grouping labels
    .replace(/\b\d+(\.\d+)?([smhdwy]|ms)?\b/g, ''); // numbers and durations
  const words = bare.match(/[a-zA-Z_:][a-zA-Z0-9_:]*/g) ?? [];
  return [...new Set(words.filter((word) => !PROMQL_WORDS.has(word)))];
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
