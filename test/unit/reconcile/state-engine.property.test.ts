import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AIM_STATUSES } from '../../../shared/constants/status.ts';
import { ERROR_CATEGORIES, type ErrorCategory, StateError } from '../../../shared/reconcile/categorize.ts';
import type { Condition } from '../../../shared/reconcile/conditions.ts';
import { type ComponentHealth, resolveHealth } from '../../../shared/reconcile/health.ts';
import { computeState } from '../../../shared/reconcile/state-engine.ts';
import { isBlocked } from '../../../shared/reconcile/state-flags.ts';

const CATEGORIES = Object.values(ERROR_CATEGORIES) as ErrorCategory[];
const NAMES = ['Model', 'Template', 'Cache', 'Pods', 'Job', ''];
const BASE = Date.parse('2025-01-01T00:00:00Z');

const stateError = fc
  .record({
    category: fc.constantFrom(...CATEGORIES),
    reason: fc.constantFrom('R1', 'R2', 'Gone'),
    message: fc.string(),
  })
  .map(({ category, reason, message }) => new StateError(category, reason, message));

const healthEntry = (component: string): fc.Arbitrary<ComponentHealth> =>
  fc
    .record(
      {
        state: fc.constantFrom(...AIM_STATUSES),
        reason: fc.constantFrom('', 'Found', 'NotReady'),
        message: fc.string({ maxLength: 20 }),
        errors: fc.array(fc.oneof(stateError, fc.constant(new Error('boom'))), { maxLength: 2 }),
        dependencyType: fc.constantFrom('Upstream' as const, 'Downstream' as const),
      },
      { requiredKeys: ['errors'] },
    )
    .map((entry) => ({ component, ...entry }));

/** Health with unique component names (duplicates are a caller bug the engine tolerates but not a case worth stating). */
const health = fc
  .uniqueArray(fc.constantFrom(...NAMES), { maxLength: NAMES.length })
  .chain((names) => fc.tuple(...names.map(healthEntry)));

const TYPES = [
  'ModelReady',
  'CacheReady',
  'StaleReady',
  'Ready',
  'DependenciesReachable',
  'AuthValid',
  'ConfigValid',
  'Discovered',
];
const previousConditions = fc.uniqueArray(
  fc.record({
    type: fc.constantFrom(...TYPES),
    status: fc.constantFrom('True' as const, 'False' as const, 'Unknown' as const),
    reason: fc.constantFrom('Old', 'Ready', 'InfrastructureError'),
    message: fc.string({ maxLength: 10 }),
    lastTransitionTime: fc
      .integer({ min: 0, max: 120 })
      .map((s) => new Date(BASE + s * 1000).toISOString().replace('.000Z', 'Z')),
  }),
  { selector: (condition) => condition.type, maxLength: TYPES.length },
) as fc.Arbitrary<Condition[]>;

const now = fc.integer({ min: 0, max: 200 }).map((s) => new Date(BASE + s * 1000));

describe('computeState properties', () => {
  it('never throws and always yields a known status and a Ready condition', () => {
    fc.assert(
      fc.property(health, previousConditions, now, (h, previous, at) => {
        const result = computeState({ health: h, previousConditions: previous, now: at });
        expect(AIM_STATUSES).toContain(result.status);
        expect(result.ready.type).toBe('Ready');
        expect(new Set(result.conditions.map((c) => c.type)).size).toBe(result.conditions.length);
      }),
    );
  });

  it('Ready=True exactly when nothing blocks and every named component is Ready (fresh object)', () => {
    fc.assert(
      fc.property(health, now, (h, at) => {
        const result = computeState({ health: h, now: at });
        const allReady = h
          .filter((entry) => entry.component !== '')
          .every((entry) => resolveHealth(entry).state === 'Ready');
        expect(result.ready.status === 'True').toBe(!isBlocked(result) && allReady);
      }),
    );
  });

  it('a Failed component makes the object Failed unless infrastructure errors make it Degraded', () => {
    fc.assert(
      fc.property(health, previousConditions, now, (h, previous, at) => {
        const result = computeState({ health: h, previousConditions: previous, now: at });
        const failed = h.some((entry) => entry.component !== '' && resolveHealth(entry).state === 'Failed');
        if (failed && !result.hasInfra) expect(result.status).toBe('Failed');
        if (isBlocked(result)) expect(result.status).toBe('Failed');
      }),
    );
  });

  it('is idempotent: feeding its conditions back with the same health changes nothing', () => {
    fc.assert(
      fc.property(health, previousConditions, now, (h, previous, at) => {
        const first = computeState({ health: h, previousConditions: previous, now: at });
        const second = computeState({ health: h, previousConditions: first.conditions, now: at });
        expect(second.conditions).toEqual(first.conditions);
        expect(second.status).toBe(first.status);
      }),
    );
  });

  it('keeps lastTransitionTime of every condition whose status and reason did not change', () => {
    fc.assert(
      fc.property(health, previousConditions, now, (h, previous, at) => {
        const result = computeState({ health: h, previousConditions: previous, now: at });
        for (const before of previous) {
          const after = result.conditions.find((c) => c.type === before.type);
          expect(after).toBeDefined();
          if (after && after.status === before.status && after.reason === before.reason) {
            expect(after.lastTransitionTime).toBe(before.lastTransitionTime);
          }
        }
      }),
    );
  });
});
