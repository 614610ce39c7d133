import { describe, expect, it } from 'vitest';
import type { AIMService } from '../../../shared/api/aim-service.ts';
import { inferenceServiceCreatedEvent } from '../../../shared/inference/isvc-created-event.ts';
import type { InferenceDecision } from '../../../shared/inference/render-decision.ts';
import type { RenderFetched } from '../../../shared/inference/render-fetch.ts';
import type { KubeObject } from '../../../shared/kube/types.ts';

const ISVC: KubeObject = {
  apiVersion: 'serving.kserve.io/v1beta1',
  kind: 'InferenceService',
  metadata: { name: 'chat-1', namespace: 'team' },
};

function service(isvcMessage?: string, cacheReady = false): AIMService {
  const conditions = [
    ...(isvcMessage === undefined
      ? []
      : [
          { type: 'InferenceServiceReady', status: 'False', reason: 'CreatingRuntime', message: isvcMessage },
        ]),
    { type: 'CacheReady', status: cacheReady ? 'True' : 'False', reason: 'CacheNotReady', message: '' },
  ];
  return {
    metadata: { name: 'chat', namespace: 'team' },
    spec: {},
    status: { conditions },
  } as unknown as AIMService;
}

const decision = (existing?: KubeObject, desired: KubeObject | null = ISVC) =>
  ({
    desired: desired ?? undefined,
    existing,
    problems: [],
    waitingFor: [],
    inputErrors: [],
  }) as unknown as InferenceDecision;
const fetched = (ok = true) =>
  ({ isvc: ok ? { ok: true, value: undefined } : { ok: false, error: new Error('x') } }) as RenderFetched;

describe('"Created InferenceService x"', () => {
  it('is planned by the reconcile that makes it, for the write that tells it', () => {
    expect(inferenceServiceCreatedEvent(service(), decision(), fetched())).toMatchObject({
      reason: 'InferenceServiceCreated',
      message: 'Created InferenceService chat-1',
      onApply: true,
      foldsInto: 'InferenceServiceReady',
      joins: ['CacheReady'],
      plannedUntilWritten: true,
    });
    // Not when whether it exists is unknown.
    expect(inferenceServiceCreatedEvent(service(), decision(), fetched(false))).toBeUndefined();
  });

  it('is recorded even when its write is held once the stored status says the cache is Ready', () => {
    // Nothing would plan it again: a held write must not drop it.
    expect(inferenceServiceCreatedEvent(service(undefined, true), decision(), fetched())).toMatchObject({
      onApply: true,
      plannedUntilWritten: false,
    });
  });

  it('is not planned again once the write that made it told the cache Ready (its own condition still says not found)', () => {
    expect(
      inferenceServiceCreatedEvent(service('InferenceService not found', true), decision(ISVC), fetched()),
    ).toBeUndefined();
  });

  it('is planned again while the stored status still says there is none, and only then', () => {
    const again = inferenceServiceCreatedEvent(
      service('InferenceService not found; it is created once…'),
      decision(ISVC),
      fetched(),
    );
    expect(again).toMatchObject({ message: 'Created InferenceService chat-1', joins: ['CacheReady'] });
    expect(again?.foldsInto).toBeUndefined();
    expect(again?.onApply).toBeUndefined();
    expect(
      inferenceServiceCreatedEvent(service('Waiting for the predictor'), decision(ISVC), fetched()),
    ).toBeUndefined();
  });

  it('is not planned when no InferenceService is rendered', () => {
    expect(inferenceServiceCreatedEvent(service(), decision(undefined, null), fetched())).toBeUndefined();
  });
});
