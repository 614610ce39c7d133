import { describe, expect, it, vi } from 'vitest';
import { ACTIVATION_HOLD_MS, FunctionRoutes } from '../../../../local/platform/event-path.ts';
import type { RunningFunction } from '../../../../local/platform/functions.ts';

const instance = (url: string) => ({ url }) as RunningFunction;

describe('FunctionRoutes', () => {
  it('spreads deliveries over the running instances in turn', () => {
    const routes = new FunctionRoutes();
    routes.set('isvc-render', [instance('http://a'), instance('http://b')]);
    expect([
      routes.resolve('isvc-render'),
      routes.resolve('isvc-render'),
      routes.resolve('isvc-render'),
    ]).toEqual(['http://a', 'http://b', 'http://a']);
  });

  it('holds a delivery for a function scaled to zero until it is back, as Knative’s activator does', async () => {
    const routes = new FunctionRoutes();
    routes.set('service-resolve', [instance('http://old')]);
    routes.set('service-resolve', []);
    const held = routes.resolve('service-resolve');
    expect(held).toBeInstanceOf(Promise);
    let delivered: string | undefined;
    void (held as Promise<string | undefined>).then((url) => {
      delivered = url;
    });
    await Promise.resolve();
    expect(delivered).toBeUndefined();
    routes.set('service-resolve', [instance('http://new')]);
    expect(await held).toBe('http://new');
  });

  it('loses the deliveries of a function scaled to zero when told to, and of one that never ran here', async () => {
    const routes = new FunctionRoutes();
    routes.set('model-inspect', [instance('http://m')]);
    routes.set('model-inspect', [], 'lose');
    expect(routes.resolve('model-inspect')).toBeUndefined();
    expect(routes.resolve('cache-manage')).toBeUndefined();
  });

  it('gives a held delivery up after ACTIVATION_HOLD_MS, and forgets it', async () => {
    vi.useFakeTimers();
    try {
      const routes = new FunctionRoutes();
      routes.set('cache-manage', [instance('http://c')]);
      routes.set('cache-manage', []);
      const held = routes.resolve('cache-manage');
      vi.advanceTimersByTime(ACTIVATION_HOLD_MS);
      expect(await held).toBeUndefined();
      const waiting = (routes as unknown as { held: Map<string, unknown[]> }).held.get('cache-manage');
      expect(waiting).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('lets held deliveries go to nowhere when the platform stops', async () => {
    const routes = new FunctionRoutes();
    routes.set('template-discover', [instance('http://t')]);
    routes.set('template-discover', []);
    const held = routes.resolve('template-discover');
    routes.releaseAll();
    expect(await held).toBeUndefined();
  });
});
