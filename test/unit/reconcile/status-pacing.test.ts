import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AIMStatus } from '../../../shared/constants/status.ts';
import type { KubeObject, ObjectKey } from '../../../shared/kube/types.ts';
import { findCondition } from '../../../shared/reconcile/conditions.ts';
import { DEPENDENCY_TYPES } from '../../../shared/reconcile/health.ts';
import { type KindReconciler, reconcileObject } from '../../../shared/reconcile/pipeline.ts';
import { mayPace, StatusWritePacer, statusPacingMsFromEnv } from '../../../shared/reconcile/status-pacing.ts';
import { FakeKubeClient } from '../../support/fake-kube.ts';
import { testContext } from '../../support/reconcile-context.ts';

const API = 'aim.eai.amd.com/v1alpha1';
const GVK = { apiVersion: API, kind: 'AIMArtifact' };
const key: ObjectKey = { ...GVK, namespace: 'team', name: 'weights' };
const Schema = z.looseObject({ metadata: z.looseObject({ name: z.string() }), spec: z.looseObject({}) });

/** A reconciler of one downstream component whose state and reason `world` holds. */
function oneComponentReconciler(
  world: { state: AIMStatus; reason?: string },
  extra: Partial<KindReconciler<z.infer<typeof Schema>, undefined>> = {},
): KindReconciler<z.infer<typeof Schema>, undefined> {
  return {
    gvk: GVK,
    schema: () => Schema,
    controllerName: 'artifact',
    fetch: async () => undefined,
    plan: () => ({ apply: [], applyWithoutOwner: [], delete: [] }),
    health: () => [
      {
        component: 'Download',
        state: world.state,
        reason: world.reason ?? world.state,
        message: world.reason ?? world.state,
        errors: [],
        dependencyType: DEPENDENCY_TYPES.downstream,
      },
    ],
    ...extra,
  };
}

describe('mayPace', () => {
  const under = { status: 'Progressing', conditions: [{ type: 'Ready' }], resolved: 'a' };

  it('lets an object under way wait when only its conditions, health and status change', () => {
    for (const state of ['Pending', 'Progressing', 'Starting'] as AIMStatus[]) {
      expect(
        mayPace(state, under, { ...under, status: 'Pending', conditions: [], componentHealth: [] }),
      ).toBe(true);
    }
  });

  it('never holds back a settled or failing object', () => {
    for (const state of ['Ready', 'Running', 'Failed', 'Degraded', 'NotAvailable'] as AIMStatus[]) {
      expect(mayPace(state, under, { ...under, conditions: [] })).toBe(false);
    }
  });

  it('never holds back a new observedGeneration or a domain field other functions read', () => {
    expect(
      mayPace('Progressing', { ...under, observedGeneration: 1 }, { ...under, observedGeneration: 2 }),
    ).toBe(false);
    expect(mayPace('Progressing', under, { ...under, resolved: 'b' })).toBe(false);
    expect(mayPace('Progressing', { status: 'Pending' }, { status: 'Pending', resolved: 'a' })).toBe(false);
  });

  it('ignores fields the writer does not write (another writer owns them)', () => {
    expect(mayPace('Progressing', under, { conditions: [] })).toBe(true);
  });
});

describe('StatusWritePacer', () => {
  it('asks to wait for the rest of the interval after a write, and forgets old writes', () => {
    const pacer = new StatusWritePacer(1000);
    expect(pacer.delayMs('a', 0)).toBe(0);
    pacer.wrote('a', 0);
    expect(pacer.delayMs('a', 300)).toBe(700);
    expect(pacer.delayMs('b', 300)).toBe(0);
    expect(pacer.delayMs('a', 1000)).toBe(0);
    pacer.wrote('b', 5000);
    // 'a' was pruned: it would not have been paced anyway.
    expect(pacer.delayMs('a', 5000)).toBe(0);
  });

  it('reads its interval from AIM_STATUS_PACING_MS: 1000 by default, 0 turns it off, garbage stops the function', () => {
    expect(statusPacingMsFromEnv({})).toBe(1000);
    expect(statusPacingMsFromEnv({ AIM_STATUS_PACING_MS: '0' })).toBe(0);
    expect(statusPacingMsFromEnv({ AIM_STATUS_PACING_MS: '250' })).toBe(250);
    expect(() => statusPacingMsFromEnv({ AIM_STATUS_PACING_MS: 'soon' })).toThrow(/AIM_STATUS_PACING_MS/);
  });
});

describe('a pipeline with a status pacer', () => {
  /** One downstream component whose state and reason the test sets; `size` is a domain field. */
  function setup() {
    const world = { state: 'Progressing' as AIMStatus, reason: 'PvcPending', size: '1Gi' };
    const reconciler = oneComponentReconciler(world, {
      decorate(status) {
        status.size = world.size;
      },
    });
    const object: KubeObject = { apiVersion: API, kind: 'AIMArtifact', metadata: { ...key }, spec: {} };
    const client = new FakeKubeClient().seed(object);
    const clock = { ms: Date.parse('2026-01-01T00:00:00Z') };
    const events: string[] = [];
    const ctx = testContext(client, {
      fieldManager: 'aim-cache-manage',
      now: () => new Date(clock.ms),
      statusPacer: new StatusWritePacer(1000),
      recorder: {
        async record(_object, _type, reason) {
          events.push(reason);
        },
      },
    });
    const run = () => reconcileObject(ctx, reconciler, { ...GVK, namespace: 'team', name: 'weights' });
    const stored = () => client.peek(key)?.status as { status?: string; conditions?: never[]; size?: string };
    return { world, client, clock, events, run, stored };
  }

  it('writes the first status at once, holds the next one under way until the interval ends, then writes what holds then', async () => {
    const { world, client, clock, events, run, stored } = setup();
    await run();
    expect(client.callsOf('applyStatus')).toHaveLength(1);
    expect(findCondition(stored().conditions, 'DownloadReady')?.reason).toBe('PvcPending');

    clock.ms += 200;
    world.reason = 'PodsPending';
    world.state = 'Pending';
    const held = await run();
    expect(client.callsOf('applyStatus')).toHaveLength(1);
    expect(held.requeueAfterSeconds).toBeCloseTo(0.8);
    expect(events).not.toContain('PodsPending');

    clock.ms += 300;
    world.reason = 'JobRunning';
    world.state = 'Progressing';
    expect((await run()).requeueAfterSeconds).toBeCloseTo(0.5);

    clock.ms += 500;
    await run();
    expect(client.callsOf('applyStatus')).toHaveLength(2);
    expect(findCondition(stored().conditions, 'DownloadReady')?.reason).toBe('JobRunning');
    expect(events).toEqual(['PvcPending', 'JobRunning']);
  });

  it('writes at once what settles the object, reports an error, or changes a domain field', async () => {
    const { world, client, clock, run, stored } = setup();
    await run();
    clock.ms += 100;
    world.size = '2Gi';
    await run();
    expect(stored().size).toBe('2Gi');

    clock.ms += 100;
    world.state = 'Degraded';
    world.reason = 'PvcLost';
    await run();
    expect(stored().status).toBe('Degraded');

    clock.ms += 100;
    world.state = 'Ready';
    world.reason = 'Ready';
    const settled = await run();
    expect(settled.requeueAfterSeconds).toBeUndefined();
    expect(stored().status).toBe('Ready');
    expect(client.callsOf('applyStatus')).toHaveLength(4);
  });
});

describe('a pipeline whose summary writer holds its first status (firstStatusHoldMs)', () => {
  function setup() {
    const world = { state: 'Progressing' as AIMStatus, holdMs: 3000 };
    const reconciler = oneComponentReconciler(world, { firstStatusHoldMs: () => world.holdMs });
    const object: KubeObject = {
      apiVersion: API,
      kind: 'AIMArtifact',
      metadata: { ...key, generation: 1 },
      spec: {},
    };
    const client = new FakeKubeClient().seed(object);
    const events: string[] = [];
    const ctx = testContext(client, {
      fieldManager: 'aim-cache-manage',
      now: () => new Date('2026-01-01T00:00:00Z'),
      recorder: {
        async record(_object, _type, reason) {
          events.push(reason);
        },
      },
    });
    const run = () => reconcileObject(ctx, reconciler, key);
    const stored = () => client.peek(key)?.status as { status?: string; observedGeneration?: number };
    return { world, client, events, run, stored };
  }

  it('writes nothing (no Event either) while held, and asks to be reconciled when the hold ends', async () => {
    const { client, events, run } = setup();
    const held = await run();
    expect(client.callsOf('applyStatus')).toHaveLength(0);
    expect(events).toEqual([]);
    expect(held.requeueAfterSeconds).toBe(3);
  });

  it('writes once the hold is over', async () => {
    const { world, client, run, stored } = setup();
    await run();
    world.holdMs = 0;
    await run();
    expect(client.callsOf('applyStatus')).toHaveLength(1);
    expect(stored()).toMatchObject({ status: 'Progressing', observedGeneration: 1 });
  });

  it('never holds an error, nor an object that already has its summary', async () => {
    const failing = setup();
    failing.world.state = 'Failed';
    await failing.run();
    expect(failing.stored().status).toBe('Failed');

    const summarised = setup();
    summarised.world.holdMs = 0;
    await summarised.run();
    summarised.world.holdMs = 3000;
    summarised.world.state = 'Pending';
    await summarised.run();
    expect(summarised.client.callsOf('applyStatus')).toHaveLength(2);
    expect(summarised.stored().status).toBe('Pending');
  });
});
