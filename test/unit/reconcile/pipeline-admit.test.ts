import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { KubeObject } from '../../../shared/kube/types.ts';
import { reconcileAll, reconcileObject } from '../../../shared/reconcile/pipeline.ts';
import { emptyPlan } from '../../../shared/reconcile/plan.ts';
import { readerOf } from '../../../shared/reconcile/read-cache.ts';
import type { KindReconciler, ReconcileContext } from '../../../shared/reconcile/reconciler.ts';
import { FakeKubeClient } from '../../support/fake-kube.ts';
import { SILENT_LOG } from '../../support/reconcile-context.ts';

const API = 'aim.eai.amd.com/v1alpha1';
const GVK = { apiVersion: API, kind: 'AIMServiceTemplate' };
const MODEL = { apiVersion: API, kind: 'AIMModel' };

function object(name: string): KubeObject {
  return { ...GVK, metadata: { name, namespace: 'a', generation: 1 }, spec: { modelName: name } };
}

function ctx(client: FakeKubeClient): ReconcileContext {
  return {
    client,
    log: SILENT_LOG,
    now: () => new Date('2026-05-01T12:00:00Z'),
    fieldManager: 'test',
    operatorNamespace: 'aim-system',
  };
}

interface Seen {
  found: boolean;
  admitted?: boolean;
}

function reconciler(
  overrides: Partial<KindReconciler<KubeObject, Seen>> = {},
): KindReconciler<KubeObject, Seen> {
  return {
    gvk: GVK,
    schema: () => z.any() as unknown as z.ZodType<KubeObject>,
    controllerName: 'service-template',
    fetch: async (context, obj) => ({
      found:
        (await readerOf(context).getOptional({ ...MODEL, namespace: 'a', name: obj.spec.modelName })) !==
        undefined,
    }),
    plan: () => emptyPlan(),
    health: (_obj, seen) => [
      { component: 'Admission', errors: [], state: seen.admitted ? 'Ready' : 'Progressing', reason: 'Seen' },
    ],
    ...overrides,
  };
}

describe('pipeline: the admit step', () => {
  it('runs between fetch and plan, and what it returns is what health sees', async () => {
    const kube = new FakeKubeClient().seed(object('t'));
    const order: string[] = [];
    const outcome = await reconcileObject(
      ctx(kube),
      reconciler({
        admit: async (_context, _obj, seen, input) => {
          order.push(`admit ${input.object.metadata.name} ${input.now.toISOString()}`);
          return { ...seen, admitted: true };
        },
        plan: () => {
          order.push('plan');
          return emptyPlan();
        },
      }),
      { ...GVK, namespace: 'a', name: 't' },
    );
    expect(order).toEqual(['admit t 2026-05-01T12:00:00.000Z', 'plan']);
    expect(outcome.status).toBe('Ready');
  });
});

describe('reconcileAll: sweep snapshots', () => {
  it('answers the declared kinds from one LIST per sweep, however many objects read them', async () => {
    const kube = new FakeKubeClient().seed(...['a1', 'a2', 'a3'].map(object), {
      ...MODEL,
      metadata: { name: 'a1', namespace: 'a' },
      spec: {},
    });
    const sweep = await reconcileAll(ctx(kube), reconciler({ sweepSnapshotKinds: [{ gvk: MODEL }] }));
    expect(sweep.failed).toBe(0);
    expect(kube.callsOf('getOptional')).toHaveLength(0);
    expect(kube.callsOf('list').map((call) => call.gvk?.kind)).toEqual(['AIMServiceTemplate', 'AIMModel']);

    kube.resetCalls();
    await reconcileAll(ctx(kube), reconciler());
    expect(kube.callsOf('getOptional')).toHaveLength(3);
  });
});

describe('reconcileAll: the admit step reads live', () => {
  it('counts through ctx.client on every object, and what it creates reaches the snapshot', async () => {
    const kube = new FakeKubeClient().seed(...['a1', 'a2', 'a3'].map(object));
    const counted: number[] = [];
    const sweep = await reconcileAll(
      ctx(kube),
      reconciler({
        sweepSnapshotKinds: [{ gvk: MODEL }],
        // Like discovery admission: count under a lock (live), then create.
        admit: async (context, obj, seen) => {
          counted.push((await context.client.list(MODEL, { namespace: 'a' })).items.length);
          if (!seen.found) {
            await context.client.create({
              ...MODEL,
              metadata: { name: obj.spec.modelName, namespace: 'a' },
              spec: {},
            });
          }
          return { ...seen, admitted: true };
        },
      }),
    );
    expect(sweep.failed).toBe(0);
    expect(counted).toEqual([0, 1, 2]);
    // One snapshot LIST and three live counts; the creations were taken into the snapshot.
    expect(kube.callsOf('list').filter((call) => call.gvk?.kind === 'AIMModel')).toHaveLength(4);
    expect(kube.callsOf('getOptional')).toHaveLength(0);
  });
});
