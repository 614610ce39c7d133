import { describe, expect, it } from 'vitest';
import { classifyHttpError } from '../../../shared/kube/errors.ts';
import { ERROR_CATEGORIES, StateError } from '../../../shared/reconcile/categorize.ts';
import { type Condition, findCondition } from '../../../shared/reconcile/conditions.ts';
import {
  type ComponentHealth,
  fetchFailed,
  toUpstreamComponentHealth,
} from '../../../shared/reconcile/health.ts';
import { aimServiceStatus } from '../../../shared/reconcile/service-status.ts';
import { computeState } from '../../../shared/reconcile/state-engine.ts';

const T0 = new Date('2025-03-01T12:00:00Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

const notFound = classifyHttpError(404, {
  kind: 'Status',
  reason: 'NotFound',
  message: 'aimmodels "m" not found',
});
const forbidden = classifyHttpError(403, { kind: 'Status', reason: 'Forbidden', message: 'forbidden' });
const unavailable = classifyHttpError(503, {
  kind: 'Status',
  reason: 'ServiceUnavailable',
  message: 'etcd down',
});

function cond(conditions: readonly Condition[], type: string) {
  const found = findCondition(conditions, type);
  return found && { status: found.status, reason: found.reason };
}

const ready = (component: string): ComponentHealth => ({ component, errors: [] });

describe('computeState (spec §5.3)', () => {
  it('is Ready with AllComponentsReady when every component is ready, and adds no lazy conditions', () => {
    const result = computeState({ health: [ready('Model'), ready('Cache')], now: T0 });
    expect(result.status).toBe('Ready');
    expect(result.conditions.map((c) => c.type)).toEqual(['ModelReady', 'CacheReady', 'Ready']);
    expect(cond(result.conditions, 'Ready')).toEqual({ status: 'True', reason: 'AllComponentsReady' });
    expect(cond(result.conditions, 'ModelReady')).toEqual({ status: 'True', reason: 'Ready' });
    expect(result.shouldApply).toBe(true);
    expect(result.shouldRequeue).toBe(false);
  });

  it('makes a not-ready upstream component Pending and a downstream one Progressing', () => {
    const upstream = computeState({
      health: [
        {
          component: 'Model',
          state: 'Progressing',
          reason: 'ModelNotReady',
          errors: [],
          dependencyType: 'Upstream',
        },
      ],
      now: T0,
    });
    expect(upstream.status).toBe('Pending');
    expect(cond(upstream.conditions, 'ModelReady')).toEqual({ status: 'False', reason: 'ModelNotReady' });
    // Ready repeats the reason of the component that keeps the object Pending (issue 14).
    expect(cond(upstream.conditions, 'Ready')).toEqual({ status: 'False', reason: 'ModelNotReady' });

    const downstream = computeState({
      health: [
        {
          component: 'Cache',
          state: 'Progressing',
          reason: 'CacheCreating',
          errors: [],
          dependencyType: 'Downstream',
        },
      ],
      now: T0,
    });
    expect(downstream.status).toBe('Progressing');
    expect(cond(downstream.conditions, 'Ready')).toEqual({ status: 'False', reason: 'CacheCreating' });
    expect(findCondition(downstream.conditions, 'Ready')?.message).toBe('Component Cache is not ready');
  });

  it('fails on an auth error, with AuthValid=False and nothing applied', () => {
    const result = computeState({ health: [{ component: 'Registry', errors: [forbidden] }], now: T0 });
    expect(result.status).toBe('Failed');
    expect(cond(result.conditions, 'AuthValid')).toEqual({ status: 'False', reason: 'AuthError' });
    expect(cond(result.conditions, 'Ready')).toEqual({ status: 'False', reason: 'Forbidden' });
    expect(findCondition(result.conditions, 'Ready')?.message).toBe(
      'Component Registry is not ready: 403 Forbidden: forbidden',
    );
    expect(cond(result.conditions, 'RegistryReady')).toEqual({ status: 'False', reason: 'Forbidden' });
    expect(result.shouldApply).toBe(false);
    expect(findCondition(result.conditions, 'ConfigValid')).toBeUndefined();
  });

  it('fails on a missing upstream reference, with ConfigValid=False ReferenceNotFound', () => {
    const model = toUpstreamComponentHealth('Model', fetchFailed(notFound), () => ({}));
    const result = computeState({ health: [model, ready('Cache')], now: T0 });
    expect(result.status).toBe('Failed');
    expect(cond(result.conditions, 'ModelReady')).toEqual({ status: 'False', reason: 'ReferenceNotFound' });
    expect(findCondition(result.conditions, 'ModelReady')?.message).toBe('Upstream dependency not found');
    expect(cond(result.conditions, 'ConfigValid')).toEqual({ status: 'False', reason: 'ReferenceNotFound' });
    expect(cond(result.conditions, 'Ready')).toEqual({ status: 'False', reason: 'ReferenceNotFound' });
    expect(findCondition(result.conditions, 'Ready')?.message).toBe(
      'Component Model is not ready: Upstream dependency not found',
    );
    expect(result.shouldApply).toBe(false);
  });

  it('names the component of an auth error before an invalid spec before a missing reference', () => {
    const health: ComponentHealth[] = [
      {
        component: 'A',
        errors: [new StateError(ERROR_CATEGORIES.missingUpstreamDependency, 'Gone', 'gone')],
      },
      { component: 'B', errors: [new StateError(ERROR_CATEGORIES.invalidSpec, 'Bad', 'bad')] },
    ];
    const invalid = findCondition(computeState({ health, now: T0 }).conditions, 'Ready');
    expect(invalid).toMatchObject({ reason: 'Bad', message: 'Component B is not ready: bad' });
    const withAuth = [...health, { component: 'C', errors: [forbidden] }];
    const result = computeState({ health: withAuth, now: T0 });
    expect(cond(result.conditions, 'Ready')?.reason).toBe('Forbidden');
    expect(cond(result.conditions, 'ConfigValid')).toEqual({ status: 'False', reason: 'InvalidSpec' });
  });

  it('is Degraded on an infrastructure error, requeues, and sets DependenciesReachable=False', () => {
    const result = computeState({ health: [{ component: 'Model', errors: [unavailable] }], now: T0 });
    expect(result.status).toBe('Degraded');
    expect(cond(result.conditions, 'DependenciesReachable')).toEqual({
      status: 'False',
      reason: 'InfrastructureError',
    });
    expect(cond(result.conditions, 'ModelReady')).toEqual({ status: 'False', reason: 'ServiceUnavailable' });
    expect(cond(result.conditions, 'Ready')?.reason).toBe('ServiceUnavailable');
    expect(result.shouldRequeue).toBe(true);
    expect(result.shouldApply).toBe(false);
  });

  it('treats an unknown error as infrastructure (Degraded, retried)', () => {
    const result = computeState({
      health: [{ component: 'ImageMetadata', errors: [new Error('registry hiccup')] }],
      now: T0,
    });
    expect(result.status).toBe('Degraded');
    expect(cond(result.conditions, 'ImageMetadataReady')).toEqual({
      status: 'False',
      reason: 'UnknownError',
    });
    expect(result.shouldRequeue).toBe(true);
  });

  it('keeps a True component condition through an infrastructure blip shorter than 10 s', () => {
    const healthy = computeState({ health: [ready('Model')], now: T0 });
    const blip = computeState({
      health: [{ component: 'Model', errors: [unavailable] }],
      previousConditions: healthy.conditions,
      now: at(60),
    });
    expect(cond(blip.conditions, 'ModelReady')).toEqual({ status: 'True', reason: 'ServiceUnavailable' });
    expect(cond(blip.conditions, 'DependenciesReachable')).toEqual({
      status: 'False',
      reason: 'InfrastructureError',
    });
    expect(blip.status).toBe('Ready');
    expect(blip.shouldRequeue).toBe(true);

    const stillWithinGrace = computeState({
      health: [{ component: 'Model', errors: [unavailable] }],
      previousConditions: blip.conditions,
      now: at(69),
    });
    expect(findCondition(stillWithinGrace.conditions, 'ModelReady')?.status).toBe('True');

    const outlasted = computeState({
      health: [{ component: 'Model', errors: [unavailable] }],
      previousConditions: stillWithinGrace.conditions,
      now: at(70),
    });
    expect(findCondition(outlasted.conditions, 'ModelReady')?.status).toBe('False');
    expect(outlasted.status).toBe('Degraded');
    expect(cond(outlasted.conditions, 'Ready')?.reason).toBe('ServiceUnavailable');
  });

  it('sets the lazy conditions True after recovery and keeps them', () => {
    const broken = computeState({
      health: [
        { component: 'A', errors: [unavailable] },
        { component: 'B', errors: [forbidden] },
        { component: 'C', errors: [new StateError(ERROR_CATEGORIES.invalidSpec, 'Bad', 'bad')] },
      ],
      now: T0,
    });
    const recovered = computeState({
      health: [ready('A'), ready('B'), ready('C')],
      previousConditions: broken.conditions,
      now: at(30),
    });
    expect(cond(recovered.conditions, 'DependenciesReachable')).toEqual({
      status: 'True',
      reason: 'Reachable',
    });
    expect(cond(recovered.conditions, 'AuthValid')).toEqual({
      status: 'True',
      reason: 'AuthenticationValid',
    });
    expect(cond(recovered.conditions, 'ConfigValid')).toEqual({
      status: 'True',
      reason: 'ConfigurationValid',
    });
    expect(recovered.status).toBe('Ready');
    const again = computeState({
      health: [ready('A'), ready('B'), ready('C')],
      previousConditions: recovered.conditions,
      now: at(60),
    });
    expect(again.conditions).toEqual(recovered.conditions);
  });

  it('keeps lastTransitionTime when status and reason are unchanged, even if the message changes', () => {
    const first = computeState({
      health: [
        { component: 'Cache', state: 'Progressing', reason: 'CacheCreating', message: 'one', errors: [] },
      ],
      now: T0,
    });
    const second = computeState({
      health: [
        { component: 'Cache', state: 'Progressing', reason: 'CacheCreating', message: 'two', errors: [] },
      ],
      previousConditions: first.conditions,
      now: at(30),
    });
    const cache = findCondition(second.conditions, 'CacheReady');
    expect(cache?.message).toBe('two');
    expect(cache?.lastTransitionTime).toBe('2025-03-01T12:00:00Z');
    const third = computeState({
      health: [{ component: 'Cache', state: 'Progressing', reason: 'CacheNotReady', errors: [] }],
      previousConditions: second.conditions,
      now: at(60),
    });
    expect(findCondition(third.conditions, 'CacheReady')?.lastTransitionTime).toBe('2025-03-01T12:01:00Z');
  });

  it('reports the first failing component in Ready and Failed as the status', () => {
    const result = computeState({
      health: [
        ready('A'),
        { component: 'Job', state: 'Failed', reason: 'JobFailed', message: 'exit 1', errors: [] },
        { component: 'Pods', state: 'Degraded', reason: 'PodEvicted', message: 'evicted', errors: [] },
      ],
      now: T0,
    });
    expect(result.status).toBe('Failed');
    expect(findCondition(result.conditions, 'Ready')).toMatchObject({
      status: 'False',
      reason: 'JobFailed',
      message: 'Component Job is not ready: exit 1',
    });
    expect(result.shouldApply).toBe(true);
  });

  it('keeps stale component conditions in the scan', () => {
    const first = computeState({
      health: [ready('A'), { component: 'Old', state: 'Failed', reason: 'Broken', errors: [] }],
      now: T0,
    });
    const later = computeState({ health: [ready('A')], previousConditions: first.conditions, now: at(5) });
    expect(cond(later.conditions, 'OldReady')).toEqual({ status: 'False', reason: 'Broken' });
    // The stale component's state is unknown now, so it only holds the object at Progressing.
    expect(later.status).toBe('Progressing');
  });

  it('writes no condition for unnamed components (quirk 19 not copied)', () => {
    const result = computeState({ health: [{ component: '', errors: [] }, ready('A')], now: T0 });
    expect(result.conditions.map((c) => c.type)).toEqual(['AReady', 'Ready']);
  });

  it('lets decorate override a condition before the Ready scan', () => {
    const result = computeState({
      health: [ready('Artifacts')],
      now: T0,
      decorate: (conditions) => conditions.set('ArtifactsReady', 'False', 'CreatingCaches', 'Waiting'),
    });
    expect(cond(result.conditions, 'ArtifactsReady')).toEqual({ status: 'False', reason: 'CreatingCaches' });
    expect(result.status).toBe('Progressing');
  });

  it('fails on resource exhaustion without blocking the apply', () => {
    const exhausted = new StateError(ERROR_CATEGORIES.resourceExhaustion, 'PodOOMKilled', 'OOM');
    const result = computeState({ health: [{ component: 'Pods', errors: [exhausted] }], now: T0 });
    expect(result.status).toBe('Failed');
    expect(result.shouldApply).toBe(true);
  });

  it('waits (Progressing) on a missing downstream dependency', () => {
    const missing = new StateError(ERROR_CATEGORIES.missingDownstreamDependency, 'NoPods', 'no pods');
    const result = computeState({ health: [{ component: 'Pods', errors: [missing] }], now: T0 });
    expect(result.status).toBe('Progressing');
    expect(result.shouldApply).toBe(true);
  });

  it('maps AIMService statuses, NotAvailable becoming Pending (quirk 6 fixed)', () => {
    const result = computeState({
      health: [
        ready('Model'),
        {
          component: 'Template',
          state: 'NotAvailable',
          reason: 'TemplateNotReady',
          errors: [],
          dependencyType: 'Upstream',
        },
      ],
      now: T0,
      statusMapping: aimServiceStatus,
    });
    expect(result.aimStatus).toBe('NotAvailable');
    expect(result.status).toBe('Pending');
    expect(cond(result.conditions, 'TemplateReady')).toEqual({ status: 'False', reason: 'TemplateNotReady' });
    expect(aimServiceStatus('Progressing')).toBe('Starting');
    expect(aimServiceStatus('Ready')).toBe('Running');
    expect(aimServiceStatus('Degraded')).toBe('Degraded');
  });

  it('stamps observedGeneration on the conditions it sets', () => {
    const result = computeState({ health: [ready('A')], now: T0, observedGeneration: 4 });
    expect(result.conditions.every((c) => c.observedGeneration === 4)).toBe(true);
  });
});
