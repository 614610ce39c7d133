import { afterEach, describe, expect, it, vi } from 'vitest';
import { isRetryableError } from '../../../shared/reconcile/retryable-error.ts';
import { type Priority, QueueStoppedError, WorkQueue } from '../../../shared/runtime/work-queue.ts';

interface Run {
  request: string;
  finish: () => void;
  fail: (err: unknown) => void;
}

/** A queue whose runs wait until the test finishes them; requests are "key:payload". */
function controlledQueue(
  concurrency: number,
  merge?: (a: string, b: string) => string,
  bucketOf?: (key: string) => string,
) {
  const runs: Run[] = [];
  let active = 0;
  let maxActive = 0;
  const queue = new WorkQueue<string>({
    concurrency,
    ...(merge ? { merge } : {}),
    ...(bucketOf ? { bucketOf } : {}),
    run: (request) =>
      new Promise<void>((resolve, reject) => {
        active += 1;
        maxActive = Math.max(maxActive, active);
        const done = (settle: () => void) => () => {
          active -= 1;
          settle();
        };
        runs.push({ request, finish: done(resolve), fail: (err) => done(() => reject(err))() });
      }),
  });
  const enqueue = (key: string, payload = key, priority: Priority = 'event') =>
    track(queue.enqueue(key, payload, priority));
  return { queue, runs, enqueue, maxActive: () => maxActive, started: () => runs.map((r) => r.request) };
}

/** A promise's state, readable synchronously after microtasks ran. */
function track(promise: Promise<void>) {
  const state: { outcome: 'pending' | 'resolved' | 'rejected'; error?: unknown } = { outcome: 'pending' };
  promise.then(
    () => {
      state.outcome = 'resolved';
    },
    (error: unknown) => {
      state.outcome = 'rejected';
      state.error = error;
    },
  );
  return state;
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

afterEach(() => vi.useRealTimers());

describe('WorkQueue', () => {
  it('tells whether a key is queued or running, and not once its run is over', async () => {
    const q = controlledQueue(1);
    q.enqueue('busy');
    q.enqueue('k');
    await settle();
    expect([q.queue.has('busy'), q.queue.has('k'), q.queue.has('other')]).toEqual([true, true, false]);
    q.runs[0]!.finish();
    await settle();
    expect([q.queue.has('busy'), q.queue.has('k')]).toEqual([false, true]);
    q.runs[1]!.finish();
    await settle();
    expect(q.queue.has('k')).toBe(false);
  });

  it('coalesces enqueues of a queued key into one run whose outcome every waiter gets', async () => {
    const q = controlledQueue(1, (a, b) => `${a}+${b}`);
    const blocker = q.enqueue('busy');
    await settle();
    const waiters = [q.enqueue('k', 'one'), q.enqueue('k', 'two'), q.enqueue('k', 'three')];
    expect(q.queue.depth).toBe(1);
    q.runs[0]!.finish();
    await settle();
    expect(q.started()).toEqual(['busy', 'one+two+three']);
    expect(waiters.map((w) => w.outcome)).toEqual(['pending', 'pending', 'pending']);
    q.runs[1]!.finish();
    await settle();
    expect(blocker.outcome).toBe('resolved');
    expect(waiters.map((w) => w.outcome)).toEqual(['resolved', 'resolved', 'resolved']);
    expect(q.runs).toHaveLength(2);
  });

  it('runs a key enqueued while it runs exactly once more, after the current run', async () => {
    const q = controlledQueue(2);
    const first = q.enqueue('k', 'v1');
    await settle();
    const second = q.enqueue('k', 'v2');
    const third = q.enqueue('k', 'v3');
    await settle();
    expect(q.started()).toEqual(['v1']);
    q.runs[0]!.finish();
    await settle();
    expect(first.outcome).toBe('resolved');
    expect(second.outcome).toBe('pending');
    expect(q.started()).toEqual(['v1', 'v3']);
    q.runs[1]!.finish();
    await settle();
    expect([second.outcome, third.outcome]).toEqual(['resolved', 'resolved']);
    expect(q.runs).toHaveLength(2);
    expect(q.queue.active).toBe(0);
  });

  it('never runs more than `concurrency` at once and starts keys first queued, first run', async () => {
    const q = controlledQueue(3);
    const keys = Array.from({ length: 10 }, (_, i) => `k${i}`);
    const waiters = keys.map((key) => q.enqueue(key));
    await settle();
    expect(q.started()).toEqual(['k0', 'k1', 'k2']);
    for (let finished = 0; finished < keys.length; finished += 1) {
      expect(q.queue.active).toBeLessThanOrEqual(3);
      q.runs[finished]!.finish();
      await settle();
    }
    expect(q.started()).toEqual(keys);
    expect(q.maxActive()).toBe(3);
    expect(waiters.every((w) => w.outcome === 'resolved')).toBe(true);
  });

  it('a flood of 1,000 keys of one kind delays a single key of another kind by at most one round', async () => {
    // Keys are "kind|namespace|name"; the bucket is kind and namespace, as the function runtime uses.
    const q = controlledQueue(4, undefined, (key) => key.slice(0, key.lastIndexOf('|')));
    const flood = Array.from({ length: 1000 }, (_, i) => q.enqueue(`AIMModel|ns|m${i}`));
    await settle();
    const lone = q.enqueue('AIMService|ns|svc');
    expect(q.started()).toHaveLength(4);
    // One round: the flood's bucket already had its turn queued, so at most one more of its keys
    // starts before the other kind's key; without buckets it would wait behind all 996.
    q.runs[0]!.finish();
    await settle();
    q.runs[1]!.finish();
    await settle();
    expect(q.started().slice(4)).toEqual(['AIMModel|ns|m4', 'AIMService|ns|svc']);
    q.runs[5]!.finish();
    await settle();
    expect(lone.outcome).toBe('resolved');
    for (let i = 1; i < q.runs.length; i += 1) {
      q.runs[i]!.finish();
      await settle();
    }
    expect(q.started()).toHaveLength(1001);
    expect(flood.every((w) => w.outcome === 'resolved')).toBe(true);
    // The flood itself still runs first queued, first run.
    const models = q.started().filter((key) => key.startsWith('AIMModel'));
    expect(models).toEqual(Array.from({ length: 1000 }, (_, i) => `AIMModel|ns|m${i}`));
  });

  it('takes turns between namespaces of one kind and keeps a rerun behind the keys its bucket already queued', async () => {
    const q = controlledQueue(1, undefined, (key) => key.slice(0, key.lastIndexOf('|')));
    q.enqueue('M|a|busy');
    await settle();
    for (const name of ['a1', 'a2', 'a3']) q.enqueue(`M|a|${name}`);
    q.enqueue('M|b|b1');
    q.enqueue('M|a|busy', 'M|a|busy-again');
    for (let i = 0; i < 6; i += 1) {
      q.runs[i]!.finish();
      await settle();
    }
    expect(q.started()).toEqual(['M|a|busy', 'M|a|a1', 'M|b|b1', 'M|a|a2', 'M|a|a3', 'M|a|busy-again']);
  });

  it('queues a due timer behind events, as background work', async () => {
    vi.useFakeTimers();
    const q = controlledQueue(1);
    q.enqueue('busy');
    await vi.advanceTimersByTimeAsync(0);
    q.queue.later('retry', 'retry', 10);
    await vi.advanceTimersByTimeAsync(10);
    q.enqueue('new', 'new', 'event');
    q.runs[0]!.finish();
    await vi.advanceTimersByTimeAsync(0);
    q.runs[1]!.finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(q.started()).toEqual(['busy', 'new', 'retry']);
  });

  it('runs event work before resync work and promotes a queued resync key an event asks for', async () => {
    const q = controlledQueue(1);
    q.enqueue('busy');
    await settle();
    q.enqueue('r1', 'r1', 'resync');
    q.enqueue('r2', 'r2', 'resync');
    q.enqueue('r3', 'r3', 'resync');
    q.enqueue('e1', 'e1', 'event');
    q.enqueue('r2', 'r2-by-event', 'event');
    q.enqueue('r3', 'r3-again', 'resync');
    for (let i = 0; i < 5; i += 1) {
      q.runs[i]!.finish();
      await settle();
    }
    expect(q.started()).toEqual(['busy', 'e1', 'r2-by-event', 'r1', 'r3-again']);
  });

  it('runs dependents after events and before resync work, promoting a queued dependent an event asks for', async () => {
    const q = controlledQueue(1);
    q.enqueue('busy');
    await settle();
    q.enqueue('r1', 'r1', 'resync');
    q.enqueue('d1', 'd1', 'dependent');
    q.enqueue('d2', 'd2', 'dependent');
    q.enqueue('r1', 'r1-as-dependent', 'dependent');
    q.enqueue('e1', 'e1', 'event');
    q.enqueue('d2', 'd2-by-event', 'event');
    q.enqueue('e1', 'e1-again', 'dependent');
    for (let i = 0; i < 5; i += 1) {
      q.runs[i]!.finish();
      await settle();
    }
    expect(q.started()).toEqual(['busy', 'e1-again', 'd2-by-event', 'd1', 'r1-as-dependent']);
  });

  it('gives the rerun after a running key event priority when any request for it was an event', async () => {
    const q = controlledQueue(1);
    q.enqueue('k', 'k1');
    await settle();
    q.enqueue('r', 'r', 'resync');
    q.enqueue('k', 'k2', 'resync');
    q.enqueue('k', 'k3', 'event');
    q.runs[0]!.finish();
    await settle();
    expect(q.started()).toEqual(['k1', 'k3']);
  });

  it('rejects only the waiters of a failing run; other keys and the next run are unaffected', async () => {
    const q = controlledQueue(1);
    q.enqueue('busy');
    await settle();
    const failing = [q.enqueue('bad'), q.enqueue('bad')];
    const good = q.enqueue('good');
    q.runs[0]!.finish();
    await settle();
    expect(q.started()).toEqual(['busy', 'bad']);
    const afterwards = q.enqueue('bad', 'bad-again');
    const boom = new Error('boom');
    q.runs[1]!.fail(boom);
    await settle();
    expect(failing.map((w) => [w.outcome, w.error])).toEqual([
      ['rejected', boom],
      ['rejected', boom],
    ]);
    expect(q.started()).toEqual(['busy', 'bad', 'good']);
    q.runs[2]!.finish();
    await settle();
    expect(good.outcome).toBe('resolved');
    expect(afterwards.outcome).toBe('pending');
    q.runs[3]!.finish();
    await settle();
    expect(q.started()).toEqual(['busy', 'bad', 'good', 'bad-again']);
    expect(afterwards.outcome).toBe('resolved');
  });

  it('treats a run that throws synchronously as a failed run', async () => {
    const queue = new WorkQueue<string>({
      concurrency: 1,
      run: () => {
        throw new Error('sync throw');
      },
    });
    await expect(queue.enqueue('k', 'k')).rejects.toThrow('sync throw');
    await expect(queue.enqueue('k', 'k')).rejects.toThrow('sync throw');
  });

  it('later() keeps the earliest timer of a key and queues it when due', async () => {
    vi.useFakeTimers();
    const q = controlledQueue(1);
    q.queue.later('k', 'at-1000', 1000);
    q.queue.later('k', 'at-5000', 5000);
    q.queue.later('j', 'j-at-2000', 2000);
    await vi.advanceTimersByTimeAsync(999);
    expect(q.runs).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(q.started()).toEqual(['at-1000']);
    q.queue.later('k', 'at-300', 300);
    q.queue.later('k', 'at-100', 100);
    q.runs[0]!.finish();
    await vi.advanceTimersByTimeAsync(100);
    expect(q.started()).toEqual(['at-1000', 'at-100']);
    q.runs[1]!.finish();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(q.started()).toEqual(['at-1000', 'at-100', 'j-at-2000']);
  });

  it('stop() rejects queued waiters as retryable, drops timers, and lets the running run finish', async () => {
    vi.useFakeTimers();
    const q = controlledQueue(1);
    const running = q.enqueue('a');
    await vi.advanceTimersByTimeAsync(0);
    const queued = q.enqueue('b');
    const rerun = q.enqueue('a', 'a-again');
    q.queue.later('c', 'c', 10);
    q.queue.stop();
    await vi.advanceTimersByTimeAsync(0);
    // Never run: the event waiting on it must not be answered as handled.
    expect(queued.outcome).toBe('rejected');
    expect(queued.error).toBeInstanceOf(QueueStoppedError);
    expect(isRetryableError(queued.error)).toBe(true);
    expect(running.outcome).toBe('pending');
    const idle = track(q.queue.idle());
    await vi.advanceTimersByTimeAsync(0);
    expect(idle.outcome).toBe('pending');
    q.runs[0]!.finish();
    await vi.advanceTimersByTimeAsync(100);
    expect(idle.outcome).toBe('resolved');
    // The run covered what was asked before it started, not the change that arrived during it.
    expect([running.outcome, rerun.outcome]).toEqual(['resolved', 'rejected']);
    expect(q.started()).toEqual(['a']);
    const late = q.enqueue('d');
    await vi.advanceTimersByTimeAsync(0);
    expect(late.error).toBeInstanceOf(QueueStoppedError);
    expect(q.started()).toEqual(['a']);
    expect(q.queue.depth).toBe(0);
  });
});
