import { describe, expect, it } from 'vitest';
import { classifyHttpError } from '../../../shared/kube/errors.ts';
import { ERROR_CATEGORIES, StateError } from '../../../shared/reconcile/categorize.ts';
import {
  captureFetch,
  deriveState,
  fetched,
  fetchFailed,
  resolveHealth,
  toComponentHealth,
  toDownstreamComponentHealth,
  toUpstreamComponentHealth,
} from '../../../shared/reconcile/health.ts';

const notFound = classifyHttpError(404, { kind: 'Status', reason: 'NotFound', message: 'nope' });
const err = (category: StateError['category']) =>
  new StateError(category, `${category}Reason`, `${category} message`);

describe('deriveState (spec §5.2)', () => {
  it('is Ready without errors', () => expect(deriveState([])).toBe('Ready'));
  it.each([
    [ERROR_CATEGORIES.auth, 'Failed'],
    [ERROR_CATEGORIES.resourceExhaustion, 'Failed'],
    [ERROR_CATEGORIES.invalidSpec, 'Failed'],
    [ERROR_CATEGORIES.missingUpstreamDependency, 'Degraded'],
    [ERROR_CATEGORIES.infrastructure, 'Degraded'],
    [ERROR_CATEGORIES.missingDownstreamDependency, 'Progressing'],
    [ERROR_CATEGORIES.unknown, 'Progressing'],
  ] as const)('%s → %s', (category, state) => expect(deriveState([err(category)])).toBe(state));
  it('lets Failed categories win over Degraded ones', () => {
    expect(deriveState([err(ERROR_CATEGORIES.infrastructure), err(ERROR_CATEGORIES.auth)])).toBe('Failed');
  });
});

describe('resolveHealth', () => {
  it('fills reason and message from the first error, or Ready / empty without errors', () => {
    expect(resolveHealth({ component: 'A', errors: [] })).toMatchObject({
      state: 'Ready',
      reason: 'Ready',
      message: '',
    });
    expect(resolveHealth({ component: 'A', errors: [notFound, err('Auth')] })).toMatchObject({
      state: 'Failed',
      reason: 'NotFound',
      message: 'Resource not found',
    });
    expect(
      resolveHealth({ component: 'A', state: 'Pending', reason: 'Waiting', errors: [notFound] }),
    ).toMatchObject({
      state: 'Pending',
      reason: 'Waiting',
    });
  });
});

describe('fetch helpers', () => {
  it('captures rejections as values', async () => {
    expect(await captureFetch(Promise.resolve(3))).toEqual({ ok: true, value: 3 });
    const failure = new Error('x');
    expect(await captureFetch(() => Promise.reject(failure))).toEqual({ ok: false, error: failure });
  });

  it('toComponentHealth keeps the raw error and inspects values', () => {
    expect(toComponentHealth('Model', fetchFailed(notFound), () => ({}))).toEqual({
      component: 'Model',
      errors: [notFound],
    });
    expect(toComponentHealth('Model', fetched(1), (v) => ({ reason: `Got${v}` }))).toEqual({
      component: 'Model',
      reason: 'Got1',
      errors: [],
    });
  });

  it('toUpstreamComponentHealth turns NotFound into a blocking ReferenceNotFound', () => {
    const health = toUpstreamComponentHealth('Model', fetchFailed(notFound), () => ({}));
    expect(health.dependencyType).toBe('Upstream');
    expect(resolveHealth(health)).toMatchObject({
      state: 'Degraded',
      reason: 'ReferenceNotFound',
      message: 'Upstream dependency not found',
      errors: [expect.objectContaining({ category: 'MissingUpstreamDependency' })],
    });
    expect(toUpstreamComponentHealth('Model', fetched('m'), () => ({})).dependencyType).toBe('Upstream');
    expect(
      toUpstreamComponentHealth('Model', fetched('m'), () => ({ dependencyType: 'Downstream' as const }))
        .dependencyType,
    ).toBe('Downstream');
  });

  it('toDownstreamComponentHealth turns NotFound into a non-blocking ResourceNotReady', () => {
    const health = toDownstreamComponentHealth('Job', fetchFailed(notFound), () => ({}));
    expect(resolveHealth(health)).toMatchObject({
      state: 'Progressing',
      reason: 'ResourceNotReady',
      dependencyType: 'Downstream',
      errors: [expect.objectContaining({ category: 'MissingDownstreamDependency' })],
    });
    const forbidden = classifyHttpError(403, { kind: 'Status', reason: 'Forbidden', message: 'no' });
    expect(toDownstreamComponentHealth('Job', fetchFailed(forbidden), () => ({})).errors).toEqual([
      forbidden,
    ]);
  });
});
