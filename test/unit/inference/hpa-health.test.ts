import { describe, expect, it } from 'vitest';
import { hpaHealth } from '../../../shared/inference/hpa-health.ts';
import type { KubeObject } from '../../../shared/kube/types.ts';
import { fetched, fetchFailed, resolveHealth } from '../../../shared/reconcile/health.ts';

function hpa(conditions: Record<string, unknown>[]): KubeObject {
  return {
    apiVersion: 'autoscaling/v2',
    kind: 'HorizontalPodAutoscaler',
    metadata: { name: 'keda-hpa-chat-1-predictor', namespace: 'team-a' },
    spec: { minReplicas: 1, maxReplicas: 3 },
    status: { conditions },
  };
}

const health = (object: KubeObject | undefined, ready = false) =>
  resolveHealth(hpaHealth(fetched(object), 'keda-hpa-chat-1-predictor', ready));

describe('HPA component (spec §10.8)', () => {
  it('absent ⇒ Progressing HPANotFound', () => {
    expect(health(undefined)).toMatchObject({ state: 'Progressing', reason: 'HPANotFound' });
  });

  it('a failed read ⇒ HPAFetchError', () => {
    expect(resolveHealth(hpaHealth(fetchFailed(new Error('boom')), 'h', false)).reason).toBe('HPAFetchError');
  });

  it('ScalingActive not True ⇒ WaitingForMetrics while the ISVC is not Ready, MetricsFailed once it is', () => {
    const inactive = hpa([
      { type: 'ScalingActive', status: 'False', reason: 'FailedGetExternalMetric', message: 'no metric' },
    ]);
    expect(health(inactive)).toMatchObject({ state: 'Progressing', reason: 'WaitingForMetrics' });
    expect(health(inactive, true)).toMatchObject({
      state: 'Failed',
      reason: 'MetricsFailed',
      message: 'Autoscaler cannot read its metrics: FailedGetExternalMetric: no metric',
    });
  });

  it('AbleToScale not True ⇒ ScaleTargetNotReady; both True ⇒ HPAOperational', () => {
    expect(
      health(
        hpa([
          { type: 'ScalingActive', status: 'True' },
          { type: 'AbleToScale', status: 'False', reason: 'FailedGetScale' },
        ]),
      ),
    ).toMatchObject({ state: 'Progressing', reason: 'ScaleTargetNotReady' });
    expect(
      health(
        hpa([
          { type: 'ScalingActive', status: 'True' },
          { type: 'AbleToScale', status: 'True' },
        ]),
      ),
    ).toMatchObject({
      state: 'Ready',
      reason: 'HPAOperational',
    });
  });
});
