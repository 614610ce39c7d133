import { z } from 'zod';
import { QuantitySchema } from './common/quantity.ts';
import { type Infer, lazySchema } from './lazy-schema.ts';

/** AIMService.spec.autoScaling, converted 1:1 into KServe `predictor.autoScaling` (spec §10.7.3). */
export const METRIC_BACKENDS = ['opentelemetry'] as const;
export const METRIC_TARGET_TYPES = ['Value', 'AverageValue', 'Utilization'] as const;

export const PodMetricSchema = lazySchema(() =>
  z
    .object({
      backend: z.enum(METRIC_BACKENDS).default('opentelemetry').describe('Metrics backend.'),
      serverAddress: z.string().optional().describe('Address of the metrics server.'),
      metricNames: z
        .array(z.string())
        .optional()
        .describe('Metrics to collect, e.g. vllm:num_requests_running.'),
      query: z.string().optional().describe('Query evaluated on the backend.'),
      operationOverTime: z.string().optional().describe('Aggregation over time, e.g. last_one or avg.'),
    })
    .describe('Which pod metric drives scaling.'),
);

export const MetricTargetSchema = lazySchema(() =>
  z
    .object({
      type: z.enum(METRIC_TARGET_TYPES).describe('How the metric is compared with the target.'),
      value: QuantitySchema().optional().describe('Target value of the metric.'),
      averageValue: QuantitySchema().optional().describe('Target per-pod average of the metric.'),
      averageUtilization: z.int32().optional().describe('Target average utilisation, in percent.'),
    })
    .describe('Target value of the metric.'),
);

export const PodMetricSourceSchema = lazySchema(() =>
  z.object({
    metric: PodMetricSchema(),
    target: MetricTargetSchema(),
  }),
);

export const AutoScalingMetricSchema = lazySchema(() =>
  z.object({
    type: z.enum(['PodMetric']).describe('Metric source type.'),
    podmetric: PodMetricSourceSchema().optional().describe('Per-pod custom metric.'),
  }),
);

export const AutoScalingSchema = lazySchema(() =>
  z
    .object({
      metrics: z.array(AutoScalingMetricSchema()).optional().describe('Metrics that drive the autoscaler.'),
    })
    .describe('KEDA autoscaling on custom metrics; setting it (or min/maxReplicas) enables autoscaling.'),
);
export type AutoScaling = Infer<typeof AutoScalingSchema>;
