import { describe, expect, it } from 'vitest';
import { derivedHpa, hpaStatus, kedaHpaName } from '../../../../local/simulator/keda.ts';

const scaledObject = {
  apiVersion: 'keda.sh/v1alpha1',
  kind: 'ScaledObject',
  metadata: { name: 'chat-predictor', namespace: 'team', uid: 'so-uid' },
  spec: {
    scaleTargetRef: { name: 'chat-predictor' },
    minReplicaCount: 1,
    maxReplicaCount: 3,
    triggers: [{ type: 'external', metadata: { threshold: '8' } }],
  },
};

describe('the HPA KEDA derives from a ScaledObject (played by the simulator)', () => {
  it("is named as KEDA names it, targets the ScaledObject's Deployment and is owned by it", () => {
    const hpa = derivedHpa(scaledObject);
    expect(hpa.metadata.name).toBe('keda-hpa-chat-predictor');
    expect(kedaHpaName('x')).toBe('keda-hpa-x');
    expect(hpa.metadata.ownerReferences).toEqual([
      expect.objectContaining({
        kind: 'ScaledObject',
        name: 'chat-predictor',
        uid: 'so-uid',
        controller: true,
      }),
    ]);
    expect(hpa.spec).toMatchObject({
      scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'chat-predictor' },
      minReplicas: 1,
      maxReplicas: 3,
    });
    expect(hpa.spec.metrics).toEqual([
      {
        type: 'External',
        external: {
          metric: {
            name: 's0-external',
            selector: { matchLabels: { 'scaledobject.keda.sh/name': 'chat-predictor' } },
          },
          target: { type: 'AverageValue', averageValue: '8' },
        },
      },
    ]);
  });

  it('reports an active autoscaler that wants at least its minimum', () => {
    const status = hpaStatus(derivedHpa(scaledObject), 0, Date.parse('2026-11-28T00:00:00Z'));
    expect(status).toMatchObject({ currentReplicas: 0, desiredReplicas: 1 });
    expect(status.conditions).toEqual([
      expect.objectContaining({ type: 'AbleToScale', status: 'True' }),
      expect.objectContaining({ type: 'ScalingActive', status: 'True', reason: 'ValidMetricFound' }),
      expect.objectContaining({ type: 'ScalingLimited', status: 'False' }),
    ]);
    expect(hpaStatus(derivedHpa(scaledObject), 2, 0)).toMatchObject({
      currentReplicas: 2,
      desiredReplicas: 2,
    });
  });
});
