import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FairPending, type Priority } from '../../../shared/runtime/fair-pending.ts';

function drainInOrder(pending: FairPending): string[] {
  const order: string[] = [];
  for (let key = pending.shift(); key !== undefined; key = pending.shift()) order.push(key);
  return order;
}

describe('FairPending', () => {
  it('serves a bucket that starts waiting behind a flood after at most one key of the flood', () => {
    const pending = new FairPending();
    for (let i = 0; i < 1000; i++) pending.push('AIMModel|flood', `model-${i}`, 'event');
    expect(pending.shift()).toBe('model-0');
    pending.push('AIMService|team-a', 'svc', 'event');
    const order = drainInOrder(pending);
    expect(order.indexOf('svc')).toBe(1);
    expect(order.filter((key) => key !== 'svc')).toEqual(
      Array.from({ length: 999 }, (_, i) => `model-${i + 1}`),
    );
  });

  it('alternates between buckets one key at a time, each bucket in the order it was queued', () => {
    const pending = new FairPending();
    for (const key of ['a1', 'a2', 'a3']) pending.push('A', key, 'event');
    for (const key of ['b1', 'b2']) pending.push('B', key, 'event');
    pending.push('C', 'c1', 'event');
    expect(drainInOrder(pending)).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'a3']);
    expect(pending.size).toBe(0);
  });

  it('hands out every event before any resync key, whatever the buckets', () => {
    const pending = new FairPending();
    pending.push('A', 'r1', 'resync');
    pending.push('B', 'r2', 'resync');
    pending.push('A', 'e1', 'event');
    pending.push('C', 'e2', 'event');
    expect(drainInOrder(pending)).toEqual(['e1', 'e2', 'r1', 'r2']);
  });

  it('hands out events, then dependents, then resync keys, whatever the buckets', () => {
    const pending = new FairPending();
    pending.push('A', 'r1', 'resync');
    pending.push('A', 'd1', 'dependent');
    pending.push('B', 'e1', 'event');
    pending.push('B', 'd2', 'dependent');
    pending.push('A', 'e2', 'event');
    expect(drainInOrder(pending)).toEqual(['e1', 'e2', 'd1', 'd2', 'r1']);
  });

  it('removes a key (a resync key promoted to an event) and drops a bucket left empty from the turns', () => {
    const pending = new FairPending();
    pending.push('A', 'a1', 'resync');
    pending.push('B', 'b1', 'resync');
    expect(pending.remove('A', 'a1', 'resync')).toBe(true);
    expect(pending.remove('A', 'a1', 'resync')).toBe(false);
    pending.push('A', 'a1', 'event');
    expect(pending.size).toBe(2);
    expect(drainInOrder(pending)).toEqual(['a1', 'b1']);
  });

  it('drain() returns every waiting key and leaves nothing', () => {
    const pending = new FairPending();
    pending.push('A', 'a1', 'event');
    pending.push('B', 'b1', 'resync');
    expect(pending.drain().sort()).toEqual(['a1', 'b1']);
    expect(pending.size).toBe(0);
    expect(pending.shift()).toBeUndefined();
  });

  it('for any pushes: each bucket keeps its order, and no key waits behind two keys of another bucket queued before it', () => {
    const push = fc.record({
      bucket: fc.constantFrom('A', 'B', 'C', 'D'),
      priority: fc.constantFrom<Priority>('event', 'resync'),
    });
    fc.assert(
      fc.property(fc.array(push, { maxLength: 200 }), (pushes) => {
        const pending = new FairPending();
        const queued = pushes.map((p, i) => ({ ...p, key: `k${i}` }));
        for (const { bucket, key, priority } of queued) pending.push(bucket, key, priority);
        const order = drainInOrder(pending);
        expect(order).toHaveLength(queued.length);
        const position = new Map(order.map((key, index) => [key, index]));
        for (const priority of ['event', 'resync'] as const) {
          const ofPriority = queued.filter((p) => p.priority === priority);
          for (const bucket of ['A', 'B', 'C', 'D']) {
            const keys = ofPriority.filter((p) => p.bucket === bucket).map((p) => p.key);
            const served = order.filter((key) => keys.includes(key));
            expect(served).toEqual(keys);
          }
          // The n-th key of a bucket runs before the (n+1)-th key of any other bucket.
          const rank = new Map<string, number>();
          const seen = new Map<string, number>();
          for (const p of ofPriority) {
            const n = seen.get(p.bucket) ?? 0;
            rank.set(p.key, n);
            seen.set(p.bucket, n + 1);
          }
          for (const a of ofPriority)
            for (const b of ofPriority)
              if (a.bucket !== b.bucket && rank.get(b.key)! > rank.get(a.key)!)
                expect(position.get(a.key)!).toBeLessThan(position.get(b.key)!);
        }
        const lastEvent = Math.max(
          -1,
          ...queued.filter((p) => p.priority === 'event').map((p) => position.get(p.key)!),
        );
        const firstResync = Math.min(
          order.length,
          ...queued.filter((p) => p.priority === 'resync').map((p) => position.get(p.key)!),
        );
        expect(lastEvent).toBeLessThan(firstResync);
      }),
      { seed: 14, numRuns: 200 },
    );
  });
});
