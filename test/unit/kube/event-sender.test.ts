import { describe, expect, it, vi } from 'vitest';
import { EventSender } from '../../../shared/kube/event-sender.ts';
import type { KubeClient, KubeObject } from '../../../shared/kube/types.ts';

function event(name: string, message = name): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Event',
    metadata: { name, namespace: 'ns' },
    involvedObject: { kind: 'AIMModel', name: 'm', uid: 'u1' },
    type: 'Warning',
    reason: 'InvalidImageReference',
    message,
    count: 1,
    lastTimestamp: `t-${name}`,
  } as KubeObject;
}

/** A client whose creates wait until the test releases them. */
function slowClient() {
  const created: string[] = [];
  const objects: KubeObject[] = [];
  const waiting: { name: string; release: (fail?: Error) => void }[] = [];
  let active = 0;
  let maxActive = 0;
  const client = {
    create: (object: KubeObject) =>
      new Promise((resolve, reject) => {
        active += 1;
        maxActive = Math.max(maxActive, active);
        waiting.push({
          name: object.metadata.name,
          release: (fail) => {
            active -= 1;
            if (fail) reject(fail);
            else {
              created.push(object.metadata.name);
              objects.push(object);
              resolve(object);
            }
          },
        });
      }),
  } as unknown as KubeClient;
  return { client, created, objects, waiting, maxActive: () => maxActive };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('EventSender', () => {
  it('returns at once, writes at most `concurrency` at a time, in order, and reports idle', async () => {
    const slow = slowClient();
    const sender = new EventSender(slow.client, { concurrency: 2 });
    for (const name of ['a', 'b', 'c', 'd']) sender.send(event(name));
    expect(slow.waiting.map((w) => w.name)).toEqual(['a', 'b']);
    let idle = false;
    void sender.idle().then(() => {
      idle = true;
    });
    while (slow.waiting.length > 0) {
      slow.waiting.shift()!.release();
      await tick();
    }
    expect(slow.created).toEqual(['a', 'b', 'c', 'd']);
    expect(slow.maxActive()).toBe(2);
    expect(idle).toBe(true);
  });

  it('holds Events while reconciles wait, and sends them once the reconciles are done or after maxDelayMs', async () => {
    vi.useFakeTimers();
    try {
      const slow = slowClient();
      let busy = true;
      const sender = new EventSender(slow.client, { busy: () => busy, maxDelayMs: 1_000 });
      sender.send(event('held'));
      expect(slow.waiting).toEqual([]);
      await vi.advanceTimersByTimeAsync(400);
      expect(slow.waiting).toEqual([]);
      busy = false;
      await vi.advanceTimersByTimeAsync(200);
      expect(slow.waiting.map((w) => w.name)).toEqual(['held']);

      busy = true;
      sender.send(event('overdue'));
      await vi.advanceTimersByTimeAsync(800);
      expect(slow.waiting.map((w) => w.name)).toEqual(['held']);
      await vi.advanceTimersByTimeAsync(400);
      expect(slow.waiting.map((w) => w.name)).toEqual(['held', 'overdue']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('stops holding a large backlog and writes a backlog with more in flight, so it drains instead of overflowing', async () => {
    const slow = slowClient();
    let busy = true;
    const sender = new EventSender(slow.client, { concurrency: 2, busy: () => busy });
    for (let i = 0; i < 1999; i += 1) sender.send(event(`e${i}`));
    expect(slow.waiting).toEqual([]);
    sender.send(event('e1999'));
    // 2,000 waiting while reconciles wait: one goes out, so the backlog stays below overflowing.
    expect(slow.waiting.map((w) => w.name)).toEqual(['e0']);
    busy = false;
    slow.waiting.shift()!.release();
    await tick();
    // The reconciles are done: the backlog goes out 2 + ⌊waiting / 100⌋ at a time, at most 8.
    expect(slow.waiting).toHaveLength(8);
    while (slow.waiting.length > 0) {
      slow.waiting.shift()!.release();
      await tick();
    }
    expect(slow.created).toHaveLength(2000);
  });

  it('counts a repeat of a waiting Event on it instead of queueing it again; a repeat of a written one is new', async () => {
    const slow = slowClient();
    const sender = new EventSender(slow.client, { concurrency: 1 });
    sender.send(event('first', 'image unreachable'));
    sender.send(event('other', 'spec.image "x y" is not a valid image reference'));
    // 'first' is being written, 'other' waits: its repeats count on it, while a repeat of
    // 'first' is a new Event (the one being written is no longer waiting).
    sender.send(event('other-2', 'spec.image "x y" is not a valid image reference'));
    sender.send(event('other-3', 'spec.image "x y" is not a valid image reference'));
    sender.send(event('first-2', 'image unreachable'));
    expect(sender.pending).toBe(2);
    while (slow.waiting.length > 0) {
      slow.waiting.shift()!.release();
      await tick();
    }
    await sender.idle();
    expect(slow.created).toEqual(['first', 'other', 'first-2']);
    const other = slow.objects[1] as KubeObject & { count?: number; lastTimestamp?: string };
    expect(other.count).toBe(3);
    expect(other.lastTimestamp).toBe('t-other-3');
    expect((slow.objects[2] as KubeObject & { count?: number }).count).toBe(1);
  });

  it('drops what arrives beyond maxPending and reports failed writes, never throwing', async () => {
    const slow = slowClient();
    const dropped: string[] = [];
    const errors: unknown[] = [];
    const sender = new EventSender(slow.client, {
      concurrency: 1,
      maxPending: 1,
      onDrop: (e) => dropped.push(e.metadata.name),
    });
    const onError = (err: unknown) => errors.push(err);
    sender.send(event('writing'), onError);
    sender.send(event('waiting'), onError);
    sender.send(event('dropped'), onError);
    expect(dropped).toEqual(['dropped']);
    slow.waiting.shift()!.release(new Error('forbidden'));
    await tick();
    slow.waiting.shift()!.release();
    await sender.idle();
    expect(slow.created).toEqual(['waiting']);
    expect(errors).toHaveLength(1);
  });
});
