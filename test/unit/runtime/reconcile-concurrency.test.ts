import { describe, expect, it } from 'vitest';
import { definition as cacheManage } from '../../../functions/cache-manage/reconcilers.ts';
import { definition as isvcRender } from '../../../functions/isvc-render/reconcilers.ts';
import { definition as modelInspect } from '../../../functions/model-inspect/reconcilers.ts';
import { definition as serviceResolve } from '../../../functions/service-resolve/reconcilers.ts';
import { definition as templateDiscover } from '../../../functions/template-discover/reconcilers.ts';
import { createLogger } from '../../../shared/observability/logger.ts';
import { FunctionRuntime } from '../../../shared/runtime/function-runtime.ts';
import {
  DEFAULT_RECONCILE_CONCURRENCY,
  reconcileConcurrencyFromEnv,
  WAITING_RECONCILE_CONCURRENCY,
} from '../../../shared/runtime/reconcile-concurrency.ts';

describe('reconcileConcurrencyFromEnv', () => {
  it('defaults when unset or blank and takes a positive whole number', () => {
    expect(reconcileConcurrencyFromEnv({})).toBe(DEFAULT_RECONCILE_CONCURRENCY);
    expect(reconcileConcurrencyFromEnv({ AIM_RECONCILE_CONCURRENCY: ' ' })).toBe(
      DEFAULT_RECONCILE_CONCURRENCY,
    );
    expect(reconcileConcurrencyFromEnv({ AIM_RECONCILE_CONCURRENCY: '8' })).toBe(8);
  });

  it.each(['0', '-2', 'eight', '2.5'])('refuses %j, naming the variable', (value) => {
    expect(() => reconcileConcurrencyFromEnv({ AIM_RECONCILE_CONCURRENCY: value })).toThrow(
      /AIM_RECONCILE_CONCURRENCY/,
    );
  });
});

describe("a function's own default", () => {
  it('is used when the variable is unset, and the variable still wins', () => {
    expect(reconcileConcurrencyFromEnv({}, 8)).toBe(8);
    expect(reconcileConcurrencyFromEnv({ AIM_RECONCILE_CONCURRENCY: '2' }, 8)).toBe(2);
  });

  it('sizes the work queue of the function that declares it', () => {
    const sized = (reconcileConcurrency?: number) =>
      new FunctionRuntime(
        { name: 'model-inspect', reconcilers: [], ...(reconcileConcurrency ? { reconcileConcurrency } : {}) },
        { logger: createLogger({ function: 'model-inspect', level: 'silent' }) },
      ).queue.concurrency;
    const saved = process.env.AIM_RECONCILE_CONCURRENCY;
    delete process.env.AIM_RECONCILE_CONCURRENCY;
    try {
      expect(sized(8)).toBe(8);
      expect(sized()).toBe(DEFAULT_RECONCILE_CONCURRENCY);
    } finally {
      if (saved !== undefined) process.env.AIM_RECONCILE_CONCURRENCY = saved;
    }
  });

  it('is more workers for the two functions whose reconciles wait on registries and discovery Jobs', () => {
    expect(modelInspect.reconcileConcurrency).toBe(WAITING_RECONCILE_CONCURRENCY);
    expect(templateDiscover.reconcileConcurrency).toBe(WAITING_RECONCILE_CONCURRENCY);
    for (const definition of [serviceResolve, cacheManage, isvcRender])
      expect(definition.reconcileConcurrency).toBeUndefined();
  });
});
