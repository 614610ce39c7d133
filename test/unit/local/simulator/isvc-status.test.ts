import { describe, expect, it } from 'vitest';
import {
  inferenceServiceStatus,
  inferenceServiceStatusSignature,
} from '../../../../local/simulator/isvc-status.ts';
import { InferenceServiceRuleSchema } from '../../../../local/simulator/rules.ts';
import type { KubeObject } from '../../../../shared/kube/types.ts';
import { pod } from './pods.ts';

const NOW = Date.parse('2026-01-01T00:00:10Z');
const isvc: KubeObject = {
  apiVersion: 'serving.kserve.io/v1beta1',
  kind: 'InferenceService',
  metadata: { name: 'chat', namespace: 'team', uid: 'u1', generation: 3 },
  spec: { predictor: {} },
};
const readyPod = pod('chat-predictor-1', {
  status: {
    phase: 'Running',
    conditions: [{ type: 'Ready', status: 'True' }],
    containerStatuses: [{ name: 'kserve-container', ready: true, state: { running: {} } }],
  },
});
const crashingPod = pod('chat-predictor-2', {
  status: {
    phase: 'Running',
    conditions: [{ type: 'Ready', status: 'False' }],
    containerStatuses: [
      {
        name: 'kserve-container',
        ready: false,
        state: { waiting: { reason: 'CrashLoopBackOff' } },
        lastState: { terminated: { exitCode: 137, reason: 'OOMKilled' } },
      },
    ],
  },
});
const pullingPod = pod('chat-predictor-3', {
  status: {
    phase: 'Pending',
    containerStatuses: [{ name: 'kserve-container', state: { waiting: { reason: 'ImagePullBackOff' } } }],
  },
});

const rule = (input: unknown = {}) => InferenceServiceRuleSchema.parse(input);
/** The status for `input` over a ready single-replica service two seconds old. */
const statusOf = (input: Partial<Parameters<typeof inferenceServiceStatus>[0]> = {}) =>
  inferenceServiceStatus({
    isvc,
    rule: rule(),
    pods: [readyPod],
    desiredReplicas: 1,
    ageSeconds: 2,
    nowMs: NOW,
    ...input,
  });
const conditionsOf = (status: Record<string, unknown>) =>
  Object.fromEntries(
    (status.conditions as { type: string; status: string }[]).map((c) => [c.type, c.status]),
  );

describe('inferenceServiceStatus', () => {
  it('is Ready with Loaded model, urls and Standard mode once pods are ready and the delay passed', () => {
    const status = statusOf();
    expect(conditionsOf(status)).toEqual({ IngressReady: 'True', PredictorReady: 'True', Ready: 'True' });
    expect(status).toMatchObject({
      url: 'http://chat-team.example.com',
      address: { url: 'http://chat-predictor.team.svc.cluster.local' },
      deploymentMode: 'Standard',
      observedGeneration: 3,
      modelStatus: { states: { activeModelState: 'Loaded' }, transitionStatus: 'UpToDate' },
    });
  });

  it('waits for readyAfterSeconds and for every replica', () => {
    const early = statusOf({ rule: rule({ readyAfterSeconds: 5 }) });
    expect(conditionsOf(early).Ready).toBe('False');
    const short = statusOf({ desiredReplicas: 2, ageSeconds: 9 });
    expect(conditionsOf(short).Ready).toBe('False');
    expect(short).toMatchObject({ url: null, modelStatus: { states: { activeModelState: 'Loading' } } });
  });

  it('stays not ready with ready: false', () => {
    const status = statusOf({ rule: rule({ ready: false }), ageSeconds: 60 });
    expect(conditionsOf(status).Ready).toBe('False');
  });

  it('reports a rule failure as FailedToLoad with lastFailureInfo', () => {
    const status = statusOf({
      rule: rule({ failure: { message: 'model weights corrupt', exitCode: 1 } }),
      ageSeconds: 60,
    });
    expect(status.conditions).toContainEqual(
      expect.objectContaining({
        type: 'Ready',
        status: 'False',
        reason: 'ModelLoadFailed',
        message: 'model weights corrupt',
      }),
    );
    expect(status.modelStatus).toMatchObject({
      states: { activeModelState: 'FailedToLoad' },
      lastFailureInfo: { reason: 'ModelLoadFailed', message: 'model weights corrupt', exitCode: 1 },
    });
  });

  it('reports a crash-looping predictor as FailedToLoad with the exit code', () => {
    const status = statusOf({ pods: [crashingPod], ageSeconds: 60 });
    expect(status.modelStatus).toMatchObject({
      states: { activeModelState: 'FailedToLoad' },
      lastFailureInfo: {
        location: 'chat-predictor-2',
        exitCode: 137,
        message: expect.stringContaining('OOMKilled'),
      },
    });
  });

  it('names a waiting reason while pods cannot start', () => {
    const status = statusOf({ pods: [pullingPod], ageSeconds: 60 });
    expect(status.conditions).toContainEqual(
      expect.objectContaining({
        type: 'PredictorReady',
        status: 'False',
        message: expect.stringContaining('ImagePullBackOff'),
      }),
    );
    expect(status.modelStatus).toMatchObject({ states: { activeModelState: 'Pending' } });
  });

  it('keeps transition times while a condition keeps its status', () => {
    const first = statusOf();
    const again = statusOf({ isvc: { ...isvc, status: first }, ageSeconds: 30, nowMs: NOW + 20_000 });
    expect(again.conditions).toEqual(first.conditions);
    expect(inferenceServiceStatusSignature(again)).toBe(inferenceServiceStatusSignature(first));
  });
});
