/**
 * Issue 14: the top-level Ready condition names the component that decides the status, with that
 * component's own reason and message, for every kind (state engine) and for the multi-writer
 * AIMService summary alike.
 */
import { describe, expect, it } from 'vitest';
import { ERROR_CATEGORIES, StateError } from '../../../shared/reconcile/categorize.ts';
import { conditionTransitionEvents } from '../../../shared/reconcile/condition-events.ts';
import { findCondition } from '../../../shared/reconcile/conditions.ts';
import type { ComponentHealth } from '../../../shared/reconcile/health.ts';
import { aggregateReadiness } from '../../../shared/reconcile/readiness.ts';
import { computeState } from '../../../shared/reconcile/state-engine.ts';
import { summarizeConditions } from '../../../shared/reconcile/summary.ts';

const T0 = new Date('2026-01-01T00:00:00Z');
const NO_FLAGS = { hasInfra: false, hasAuth: false, hasInvalidSpec: false, hasMissingUpstream: false };

function readyOf(health: ComponentHealth[]) {
  const result = computeState({ health, now: T0 });
  return { status: result.aimStatus, ready: findCondition(result.conditions, 'Ready') };
}

const ok = (component: string): ComponentHealth => ({ component, errors: [] });
const invalid = (component: string, reason: string, message: string): ComponentHealth => ({
  component,
  errors: [new StateError(ERROR_CATEGORIES.invalidSpec, reason, message)],
});

describe('Ready names the deciding component (issue 14)', () => {
  it('a blocking invalid spec: Failed, Ready = that component’s reason and message', () => {
    const { status, ready } = readyOf([
      ok('RuntimeConfig'),
      invalid('ImageMetadata', 'InvalidImageReference', 'spec.image "A B" is not a valid image reference'),
    ]);
    expect(status).toBe('Failed');
    expect(ready).toMatchObject({
      status: 'False',
      reason: 'InvalidImageReference',
      message: 'Component ImageMetadata is not ready: spec.image "A B" is not a valid image reference',
    });
  });

  it('the worst component wins over an earlier, milder one', () => {
    const { status, ready } = readyOf([
      { component: 'Jobs', state: 'Progressing', reason: 'JobRunning', message: 'running', errors: [] },
      {
        component: 'GPU',
        state: 'NotAvailable',
        reason: 'GPUNotAvailable',
        message: 'no MI300X',
        errors: [],
      },
    ]);
    expect(status).toBe('NotAvailable');
    expect(ready).toMatchObject({
      reason: 'GPUNotAvailable',
      message: 'Component GPU is not ready: no MI300X',
    });
  });

  it('Pending on a missing upstream choice: Ready says which and why, not just "Progressing"', () => {
    const { status, ready } = readyOf([
      ok('Model'),
      {
        component: 'Template',
        state: 'Pending',
        reason: 'TemplateNotFound',
        message: 'No template found for service: none of 2 templates match',
        errors: [],
        dependencyType: 'Upstream',
      },
    ]);
    expect(status).toBe('Pending');
    expect(ready).toMatchObject({
      reason: 'TemplateNotFound',
      message: 'Component Template is not ready: No template found for service: none of 2 templates match',
    });
  });

  it('an infrastructure retry: Degraded, Ready names the unreachable dependency', () => {
    const unreachable = new StateError(
      ERROR_CATEGORIES.infrastructure,
      'ImageRegistryUnreachable',
      'registry reg.example is unreachable for reg.example/m:1: timed out after 10000 ms',
    );
    const { status, ready } = readyOf([
      { component: 'Templates', state: 'Progressing', reason: 'AwaitingMetadata', errors: [] },
      { component: 'ImageMetadata', state: 'Progressing', errors: [unreachable] },
    ]);
    expect(status).toBe('Degraded');
    expect(ready).toMatchObject({
      reason: 'ImageRegistryUnreachable',
      message: expect.stringContaining('reg.example/m:1: timed out after 10000 ms'),
    });
  });

  it('all ready: AllComponentsReady', () => {
    expect(readyOf([ok('A'), ok('B')]).ready).toMatchObject({ status: 'True', reason: 'AllComponentsReady' });
  });

  it('falls back to the generic words when no condition carries the cause (unnamed component)', () => {
    const conditions = [
      { type: 'AReady', status: 'True' as const, reason: 'Ok', message: '', lastTransitionTime: '' },
    ];
    const blocked = aggregateReadiness(conditions, new Map(), { ...NO_FLAGS, hasInvalidSpec: true }, 'bad');
    expect(blocked.ready).toMatchObject({ reason: 'InvalidSpec', message: 'bad' });
    expect(blocked.status).toBe('Failed');
  });

  it('the multi-writer summary names a foreign component from its componentHealth entry', () => {
    const conditions = [
      {
        type: 'ModelReady',
        status: 'False' as const,
        reason: 'ModelAmbiguous',
        message: '2 models use image x',
        lastTransitionTime: '',
      },
      {
        type: 'TemplateReady',
        status: 'False' as const,
        reason: 'TemplateNotFound',
        message: 'no model',
        lastTransitionTime: '',
      },
    ];
    const summary = summarizeConditions(conditions, {
      now: T0,
      components: [
        {
          component: 'Model',
          state: 'Failed',
          reason: 'ModelAmbiguous',
          message: '2 models use image x',
          errorCategories: ['InvalidSpec'],
        },
        {
          component: 'Template',
          state: 'Pending',
          reason: 'TemplateNotFound',
          message: 'no model',
          dependencyType: 'Upstream',
        },
      ],
    });
    expect(summary.aimStatus).toBe('Failed');
    expect(summary.ready).toMatchObject({
      reason: 'ModelAmbiguous',
      message: 'Component Model is not ready: 2 models use image x',
    });
    expect(findCondition(summary.conditions, 'ConfigValid')?.reason).toBe('InvalidSpec');
  });
});

describe('events for a Ready condition that repeats a component (issue 14)', () => {
  const context = { overall: 'Failed' as const, contributionOf: () => 'Failed' as const };
  const at = (type: string, status: 'True' | 'False', reason: string) => ({
    type,
    status,
    reason,
    message: `${type} ${reason}`,
    lastTransitionTime: '',
  });

  it('the component’s transition makes the one event; Ready repeating it makes none', () => {
    const next = [
      at('ImageMetadataReady', 'False', 'InvalidImageReference'),
      at('Ready', 'False', 'InvalidImageReference'),
    ];
    const events = conditionTransitionEvents([], next, context);
    expect(events.map((event) => [event.conditionType, event.type, event.reason])).toEqual([
      ['ImageMetadataReady', 'Warning', 'InvalidImageReference'],
    ]);
  });

  it('a summary Ready repeating a component another function writes makes no event either', () => {
    // isvc-render writes Ready; cache-manage wrote CacheReady, which is only in what was read.
    const previous = [at('CacheReady', 'False', 'CacheNotReady'), at('Ready', 'False', 'ModelNotReady')];
    const events = conditionTransitionEvents(previous, [at('Ready', 'False', 'CacheNotReady')], context);
    expect(events).toEqual([]);
  });

  it('Ready turning True, or with words of its own, still makes an event', () => {
    const previous = [at('ModelReady', 'False', 'ModelNotReady'), at('Ready', 'False', 'ModelNotReady')];
    const ready = conditionTransitionEvents(
      previous,
      [at('ModelReady', 'True', 'ModelResolved'), at('Ready', 'True', 'AllComponentsReady')],
      context,
    );
    expect(ready.map((event) => event.conditionType)).toEqual(['ModelReady', 'Ready']);
    const generic = conditionTransitionEvents([], [at('Ready', 'False', 'InvalidSpec')], context);
    expect(generic.map((event) => event.reason)).toEqual(['InvalidSpec']);
  });
});
