/**
 * Replicas and autoscaling of the predictor (spec §10.7.3). Any of `autoScaling`, `minReplicas`
 * or `maxReplicas` means KEDA autoscaling (KServe `autoscalerClass: keda`, the OpenTelemetry
 * collector sidecar, Prometheus scraping on the vLLM port, `predictor.autoScaling` converted 1:1);
 * otherwise a fixed replica count with autoscaling off (`autoscalerClass: none`).
 */
import type { AIMServiceSpec } from '../api/aim-service.ts';
import { AUTOSCALER_CLASSES, DEFAULT_PROMETHEUS_PORT, KSERVE_ANNOTATIONS } from '../constants/kserve.ts';
import { predictorServiceName } from '../naming/service-names.ts';

export interface PredictorScaling {
  autoscaling: boolean;
  minReplicas: number;
  maxReplicas: number;
  annotations: Record<string, string>;
  /** KServe `predictor.autoScaling` (only when autoscaling with metrics). */
  autoScaling?: { metrics: Record<string, unknown>[] };
}

type ScalingSpec = Partial<Pick<AIMServiceSpec, 'replicas' | 'minReplicas' | 'maxReplicas' | 'autoScaling'>>;

export function isAutoscaling(spec: ScalingSpec): boolean {
  return spec.autoScaling !== undefined || spec.minReplicas !== undefined || spec.maxReplicas !== undefined;
}

/** Copies the keys of `source` whose value is set. */
function defined(source: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined));
}

function kserveMetric(metric: NonNullable<NonNullable<ScalingSpec['autoScaling']>['metrics']>[number]) {
  const result: Record<string, unknown> = { type: metric.type };
  if (metric.podmetric !== undefined) {
    const { metric: podMetric, target } = metric.podmetric;
    result.podmetric = {
      metric: defined({
        backend: podMetric.backend,
        serverAddress: podMetric.serverAddress,
        metricNames: podMetric.metricNames === undefined ? undefined : [...podMetric.metricNames],
        query: podMetric.query,
        operationOverTime: podMetric.operationOverTime,
      }),
      target: defined({
        type: target.type,
        value: target.value,
        averageValue: target.averageValue,
        averageUtilization: target.averageUtilization,
      }),
    };
  }
  return result;
}

export function planScaling(spec: ScalingSpec, isvcName: string): PredictorScaling {
  if (!isAutoscaling(spec)) {
    const replicas = spec.replicas ?? 1;
    return {
      autoscaling: false,
      minReplicas: replicas,
      maxReplicas: replicas,
      annotations: { [KSERVE_ANNOTATIONS.autoscalerClass]: AUTOSCALER_CLASSES.none },
    };
  }
  const minReplicas = spec.minReplicas ?? 1;
  const scaling: PredictorScaling = {
    autoscaling: true,
    minReplicas,
    maxReplicas: spec.maxReplicas ?? spec.minReplicas ?? 1,
    annotations: {
      [KSERVE_ANNOTATIONS.autoscalerClass]: AUTOSCALER_CLASSES.keda,
      [KSERVE_ANNOTATIONS.otelSidecarInject]: predictorServiceName(isvcName),
      [KSERVE_ANNOTATIONS.prometheusPort]: DEFAULT_PROMETHEUS_PORT,
    },
  };
  const metrics = spec.autoScaling?.metrics;
  if (metrics !== undefined && metrics.length > 0)
    scaling.autoScaling = { metrics: metrics.map(kserveMetric) };
  return scaling;
}
