import { describe, expect, it } from 'vitest';
import { ReconcileMemory } from '../../../shared/runtime/reconcile-memory.ts';

const ok = (resourceVersion: string) => ({ result: 'reconciled' as const, resourceVersion, apiRequests: 1 });

describe('ReconcileMemory: the inputs of the last finished reconcile', () => {
  it('remembers them per key until a reconcile of the key starts again', () => {
    const memory = new ReconcileMemory();
    memory.reconciled('a', ok('5'), '{"generation":1}');
    expect(memory.sameInputs('a', '{"generation":1}')).toBe(true);
    expect(memory.sameInputs('a', '{"generation":2}')).toBe(false);
    expect(memory.sameInputs('b', '{"generation":1}')).toBe(false);

    // A run that then fails (and is answered 503 for redelivery) must not let the redelivered
    // event be skipped for inputs it never accounted for.
    memory.starting('a');
    expect(memory.sameInputs('a', '{"generation":1}')).toBe(false);
  });

  it('forgets them when the inputs are unknown, the object is gone, or pruned', () => {
    const memory = new ReconcileMemory();
    memory.reconciled('k|ns|a', ok('5'), 'x');
    memory.reconciled('k|ns|a', ok('6'));
    expect(memory.sameInputs('k|ns|a', 'x')).toBe(false);

    memory.reconciled('k|ns|a', ok('7'), 'x');
    memory.reconciled('k|ns|a', { result: 'not-found', apiRequests: 1 }, 'x');
    expect(memory.sameInputs('k|ns|a', 'x')).toBe(false);

    memory.reconciled('k|ns|b', ok('8'), 'y');
    memory.prune(new Set(), 'k|');
    expect(memory.sameInputs('k|ns|b', 'y')).toBe(false);
  });
});
