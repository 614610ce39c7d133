import { z } from 'zod';
import { immutable } from '../crd/extensions.ts';
import { type Infer, lazySchema } from '../lazy-schema.ts';
import { AIMHardwareRequirementsSchema } from './hardware.ts';

export const METRIC_VALUES = ['latency', 'throughput'] as const;
export const PRECISION_VALUES = ['auto', 'fp4', 'fp8', 'fp16', 'fp32', 'bf16', 'int4', 'int8'] as const;

export const MetricSchema = lazySchema(() =>
  z.enum(METRIC_VALUES).describe('Optimisation goal: latency or throughput.'),
);
export type Metric = Infer<typeof MetricSchema>;

export const PrecisionSchema = lazySchema(() =>
  z.enum(PRECISION_VALUES).describe('Numeric precision of the model weights.'),
);
export type Precision = Infer<typeof PrecisionSchema>;

/**
 * AIMRuntimeParameters, inlined into templates and AIMService.spec.overrides. Each field is
 * immutable: a template (or an override) names one fixed runtime profile.
 */
export const runtimeParametersShape = lazySchema(() => ({
  metric: immutable(MetricSchema(), 'metric is immutable').optional(),
  precision: immutable(PrecisionSchema(), 'precision is immutable').optional(),
  hardware: immutable(AIMHardwareRequirementsSchema(), 'hardware is immutable').optional(),
}));

export const AIMRuntimeParametersSchema = lazySchema(() => z.object(runtimeParametersShape()));
export type AIMRuntimeParameters = Infer<typeof AIMRuntimeParametersSchema>;
