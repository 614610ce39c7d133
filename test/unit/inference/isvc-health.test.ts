import { describe, expect, it } from 'vitest';
import { inferenceServiceHealth, inferenceServiceUrl } from '../../../shared/inference/isvc-health.ts';
import { KubeError } from '../../../shared/kube/errors.ts';
import type { KubeObject } from '../../../shared/kube/types.ts';
import { fetched, fetchFailed, resolveHealth } from '../../../shared/reconcile/health.ts';

function isvc(status: Record<string, unknown> = {}): KubeObject {
  return {
    apiVersion: 'serving.kserve.io/v1beta1',
    kind: 'InferenceService',
    metadata: { name: 'chat-1', namespace: 'team-a', uid: 'isvc-uid' },
    spec: {},
    status,
  };
}

function event(
  reason: string,
  message: string,
  type = 'Warning',
  time = '2026-05-01T12:00:00Z',
  uid = 'isvc-uid',
): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Event',
    metadata: { name: `e-${reason}`, namespace: 'team-a' },
    involvedObject: { kind: 'InferenceService', name: 'chat-1', uid },
    type,
    reason,
    message,
    lastTimestamp: time,
  };
}

const health = (...args: Parameters<typeof inferenceServiceHealth>) =>
  resolveHealth(inferenceServiceHealth(...args));

describe('InferenceService component (spec §10.8)', () => {
  it('NotFound ⇒ Progressing CreatingRuntime, saying what it waits for', () => {
    expect(health({ isvc: fetched(undefined), waitingFor: ['template cache'] })).toMatchObject({
      state: 'Progressing',
      reason: 'CreatingRuntime',
      message: 'InferenceService not found; it is created once the template cache is ready',
      dependencyType: 'Downstream',
    });
  });

  it('a failed read ⇒ FetchError with the error categorized (transient: retried)', () => {
    const err = new KubeError({
      reason: 'ServiceUnavailable',
      statusCode: 503,
      retryable: true,
      message: 'down',
    });
    const result = health({ isvc: fetchFailed(err) });
    expect(result.reason).toBe('FetchError');
    expect(result.errors[0]?.category).toBe('Infrastructure');
  });

  it('Ready=True ⇒ Ready RuntimeReady', () => {
    const object = isvc({
      conditions: [{ type: 'Ready', status: 'True', lastTransitionTime: '2026-05-01T11:00:00Z' }],
    });
    expect(health({ isvc: fetched(object), events: fetched([]) })).toMatchObject({
      state: 'Ready',
      reason: 'RuntimeReady',
    });
  });

  it('ServerlessModeRejected ⇒ Failed with the RawDeployment hint', () => {
    const result = health({
      isvc: fetched(isvc()),
      events: fetched([event('ServerlessModeRejected', 'no knative')]),
    });
    expect(result).toMatchObject({
      state: 'Failed',
      reason: 'ServerlessModeRejected',
      message: 'Knative is not available. Configure KServe to use RawDeployment mode.',
    });
  });

  it('a Warning InternalError ⇒ Failed, except KServe conflict retries', () => {
    const failing = health({
      isvc: fetched(isvc()),
      events: fetched([event('InternalError', 'webhook failed')]),
    });
    expect(failing).toMatchObject({
      state: 'Failed',
      reason: 'InternalError',
      message: 'KServe reported an internal error: webhook failed',
    });
    const conflict = event(
      'InternalError',
      'Operation cannot be fulfilled on inferenceservices: the object has been modified',
    );
    expect(health({ isvc: fetched(isvc()), events: fetched([conflict]) })).toMatchObject({
      state: 'Progressing',
    });
    expect(
      health({ isvc: fetched(isvc()), events: fetched([event('InternalError', 'x', 'Normal')]) }).state,
    ).toBe('Progressing');
  });

  it('ignores events older than the transition to Ready, and events of an earlier object of that name', () => {
    const ready = isvc({
      conditions: [{ type: 'Ready', status: 'True', lastTransitionTime: '2026-05-01T12:00:00Z' }],
    });
    const old = event('InternalError', 'old', 'Warning', '2026-05-01T11:59:00Z');
    expect(health({ isvc: fetched(ready), events: fetched([old]) }).state).toBe('Ready');
    const foreign = event('ServerlessModeRejected', 'x', 'Warning', '2026-05-01T12:00:00Z', 'other-uid');
    expect(health({ isvc: fetched(isvc()), events: fetched([foreign]) }).state).toBe('Progressing');
  });

  it('a model that failed to load ⇒ Failed with KServe lastFailureInfo', () => {
    const object = isvc({
      conditions: [{ type: 'Ready', status: 'False', reason: 'PredictorNotReady' }],
      modelStatus: {
        transitionStatus: 'BlockedByFailedLoad',
        states: { activeModelState: 'FailedToLoad', targetModelState: 'FailedToLoad' },
        lastFailureInfo: {
          reason: 'ModelLoadFailed',
          message: 'CUDA out of memory',
          location: 'chat-1-predictor-abc',
          exitCode: 1,
        },
      },
    });
    expect(health({ isvc: fetched(object), events: fetched([]) })).toMatchObject({
      state: 'Failed',
      reason: 'ModelLoadFailed',
      message: 'CUDA out of memory in chat-1-predictor-abc (exit code 1)',
    });
  });

  it('not Ready yet ⇒ Progressing with KServe’s explanation, PredictorReady and the deployment mode', () => {
    const starting = isvc({
      deploymentMode: 'RawDeployment',
      conditions: [
        {
          type: 'PredictorReady',
          status: 'False',
          reason: 'MinimumReplicasUnavailable',
          message: 'Deployment does not have minimum availability.',
        },
        { type: 'Ready', status: 'False' },
      ],
    });
    expect(health({ isvc: fetched(starting), events: fetched([]) }).message).toBe(
      'InferenceService is not ready: MinimumReplicasUnavailable: Deployment does not have minimum availability.',
    );
    const ingress = isvc({
      deploymentMode: 'Serverless',
      conditions: [
        { type: 'PredictorReady', status: 'True' },
        { type: 'IngressReady', status: 'False', reason: 'IngressNotConfigured' },
        { type: 'Ready', status: 'False' },
      ],
    });
    expect(health({ isvc: fetched(ingress), events: fetched([]) }).message).toBe(
      'Predictor is ready, waiting for the InferenceService to become Ready (ingress: IngressNotConfigured); KServe runs it in Knative mode, AIM needs Standard (RawDeployment) mode',
    );
  });

  it('a failed Events read is kept as an error so the previous condition survives the blip', () => {
    const err = new KubeError({
      reason: 'ServiceUnavailable',
      statusCode: 503,
      retryable: true,
      message: 'down',
    });
    const result = health({ isvc: fetched(isvc()), events: fetchFailed(err) });
    expect(result.errors.map((e) => e.category)).toEqual(['Infrastructure']);
  });

  it('reports KServe’s URL, else the cluster-local address', () => {
    expect(
      inferenceServiceUrl(isvc({ url: 'http://chat.example.com', address: { url: 'http://x.svc' } })),
    ).toBe('http://chat.example.com');
    expect(inferenceServiceUrl(isvc({ address: { url: 'http://x.svc' } }))).toBe('http://x.svc');
    expect(inferenceServiceUrl(isvc())).toBeUndefined();
  });
});
