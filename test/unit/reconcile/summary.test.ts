import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AIM_STATUSES } from '../../../shared/constants/status.ts';
import { ERROR_CATEGORIES, type ErrorCategory, StateError } from '../../../shared/reconcile/categorize.ts';
import {
  type ComponentHealthStatus,
  componentHealthEntries,
} from '../../../shared/reconcile/component-health-status.ts';
import { type Condition, findCondition } from '../../../shared/reconcile/conditions.ts';
import type { ComponentHealth } from '../../../shared/reconcile/health.ts';
import { aimServiceStatus } from '../../../shared/reconcile/service-status.ts';
import { computeState } from '../../../shared/reconcile/state-engine.ts';
import { summarizeConditions } from '../../../shared/reconcile/summary.ts';

const NOW = new Date('2025-03-01T12:00:00Z');

/** What a component writer (writesSummary: false) leaves on the object. */
interface Written {
  conditions: Condition[];
  componentHealth: ComponentHealthStatus[];
}

/** A component writer: its component conditions, with their plain messages, and its componentHealth entries. */
function componentWriter(health: ComponentHealth[]): Written {
  const state = computeState({ health, now: NOW });
  const names = new Set(health.map((h) => `${h.component}Ready`));
  return {
    conditions: state.conditions.filter((c) => names.has(c.type)),
    componentHealth: componentHealthEntries(state.components, { previous: [], now: NOW }),
  };
}

const merge = (...writers: Written[]): Written => ({
  conditions: writers.flatMap((w) => w.conditions),
  componentHealth: writers.flatMap((w) => w.componentHealth),
});

/** The summary writer: its own component conditions over the others', then the summary. */
function summaryWriter(foreign: Written, own: ComponentHealth[]) {
  const state = computeState({ health: own, now: NOW });
  const ownTypes = new Set(own.map((h) => `${h.component}Ready`));
  const merged = [...foreign.conditions, ...state.conditions.filter((c) => ownTypes.has(c.type))];
  return summarizeConditions(merged, {
    now: NOW,
    health: own,
    components: foreign.componentHealth,
    statusMapping: aimServiceStatus,
  });
}

describe('component writers', () => {
  it('keep condition messages plain and put state and error categories in componentHealth', () => {
    const missing = new StateError(
      ERROR_CATEGORIES.missingUpstreamDependency,
      'ModelNotFound',
      'model "m" not found',
    );
    const written = componentWriter([{ component: 'Model', errors: [missing], dependencyType: 'Upstream' }]);
    expect(written.conditions).toEqual([
      expect.objectContaining({ type: 'ModelReady', status: 'False', message: 'model "m" not found' }),
    ]);
    expect(written.componentHealth).toEqual([
      {
        component: 'Model',
        state: 'Degraded',
        dependencyType: 'Upstream',
        reason: 'ModelNotFound',
        message: 'model "m" not found',
        errorCategories: ['MissingUpstreamDependency'],
        lastTransitionTime: '2025-03-01T12:00:00Z',
      },
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
    expect(failed.conditions.map((c) => [c.type, c.status, c.reason])).toEqual(
      progressing.conditions.map((c) => [c.type, c.status, c.reason]),
    );
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
    // Ready names the component and its own reason, not only the category (issue 14).
    expect(findCondition(summary.conditions, 'Ready')).toMatchObject({
      status: 'False',
      reason: 'TemplateNotFound',
      message: 'Component Template is not ready: template "t" not found',
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
    const summary = summaryWriter(merge(resolve, cache), []);
    expect(summary.status).toBe('Starting');
    // The component that keeps it Starting, with its own reason.
    expect(findCondition(summary.conditions, 'Ready')?.reason).toBe('CacheCreating');
  });

  it('reads a foreign False condition without a componentHealth entry as a Progressing component', () => {
    const conditions: Condition[] = [
      {
        type: 'CacheReady',
        status: 'False',
        reason: 'Whatever',
        message: 'hand-written',
        lastTransitionTime: '2025-03-01T11:00:00Z',
      },
    ];
    expect(summaryWriter({ conditions, componentHealth: [] }, []).status).toBe('Starting');
  });

  it('prefers its own health over a stored entry for the same component', () => {
    const denied = new StateError(ERROR_CATEGORIES.auth, 'Forbidden', 'old view: forbidden');
    const foreign = componentWriter([{ component: 'InferenceService', errors: [denied] }]);
    expect(summaryWriter({ conditions: [], componentHealth: foreign.componentHealth }, []).status).toBe(
      'Failed',
    );
    const summary = summaryWriter({ conditions: [], componentHealth: foreign.componentHealth }, [
      { component: 'InferenceService', errors: [], reason: 'RuntimeReady' },
    ]);
    expect(summary.status).toBe('Running');
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
    // The split is the pipeline's: each writer its conditions and componentHealth entries, the summary the rest.
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
        // Not blocked, Ready names the first failing component condition: the same text either way.
        if (!single.hasAuth && !single.hasInvalidSpec && !single.hasMissingUpstream) {
          expect(findCondition(summary.conditions, 'Ready')?.message).toBe(single.ready.message);
        }
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
