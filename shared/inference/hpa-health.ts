/**
 * The `HPA` component (spec §10.8) — the HorizontalPodAutoscaler KEDA creates for an autoscaled
 * predictor, `keda-hpa-<isvc>-predictor` — and `status.runtime`, the replica counts (§10.7.3).
 */
import type { ServiceRuntimeStatusSchema } from '../api/aim-service.ts';
import type { Infer } from '../api/lazy-schema.ts';
import { SERVICE_COMPONENTS, SERVICE_REASONS } from '../constants/service-conditions.ts';
import type { KubeObject } from '../kube/types.ts';
import {
  type ComponentHealth,
  componentHealthBuilder,
  DEPENDENCY_TYPES,
  type FetchResult,
} from '../reconcile/health.ts';
import type { PredictorScaling } from './isvc-scaling.ts';
import { conditionIn, describeCondition } from './kube-conditions.ts';

export const HPA_GVK = { apiVersion: 'autoscaling/v2', kind: 'HorizontalPodAutoscaler' } as const;

const COMPONENT = SERVICE_COMPONENTS.hpa;
const health = componentHealthBuilder(COMPONENT, DEPENDENCY_TYPES.downstream);

export function hpaHealth(
  hpa: FetchResult<KubeObject | undefined>,
  hpaName: string,
  isvcReady: boolean,
): ComponentHealth {
  if (!hpa.ok) return health({ reason: SERVICE_REASONS.hpaFetchError, errors: [hpa.error] });
  if (hpa.value === undefined) {
    return health({
      state: 'Progressing',
      reason: SERVICE_REASONS.hpaNotFound,
      message: `HorizontalPodAutoscaler ${hpaName} not found yet (KEDA creates it)`,
    });
  }
  const scalingActive = conditionIn(hpa.value.status, 'ScalingActive');
  if (scalingActive?.status !== 'True') {
    const why = describeCondition(scalingActive);
    return isvcReady
      ? health({
          state: 'Failed',
          reason: SERVICE_REASONS.metricsFailed,
          message: `Autoscaler cannot read its metrics${why ? `: ${why}` : ''}`,
        })
      : health({
          state: 'Progressing',
          reason: SERVICE_REASONS.waitingForMetrics,
          message: 'Waiting for the autoscaler metrics',
        });
  }
  const ableToScale = conditionIn(hpa.value.status, 'AbleToScale');
  if (ableToScale !== undefined && ableToScale.status !== 'True') {
    return health({
      state: 'Progressing',
      reason: SERVICE_REASONS.scaleTargetNotReady,
      message: `Autoscaler cannot scale yet: ${describeCondition(ableToScale)}`,
    });
  }
  return health({
    state: 'Ready',
    reason: SERVICE_REASONS.hpaOperational,
    message: 'Autoscaler is operational',
  });
}

export type ServiceRuntimeStatus = Infer<typeof ServiceRuntimeStatusSchema>;

function count(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isInteger(value) ? value : fallback;
}

/** `"3"` when the count is fixed, `"2/3 (1-5)"` (current/desired (min-max)) when it may vary. */
export function replicasDisplay(runtime: Required<Omit<ServiceRuntimeStatus, 'replicas'>>): string {
  if (runtime.minReplicas === runtime.maxReplicas) return String(runtime.currentReplicas);
  return `${runtime.currentReplicas}/${runtime.desiredReplicas} (${runtime.minReplicas}-${runtime.maxReplicas})`;
}

/**
 * From the HPA when there is one; otherwise from the configured counts (upstream reports
 * `minReplicas` for all four, which hides the maximum of an autoscaled service until KEDA acts).
 */
export function runtimeStatus(scaling: PredictorScaling, hpa: KubeObject | undefined): ServiceRuntimeStatus {
  const counts =
    hpa === undefined
      ? {
          currentReplicas: scaling.minReplicas,
          desiredReplicas: scaling.minReplicas,
          minReplicas: scaling.minReplicas,
          maxReplicas: scaling.maxReplicas,
        }
      : {
          currentReplicas: count(hpa.status?.currentReplicas, 0),
          desiredReplicas: count(hpa.status?.desiredReplicas, 0),
          minReplicas: count(hpa.spec?.minReplicas, 1),
          maxReplicas: count(hpa.spec?.maxReplicas, scaling.maxReplicas),
        };
  return { ...counts, replicas: replicasDisplay(counts) };
}
