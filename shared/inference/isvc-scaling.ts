/**
 * Replicas and autoscaling of the predictor (spec §10.7.3). Any of `autoScaling`, `minReplicas`
 * or `maxReplicas` means KEDA autoscaling (KServe `autoscalerClass: keda`, the OpenTelemetry
 * collector sidecar, Prometheus scraping on the vLLM port, `predictor.autoScaling` converted 1:1);
 * otherwise a fixed replica count with autoscaling off (`autoscalerClass: none`).
 *
 * Bounds without metrics: upstream renders no `predictor.autoScaling`, and KServe then makes a
 * ScaledObject without triggers, which KEDA's CRD refuses (`spec.triggers: Required value`): the
 * service could never run. The functions render the trigger KServe itself defaults to for its
 * HPA class, CPU at 80 % utilisation, so `minReplicas: 1, maxReplicas: 3` autoscales as written.
 */
import type { AIMServiceSpec } from '../api/aim-service.ts';
import { AUTOSCALER_CLASSES, DEFAULT_PROMETHEUS_PORT, KSERVE_ANNOTATIONS } from '../constants/kserve.ts';
import { predictorServiceName } from '../naming/service-names.ts';

export interface PredictorScaling {
  autoscaling: boolean;
  minReplicas: number;
  maxReplicas: number;
  annotations: Record<string, string>;
  /** KServe `predictor.autoScaling` (when autoscaling: the service's metrics, else DEFAULT_CPU_METRIC). */
  autoScaling?: { metrics: Record<string, unknown>[] };
}

/** KServe's own default for autoscaling without metrics (its HPA class: CPU, 80 % utilisation). */
export const DEFAULT_CPU_METRIC: Readonly<Record<string, unknown>> = {
  type: 'Resource',
  resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 80 } },
};

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
  scaling.autoScaling = {
    metrics: metrics !== undefined && metrics.length > 0 ? metrics.map(kserveMetric) : [DEFAULT_CPU_METRIC],
  };
  return scaling;
}
