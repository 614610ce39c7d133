import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AIM_STATUSES } from '../../../shared/constants/status.ts';
import { ERROR_CATEGORIES, type ErrorCategory, StateError } from '../../../shared/reconcile/categorize.ts';
import {
  markComponentConditions,
  markMessage,
  readMark,
  stripMark,
} from '../../../shared/reconcile/component-mark.ts';
import { type Condition, findCondition } from '../../../shared/reconcile/conditions.ts';
import type { ComponentHealth } from '../../../shared/reconcile/health.ts';
import { aimServiceStatus } from '../../../shared/reconcile/service-status.ts';
import { computeState } from '../../../shared/reconcile/state-engine.ts';
import { summarizeConditions } from '../../../shared/reconcile/summary.ts';

const NOW = new Date('2025-03-01T12:00:00Z');

/** What a component writer (writesSummary: false) leaves on the object: its marked component conditions. */
function componentWriter(health: ComponentHealth[]): Condition[] {
  const state = computeState({ health, now: NOW });
  const names = new Set(health.map((h) => `${h.component}Ready`));
  return markComponentConditions(state.conditions, state.components).filter((c) => names.has(c.type));
}

/** The summary writer: its own component conditions over the others', then the summary. */
function summaryWriter(foreign: Condition[], own: ComponentHealth[]) {
  const state = computeState({ health: own, now: NOW });
  const ownTypes = new Set(own.map((h) => `${h.component}Ready`));
  const merged = [...foreign, ...state.conditions.filter((c) => ownTypes.has(c.type))];
  return summarizeConditions(merged, { now: NOW, health: own, statusMapping: aimServiceStatus });
}

describe('component marks', () => {
  it('round-trips state and categories and leaves the human text intact', () => {
    const marked = markMessage('model "m" not found', {
      notReady: 'Failed',
      categories: ['MissingUpstreamDependency'],
    });
    expect(marked).toBe('model "m" not found [state: Failed; errors: MissingUpstreamDependency]');
    expect(readMark(marked)).toEqual({
      message: 'model "m" not found',
      mark: { notReady: 'Failed', categories: ['MissingUpstreamDependency'] },
    });
    expect(readMark(markMessage('', { notReady: 'Pending', categories: [] }))).toEqual({
      message: '',
      mark: { notReady: 'Pending', categories: [] },
    });
  });

  it('ignores text that only looks like a mark', () => {
    expect(readMark('see [state: Bogus]').mark).toBeUndefined();
    expect(readMark('[state: Failed] is in the middle').mark).toBeUndefined();
    expect(stripMark('plain message')).toBe('plain message');
  });

  it('leaves True error-free conditions unmarked', () => {
    const conditions = componentWriter([
      { component: 'Model', errors: [], reason: 'ModelResolved', message: 'ok' },
    ]);
    expect(conditions).toEqual([
      expect.objectContaining({ type: 'ModelReady', status: 'True', message: 'ok' }),
    ]);
  });
});

describe('summarizeConditions (multi-writer AIMService)', () => {
  it('tells a failed model from a progressing one although both read ModelReady=False ModelNotReady', () => {
    const failed = componentWriter([
      {
        component: 'Model',
        state: 'Failed',
        reason: 'ModelNotReady',
        message: 'AIMModel m is in failed state',
        errors: [],
        dependencyType: 'Upstream',
      },
    ]);
    const progressing = componentWriter([
      {
        component: 'Model',
        state: 'Progressing',
        reason: 'ModelNotReady',
        message: 'AIMModel m is not ready yet',
        errors: [],
        dependencyType: 'Upstream',
      },
    ]);
    expect(summaryWriter(failed, []).status).toBe('Failed');
    expect(summaryWriter(progressing, []).status).toBe('Pending');
    expect(findCondition(summaryWriter(failed, []).conditions, 'Ready')?.message).toBe(
      'Component Model is not ready: AIMModel m is in failed state',
    );
  });

  it('fails with ConfigValid=False ReferenceNotFound when another writer reports a missing template', () => {
    const missing = new StateError(
      ERROR_CATEGORIES.missingUpstreamDependency,
      'TemplateNotFound',
      'template "t" not found',
    );
    const foreign = componentWriter([
      { component: 'Template', errors: [missing], dependencyType: 'Upstream' },
    ]);
    const summary = summaryWriter(foreign, [
      { component: 'InferenceService', state: 'Progressing', reason: 'CreatingRuntime', errors: [] },
    ]);
    expect(summary.status).toBe('Failed');
    expect(findCondition(summary.conditions, 'ConfigValid')).toMatchObject({
      status: 'False',
      reason: 'ReferenceNotFound',
    });
    expect(findCondition(summary.conditions, 'Ready')).toMatchObject({
      status: 'False',
      reason: 'ReferenceNotFound',
      message: 'template "t" not found',
    });
  });

  it('is Starting while model and template are ready and the cache is being created', () => {
    const resolve = componentWriter([
      { component: 'Model', errors: [], reason: 'ModelResolved' },
      { component: 'Template', errors: [], reason: 'Resolved' },
    ]);
    const cache = componentWriter([
      {
        component: 'Cache',
        state: 'Progressing',
        reason: 'CacheCreating',
        errors: [],
        dependencyType: 'Downstream',
      },
    ]);
    const summary = summaryWriter([...resolve, ...cache], []);
    expect(summary.status).toBe('Starting');
    expect(findCondition(summary.conditions, 'Ready')?.reason).toBe('Progressing');
  });

  it('reads an unmarked foreign False condition as a Progressing component', () => {
    const foreign: Condition[] = [
      {
        type: 'CacheReady',
        status: 'False',
        reason: 'Whatever',
        message: 'hand-written',
        lastTransitionTime: '2025-03-01T11:00:00Z',
      },
    ];
    expect(summaryWriter(foreign, []).status).toBe('Starting');
  });

  const CATEGORIES = Object.values(ERROR_CATEGORIES) as ErrorCategory[];
  const entry = (component: string) =>
    fc
      .record(
        {
          state: fc.constantFrom(...AIM_STATUSES),
          reason: fc.constantFrom('', 'Found', 'NotReady'),
          message: fc.constantFrom('', 'msg', 'x [y]'),
          errors: fc.array(
            fc
              .record({ category: fc.constantFrom(...CATEGORIES), reason: fc.constantFrom('R1', 'R2') })
              .map(({ category, reason }) => new StateError(category, reason, `${category} happened`)),
            { maxLength: 2 },
          ),
          dependencyType: fc.constantFrom('Upstream' as const, 'Downstream' as const),
        },
        { requiredKeys: ['errors'] },
      )
      .map((fields): ComponentHealth => ({ component, ...fields }));

  it('agrees with the single-writer state engine on status, Ready and the lazy conditions', () => {
    const split = fc
      .uniqueArray(
        fc.constantFrom('Model', 'Template', 'RuntimeConfig', 'Cache', 'InferenceService', 'HTTPRoute'),
        {
          minLength: 1,
        },
      )
      .chain((names) => fc.tuple(fc.tuple(...names.map(entry)), fc.integer({ min: 0, max: names.length })));
    fc.assert(
      fc.property(split, ([health, cut]) => {
        const foreignHealth = health.slice(0, cut);
        const ownHealth = health.slice(cut);
        const single = computeState({ health, now: NOW, statusMapping: aimServiceStatus });
        const summary = summaryWriter(componentWriter(foreignHealth), ownHealth);
        expect(summary.status).toBe(single.status);
        for (const type of ['Ready', 'ConfigValid', 'AuthValid', 'DependenciesReachable']) {
          const a = findCondition(summary.conditions, type);
          const b = findCondition(single.conditions, type);
          expect(a && { status: a.status, reason: a.reason }).toEqual(
            b && { status: b.status, reason: b.reason },
          );
        }
      }),
    );
  });
});
