import { describe, expect, it } from 'vitest';
import { replicasDisplay, runtimeStatus } from '../../../shared/inference/hpa-health.ts';
import { isAutoscaling, planScaling } from '../../../shared/inference/isvc-scaling.ts';

describe('planScaling (spec §10.7.3)', () => {
  it('nothing set ⇒ one replica, autoscaler none', () => {
    expect(planScaling({}, 'x-1')).toEqual({
      autoscaling: false,
      minReplicas: 1,
      maxReplicas: 1,
      annotations: { 'serving.kserve.io/autoscalerClass': 'none' },
    });
  });

  it('replicas: 3 ⇒ min = max = 3', () => {
    expect(planScaling({ replicas: 3 }, 'x-1')).toMatchObject({
      autoscaling: false,
      minReplicas: 3,
      maxReplicas: 3,
    });
  });

  it('min 1 / max 3 ⇒ keda, otel sidecar of the predictor, prometheus port 8000, and a CPU trigger', () => {
    expect(planScaling({ replicas: 1, minReplicas: 1, maxReplicas: 3 }, 'chat-1a2b3c4d')).toEqual({
      autoscaling: true,
      minReplicas: 1,
      maxReplicas: 3,
      annotations: {
        'serving.kserve.io/autoscalerClass': 'keda',
        'sidecar.opentelemetry.io/inject': 'chat-1a2b3c4d-predictor',
        'prometheus.kserve.io/port': '8000',
      },
      // Without a metric KServe's ScaledObject has no trigger and KEDA's CRD refuses it.
      autoScaling: {
        metrics: [
          {
            type: 'Resource',
            resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 80 } },
          },
        ],
      },
    });
  });

  it('defaults the missing bound: only min ⇒ max = min; only max ⇒ min 1; only autoScaling ⇒ 1/1', () => {
    expect(planScaling({ minReplicas: 4 }, 'x')).toMatchObject({ minReplicas: 4, maxReplicas: 4 });
    expect(planScaling({ maxReplicas: 5 }, 'x')).toMatchObject({ minReplicas: 1, maxReplicas: 5 });
    expect(planScaling({ autoScaling: {} }, 'x')).toMatchObject({
      autoscaling: true,
      minReplicas: 1,
      maxReplicas: 1,
    });
    expect(isAutoscaling({ replicas: 2 })).toBe(false);
  });
});

describe('status.runtime', () => {
  it('replicas: 3 ⇒ all 3, "3"', () => {
    expect(runtimeStatus(planScaling({ replicas: 3 }, 'x'), undefined)).toEqual({
      currentReplicas: 3,
      desiredReplicas: 3,
      minReplicas: 3,
      maxReplicas: 3,
      replicas: '3',
    });
  });

  it('autoscaling without an HPA yet reports the configured bounds', () => {
    expect(runtimeStatus(planScaling({ minReplicas: 1, maxReplicas: 3 }, 'x'), undefined)).toEqual({
      currentReplicas: 1,
      desiredReplicas: 1,
      minReplicas: 1,
      maxReplicas: 3,
      replicas: '1/1 (1-3)',
    });
  });

  it('takes the counts from the KEDA HPA when there is one', () => {
    const hpa = {
      apiVersion: 'autoscaling/v2',
      kind: 'HorizontalPodAutoscaler',
      metadata: { name: 'keda-hpa-x-predictor' },
      spec: { minReplicas: 2, maxReplicas: 5 },
      status: { currentReplicas: 3, desiredReplicas: 4 },
    };
    expect(runtimeStatus(planScaling({ minReplicas: 2, maxReplicas: 5 }, 'x'), hpa)).toEqual({
      currentReplicas: 3,
      desiredReplicas: 4,
      minReplicas: 2,
      maxReplicas: 5,
      replicas: '3/4 (2-5)',
    });
  });

  it('shows a single number when min equals max', () => {
    expect(replicasDisplay({ currentReplicas: 2, desiredReplicas: 3, minReplicas: 3, maxReplicas: 3 })).toBe(
      '2',
    );
  });
});
