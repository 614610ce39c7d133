import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OutgoingEvent } from '../../../shared/events/send-event.ts';
import { createLogger } from '../../../shared/observability/logger.ts';
import { KeepAliveHolds } from '../../../shared/timed-work/keep-alive-holds.ts';
import { KEEP_ALIVE_HORIZON_MS, TimedWork } from '../../../shared/timed-work/timed-work.ts';
import { wakeAtOf, wakePingSource } from '../../../shared/timed-work/wake-schedule.ts';
import { FakeKubeClient } from '../../support/fake-kube.ts';

const T0 = Date.parse('2026-11-28T18:00:00.000Z');
const KEY = {
  apiVersion: 'sources.knative.dev/v1',
  kind: 'PingSource',
  namespace: 'aim-system',
  name: 'aim-wake-cache-manage',
};

function setup({ sink }: { sink: string | undefined } = { sink: 'http://broker.local/' }) {
  const kube = new FakeKubeClient();
  const due: number[] = [];
  const sent: OutgoingEvent[] = [];
  const work = new TimedWork({
    functionName: 'cache-manage',
    namespace: 'aim-system',
    fieldManager: 'aim-cache-manage',
    sink,
    kube: async () => kube,
    dueTimes: () => due,
    log: createLogger({ function: 'cache-manage', level: 'silent' }),
    send: async (_sink, event) => {
      sent.push(event);
    },
  });
  return { kube, due, sent, work };
}

describe('TimedWork', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(T0);
  });
  afterEach(() => vi.useRealTimers());

  it('keeps the function up with one keep-alive for work due soon, held until that work is done', async () => {
    const { due, sent, work } = setup();
    due.push(T0 + 10_000, T0 + 20_000);
    work.changed();
    work.changed();
    await vi.advanceTimersByTimeAsync(100);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      type: 'com.amd.aim.keepalive',
      extensions: { aimfunction: 'cache-manage' },
      data: { holdUntil: new Date(T0 + 22_000).toISOString() },
    });
    // Work that keeps coming: the next keep-alive as this one runs out, never two at once.
    due.push(T0 + 40_000);
    work.changed();
    await vi.advanceTimersByTimeAsync(100);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(22_000);
    expect(sent).toHaveLength(2);
    expect(sent[1]?.data).toEqual({ holdUntil: new Date(T0 + 42_000).toISOString() });
  });

  it('sets a wake-up call for work beyond the horizon, and only ever moves it earlier', async () => {
    const { kube, due, sent, work } = setup();
    due.push(T0 + 10 * 60_000);
    work.changed();
    await vi.advanceTimersByTimeAsync(100);
    expect(sent).toHaveLength(0);
    // Woken a minute ahead: the function then stays up for the rest.
    expect(wakeAtOf(kube.peek(KEY))).toBe(T0 + 9 * 60_000);
    due.push(T0 + 5 * 60_000 + 30_000);
    work.changed();
    await vi.advanceTimersByTimeAsync(100);
    expect(wakeAtOf(kube.peek(KEY))).toBe(T0 + 5 * 60_000);
    due.splice(0, due.length, T0 + 30 * 60_000);
    work.changed();
    await vi.advanceTimersByTimeAsync(100);
    expect(wakeAtOf(kube.peek(KEY))).toBe(T0 + 5 * 60_000);
  });

  it('after a wake, follows the work exactly: later, or deleted when none is left', async () => {
    const { kube, due, work } = setup();
    kube.seed(wakePingSource('cache-manage', 'aim-system', T0 + 60_000));
    due.push(T0 + 30 * 60_000);
    await work.settle();
    expect(wakeAtOf(kube.peek(KEY))).toBe(T0 + 29 * 60_000);
    due.length = 0;
    await work.settle();
    expect(kube.peek(KEY)).toBeUndefined();
  });

  it('hands the work of an instance that goes away to the wake-up call, work due soon included', async () => {
    const { kube, due, work } = setup();
    due.push(T0 + 5_000, T0 + KEEP_ALIVE_HORIZON_MS * 4);
    await work.handOff();
    expect(wakeAtOf(kube.peek(KEY))).toBe(T0 + 60_000);
  });

  it('without a sink, timers stay in the process: nothing is sent or written', async () => {
    const { kube, due, sent, work } = setup({ sink: undefined });
    due.push(T0 + 5_000, T0 + 3_600_000);
    work.changed();
    await vi.advanceTimersByTimeAsync(100);
    await work.handOff();
    expect(sent).toHaveLength(0);
    expect(kube.peek(KEY)).toBeUndefined();
  });
});

describe('KeepAliveHolds', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('holds until the time asked for, never past its bound, and lets go at shutdown', async () => {
    const holds = new KeepAliveHolds(30_000);
    const outcomes: string[] = [];
    void holds.hold(Date.now() + 10_000).then((o) => outcomes.push(`short:${o}`));
    void holds.hold(Date.now() + 3_600_000).then((o) => outcomes.push(`long:${o}`));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(outcomes).toEqual(['short:elapsed']);
    void holds.hold(Date.now() + 60_000).then((o) => outcomes.push(`released:${o}`));
    await vi.advanceTimersByTimeAsync(5_000);
    holds.releaseAll();
    await vi.advanceTimersByTimeAsync(0);
    expect(outcomes).toEqual(['short:elapsed', 'long:released', 'released:released']);
    expect(await holds.hold(Date.now() + 1_000)).toBe('released');
  });
});

describe('TimedWork while a keep-alive runs', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(T0);
  });
  afterEach(() => vi.useRealTimers());

  it('still sets the wake-up call for far work at once', async () => {
    const { kube, due, sent, work } = setup();
    due.push(T0 + 60_000);
    work.changed();
    await vi.advanceTimersByTimeAsync(100);
    expect(sent).toHaveLength(1);
    due.push(T0 + 20 * 60_000);
    work.changed();
    await vi.advanceTimersByTimeAsync(100);
    expect(wakeAtOf(kube.peek(KEY))).toBe(T0 + 19 * 60_000);
  });
});
