import { describe, expect, it } from 'vitest';
import {
  ComponentHealthStatusSchema,
  DEPENDENCY_TYPE_VALUES,
  ERROR_CATEGORY_VALUES,
} from '../../../shared/api/common/component-health.ts';
import { ERROR_CATEGORIES, StateError } from '../../../shared/reconcile/categorize.ts';
import {
  componentHealthEntries,
  componentHealthOf,
  entryContribution,
} from '../../../shared/reconcile/component-health-status.ts';
import { type ComponentHealth, DEPENDENCY_TYPES, resolveHealth } from '../../../shared/reconcile/health.ts';

const NOW = new Date('2025-03-01T12:00:00.250Z');
const EARLIER = '2025-03-01T11:00:00Z';

const resolved = (...health: ComponentHealth[]) => health.map(resolveHealth);

describe('componentHealthEntries', () => {
  it('writes state, dependency type, reason, message, distinct categories and generation', () => {
    const errors = [
      new StateError(ERROR_CATEGORIES.infrastructure, 'ConnectionRefused', 'refused'),
      new StateError(ERROR_CATEGORIES.auth, 'Forbidden', 'forbidden'),
      new StateError(ERROR_CATEGORIES.infrastructure, 'Timeout', 'timed out'),
    ];
    const [entry] = componentHealthEntries(
      resolved({ component: 'Cache', errors, dependencyType: 'Downstream' }),
      { previous: [], now: NOW, observedGeneration: 3 },
    );
    expect(entry).toEqual({
      component: 'Cache',
      state: 'Failed',
      dependencyType: 'Downstream',
      reason: 'ConnectionRefused',
      message: 'refused',
      errorCategories: ['Infrastructure', 'Auth'],
      observedGeneration: 3,
      lastTransitionTime: '2025-03-01T12:00:00Z',
    });
    expect(ComponentHealthStatusSchema().safeParse(entry).success).toBe(true);
  });

  it('leaves out categories and dependency type when there are none', () => {
    const [entry] = componentHealthEntries(resolved({ component: 'Model', errors: [] }), {
      previous: [],
      now: NOW,
    });
    expect(entry).toEqual({
      component: 'Model',
      state: 'Ready',
      reason: 'Ready',
      message: '',
      lastTransitionTime: '2025-03-01T12:00:00Z',
    });
  });

  it('keeps lastTransitionTime while the state holds and moves it when the state changes', () => {
    const previous = [
      {
        component: 'Model',
        state: 'Progressing' as const,
        reason: 'A',
        message: '',
        lastTransitionTime: EARLIER,
      },
      {
        component: 'Template',
        state: 'Ready' as const,
        reason: 'B',
        message: '',
        lastTransitionTime: EARLIER,
      },
    ];
    const entries = componentHealthEntries(
      resolved(
        { component: 'Model', state: 'Progressing', reason: 'Other', message: 'new text', errors: [] },
        { component: 'Template', state: 'Failed', errors: [] },
      ),
      { previous, now: NOW },
    );
    expect(entries.map((entry) => [entry.component, entry.lastTransitionTime])).toEqual([
      ['Model', EARLIER],
      ['Template', '2025-03-01T12:00:00Z'],
    ]);
  });

  it('skips unnamed components and lets the last entry of a name win in the first one’s place', () => {
    const entries = componentHealthEntries(
      resolved(
        { component: 'Model', state: 'Failed', errors: [] },
        { component: '', state: 'Failed', errors: [] },
        { component: 'Template', errors: [] },
        { component: 'Model', state: 'Ready', errors: [] },
      ),
      { previous: [], now: NOW },
    );
    expect(entries.map((entry) => [entry.component, entry.state])).toEqual([
      ['Model', 'Ready'],
      ['Template', 'Ready'],
    ]);
  });
});

describe('entryContribution', () => {
  it('is the state for error and Pending states, else Pending upstream and Progressing otherwise', () => {
    expect(entryContribution({ state: 'Failed', dependencyType: 'Upstream' })).toBe('Failed');
    expect(entryContribution({ state: 'Progressing', dependencyType: 'Upstream' })).toBe('Pending');
    expect(entryContribution({ state: 'Progressing', dependencyType: 'Downstream' })).toBe('Progressing');
    expect(entryContribution({ state: 'Ready' })).toBe('Progressing');
  });
});

describe('the componentHealth schema', () => {
  it('allows exactly the error categories and dependency types the state engine uses', () => {
    expect([...ERROR_CATEGORY_VALUES].sort()).toEqual(Object.values(ERROR_CATEGORIES).sort());
    expect([...DEPENDENCY_TYPE_VALUES].sort()).toEqual(Object.values(DEPENDENCY_TYPES).sort());
  });
});

describe('componentHealthOf', () => {
  it('reads the list from a status and treats anything else as empty', () => {
    const list = [{ component: 'Model', state: 'Ready', reason: 'R', message: '' }];
    expect(componentHealthOf({ componentHealth: list })).toEqual(list);
    expect(componentHealthOf({})).toEqual([]);
    expect(componentHealthOf({ componentHealth: 'x' })).toEqual([]);
  });
});
