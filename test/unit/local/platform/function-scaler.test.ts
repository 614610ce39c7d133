import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACTIVATION_HOLD_MS, FunctionScaler } from '../../../../local/platform/function-scaler.ts';
import type { RunningFunction } from '../../../../local/platform/functions.ts';
import {
  type ScalingPolicy,
  scalingPolicyFromAnnotations,
} from '../../../../local/platform/scaling-policy.ts';

const POLICY: ScalingPolicy = {
  minScale: 0,
  maxScale: 3,
  target: 2,
  windowMs: 10_000,
  scaleToZeroGracePeriodMs: 1_000,
  retentionMs: 0,
};

/** Instances that start at once (a promise tick) and record when they are stopped. */
function fakeStarts() {
  let pid = 100;
  const stopped: number[] = [];
  const start = async (count: number, first: number): Promise<RunningFunction[]> =>
    Array.from({ length: count }, (_, index) => {
      const instance = first + index;
      let exit: (code: number) => void = () => {};
      const exited = new Promise<number | null>((resolve) => {
        exit = resolve;
      });
      const child = { pid: pid++ };
      return {
        name: 'service-resolve',
        instance,
        url: `http://127.0.0.1:${9000 + instance}`,
        process: {
          name: `fn-${instance}`,
          child,
          logFile: '/dev/null',
          exited,
          stop: async () => {
            stopped.push(instance);
            exit(0);
          },
          pause: () => {},
          resume: () => {},
        },
      } as unknown as RunningFunction;
    });
  return { start, stopped };
}

async function flush(): Promise<void> {
  for (let i = 0; i < 5; i++) await Promise.resolve();
}

describe('FunctionScaler (Knative autoscaling, locally)', () => {
  let scaler: FunctionScaler | undefined;
  beforeEach(() => vi.useFakeTimers());
  afterEach(async () => {
    await scaler?.stop();
    vi.useRealTimers();
  });

  it('starts an instance for the first delivery and holds the delivery until it is ready', async () => {
    const { start } = fakeStarts();
    const starts = vi.fn(start);
    scaler = new FunctionScaler({ name: 'service-resolve', policy: POLICY, start: starts });
    expect(scaler.instances).toHaveLength(0);
    const lease = await scaler.acquire();
    expect(starts).toHaveBeenCalledWith(1, 0);
    expect(lease?.url).toBe('http://127.0.0.1:9000');
    expect(scaler.stats()).toMatchObject({ starts: 1, ready: 1, inFlight: 1 });
    lease?.release();
    expect(scaler.stats().inFlight).toBe(0);
  });

  it('scales to zero once a whole window passed without a delivery, and not before', async () => {
    const { start, stopped } = fakeStarts();
    scaler = new FunctionScaler({ name: 'service-resolve', policy: POLICY, start });
    (await scaler.acquire())?.release();
    await vi.advanceTimersByTimeAsync(POLICY.windowMs - 2_000);
    expect(scaler.instances).toHaveLength(1);
    (await scaler.acquire())?.release();
    await vi.advanceTimersByTimeAsync(POLICY.windowMs - 1_000);
    expect(scaler.instances).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2_000);
    await flush();
    expect(scaler.instances).toHaveLength(0);
    expect(stopped).toEqual([0]);
    // Up from the first delivery to the decision: about the window after the last one.
    expect(scaler.stats().upMs).toBeGreaterThanOrEqual(2 * POLICY.windowMs - 3_000);
    expect(scaler.stats().upMs).toBeLessThanOrEqual(2 * POLICY.windowMs + 1_000);
  });

  it('keeps the function up while a request is held open, however long', async () => {
    const { start } = fakeStarts();
    scaler = new FunctionScaler({ name: 'service-resolve', policy: POLICY, start });
    const held = await scaler.acquire();
    await vi.advanceTimersByTimeAsync(5 * POLICY.windowMs);
    expect(scaler.instances).toHaveLength(1);
    held?.release();
    await vi.advanceTimersByTimeAsync(POLICY.windowMs + 1_000);
    await flush();
    expect(scaler.instances).toHaveLength(0);
  });

  it('honours min-scale: never below it, started without traffic', async () => {
    const { start } = fakeStarts();
    scaler = new FunctionScaler({ name: 'service-resolve', policy: { ...POLICY, minScale: 1 }, start });
    await vi.advanceTimersByTimeAsync(1_000);
    await flush();
    expect(scaler.instances).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(5 * POLICY.windowMs);
    expect(scaler.instances).toHaveLength(1);
  });

  it('scales out under a burst (panic), up to max-scale, and back in when it is over', async () => {
    const { start } = fakeStarts();
    scaler = new FunctionScaler({ name: 'service-resolve', policy: POLICY, start });
    const leases = await Promise.all(Array.from({ length: 20 }, () => scaler!.acquire()));
    await vi.advanceTimersByTimeAsync(3_000);
    await flush();
    expect(scaler.instances).toHaveLength(POLICY.maxScale);
    for (const lease of leases) lease?.release();
    await vi.advanceTimersByTimeAsync(POLICY.windowMs + 2_000);
    await flush();
    expect(scaler.instances.length).toBeLessThan(POLICY.maxScale);
  });

  it('pinned at zero holds deliveries until it is pinned up again, or drops them when told to', async () => {
    const { start } = fakeStarts();
    scaler = new FunctionScaler({ name: 'service-resolve', policy: POLICY, start });
    await scaler.pin(0);
    let resolved: string | undefined;
    const waiting = scaler.acquire().then((lease) => {
      resolved = lease?.url;
      lease?.release();
    });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(resolved).toBeUndefined();
    await scaler.pin(1);
    await waiting;
    expect(resolved).toBe('http://127.0.0.1:9000');

    await scaler.pin(0, 'lose');
    expect(await scaler.acquire()).toBeUndefined();
  });

  it('gives a held delivery up after the activator hold when no instance comes', async () => {
    scaler = new FunctionScaler({
      name: 'service-resolve',
      policy: POLICY,
      start: () => new Promise(() => {}),
    });
    let outcome: unknown = 'waiting';
    void scaler.acquire().then((lease) => {
      outcome = lease;
    });
    await vi.advanceTimersByTimeAsync(ACTIVATION_HOLD_MS - 1_000);
    expect(outcome).toBe('waiting');
    await vi.advanceTimersByTimeAsync(2_000);
    expect(outcome).toBeUndefined();
    expect(scaler.stats().inFlight).toBe(0);
  });
});

describe('scalingPolicyFromAnnotations', () => {
  it("reads a Knative Service's autoscaling annotations", () => {
    expect(
      scalingPolicyFromAnnotations({
        'autoscaling.knative.dev/min-scale': '0',
        'autoscaling.knative.dev/max-scale': '3',
        'autoscaling.knative.dev/target': '8',
        'autoscaling.knative.dev/window': '1m30s',
        'autoscaling.knative.dev/scale-to-zero-pod-retention-period': '500ms',
      }),
    ).toEqual({
      minScale: 0,
      maxScale: 3,
      target: 8,
      windowMs: 90_000,
      scaleToZeroGracePeriodMs: 30_000,
      retentionMs: 500,
    });
  });

  it("falls back to Knative's defaults", () => {
    expect(scalingPolicyFromAnnotations({})).toMatchObject({
      minScale: 0,
      target: 100,
      windowMs: 60_000,
      scaleToZeroGracePeriodMs: 30_000,
      retentionMs: 0,
    });
  });
});

describe('FunctionScaler pinned by hand, or rolled out to a new build', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('stops an instance that is answering a request, as deleting its pod would', async () => {
    const { start, stopped } = fakeStarts();
    const scaler = new FunctionScaler({ name: 'service-resolve', policy: POLICY, start });
    const held = await scaler.acquire();
    await scaler.pin(0);
    expect(scaler.instances).toHaveLength(0);
    expect(stopped).toEqual([0]);
    held?.release();
    await scaler.stop();
  });

  it('starts the new build, then stops the old instances even while they answer', async () => {
    const { start, stopped } = fakeStarts();
    const scaler = new FunctionScaler({ name: 'service-resolve', policy: POLICY, start });
    await scaler.pin(2);
    const held = await scaler.acquire();
    const newBuild = vi.fn(start);
    const fresh = await scaler.rollOut(newBuild);
    expect(newBuild).toHaveBeenCalledWith(2, 2);
    expect(fresh.map((fn) => fn.instance)).toEqual([2, 3]);
    expect(scaler.instances.map((fn) => fn.instance)).toEqual([2, 3]);
    // The one answering went too: what it does not answer, the broker retries elsewhere.
    expect(stopped.sort()).toEqual([0, 1]);
    expect(fresh.map((fn) => fn.url)).toContain((await scaler.acquire())?.url);
    held?.release();
    // Later starts (here from zero) run the new build.
    await scaler.pin(0);
    await scaler.pin(1);
    expect(newBuild).toHaveBeenLastCalledWith(1, 4);
    await scaler.stop();
  });

  it('keeps the old instances serving when the new build does not start', async () => {
    const { start, stopped } = fakeStarts();
    const scaler = new FunctionScaler({ name: 'service-resolve', policy: POLICY, start, log: () => {} });
    await scaler.pin(1);
    await expect(scaler.rollOut(async () => Promise.reject(new Error('crash')))).rejects.toThrow(
      /did not start/,
    );
    expect(scaler.instances.map((fn) => fn.instance)).toEqual([0]);
    expect(stopped).toEqual([]);
    await scaler.stop();
  });
});
