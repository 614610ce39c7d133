import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { KubeObject } from '../../../shared/kube/types.ts';
import {
  type KindReconciler,
  type ReconcileContext,
  reconcileAll,
  reconcileObject,
} from '../../../shared/reconcile/pipeline.ts';
import { emptyPlan } from '../../../shared/reconcile/plan.ts';
import { readerOf } from '../../../shared/reconcile/read-cache.ts';
import { FakeKubeClient } from '../../support/fake-kube.ts';
import { SILENT_LOG } from '../../support/reconcile-context.ts';

const API = 'aim.eai.amd.com/v1alpha1';
const Schema = z.looseObject({
  apiVersion: z.literal(API),
  kind: z.literal('AIMModel'),
  metadata: z.looseObject({ name: z.string(), namespace: z.string().optional() }),
  spec: z.object({ image: z.string() }),
});

function model(name: string): KubeObject {
  return { apiVersion: API, kind: 'AIMModel', metadata: { name, namespace: 'ns' }, spec: { image: 'i' } };
}

function context(kube: FakeKubeClient, recorded: string[]): ReconcileContext {
  return {
    client: kube,
    log: SILENT_LOG,
    now: () => new Date('2026-01-01T00:00:00Z'),
    fieldManager: 'aim-test',
    operatorNamespace: 'aim-system',
    recorder: { record: async (_object, type, reason) => void recorded.push(`${type}/${reason}`) },
  };
}

/** Creates ConfigMap `<name>-child` and asks for an `onApply` and an unconditional event. */
function reconciler(
  options: { blocked?: boolean; share?: boolean; restates?: boolean } = {},
): KindReconciler<z.infer<typeof Schema>, KubeObject[]> {
  return {
    gvk: { apiVersion: API, kind: 'AIMModel' },
    schema: () => Schema,
    controllerName: 'model',
    // Shared: through the sweep's read cache; otherwise live.
    fetch: async (ctx) =>
      (
        await (options.share ? readerOf(ctx) : ctx.client).list(
          { apiVersion: 'v1', kind: 'ConfigMap' },
          { namespace: 'ns' },
        )
      ).items,
    observedChildren: (children) => children,
    plan: (obj) => ({
      ...emptyPlan(),
      apply: [
        {
          apiVersion: 'v1',
          kind: 'ConfigMap',
          metadata: { name: `${obj.metadata.name}-child`, namespace: 'ns' },
        },
      ],
      events: [
        {
          type: 'Normal',
          reason: 'ChildCreated',
          message: 'created',
          onApply: true,
          ...(options.restates ? { foldsInto: 'SpecReady' } : {}),
        },
        { type: 'Warning', reason: 'Observed', message: 'seen' },
      ],
    }),
    health: () => [
      options.blocked
        ? { component: 'Spec', state: 'Failed', reason: 'Bad', message: 'bad', errors: [new Error('x')] }
        : { component: 'Spec', errors: [] },
    ],
  };
}

describe('plan events', () => {
  it('records onApply events after a successful apply and the others regardless', async () => {
    const recorded: string[] = [];
    const kube = new FakeKubeClient().seed(model('m'));
    await reconcileObject(context(kube, recorded), reconciler(), {
      apiVersion: API,
      kind: 'AIMModel',
      namespace: 'ns',
      name: 'm',
    });
    expect(recorded).toContain('Normal/ChildCreated');
    expect(recorded).toContain('Warning/Observed');
  });

  it('skips onApply events when the apply failed', async () => {
    const recorded: string[] = [];
    const kube = new FakeKubeClient().seed(model('m'));
    kube.failNext('apply', 'Forbidden');
    await reconcileObject(context(kube, recorded), reconciler(), {
      apiVersion: API,
      kind: 'AIMModel',
      namespace: 'ns',
      name: 'm',
    });
    expect(recorded).not.toContain('Normal/ChildCreated');
    expect(recorded).toContain('Warning/Observed');
  });
});

describe('a plan event that restates a condition', () => {
  const key = { apiVersion: API, kind: 'AIMModel', namespace: 'ns', name: 'm' };
  const messages = (kube: FakeKubeClient, recorded: [string, string][]): ReconcileContext => ({
    ...context(kube, []),
    recorder: { record: async (_object, _type, reason, message) => void recorded.push([reason, message]) },
  });

  it("goes into that condition's transition Event when the same write records one", async () => {
    const recorded: [string, string][] = [];
    const kube = new FakeKubeClient().seed(model('m'));
    await reconcileObject(messages(kube, recorded), reconciler({ restates: true }), key);
    expect(recorded.map(([reason]) => reason)).not.toContain('ChildCreated');
    const specEvents = recorded.filter(([, message]) => message === 'created');
    expect(specEvents).toHaveLength(1);
    expect(specEvents[0]![0]).not.toBe('ChildCreated');
  });

  it('is recorded on its own when no such transition is written', async () => {
    const kube = new FakeKubeClient().seed(model('m'));
    await reconcileObject(messages(kube, []), reconciler({ restates: true }), key);
    const recorded: [string, string][] = [];
    await reconcileObject(messages(kube, recorded), reconciler({ restates: true }), key);
    expect(recorded).toContainEqual(['ChildCreated', 'created']);
  });
});

describe('reconcileAll: reads through the sweep read cache', () => {
  it('lists the shared kind once per sweep, but again after the sweep wrote it', async () => {
    const configMapLists = (kube: FakeKubeClient) =>
      kube.callsOf('list').filter((call) => call.gvk?.kind === 'ConfigMap').length;
    const listsOf = async (share: boolean) => {
      const kube = new FakeKubeClient().seed(model('a'), model('b'), model('c'));
      // First sweep creates the children (each apply forgets the list); the second one only reads.
      await reconcileAll(context(kube, []), reconciler({ share }));
      const first = configMapLists(kube);
      kube.resetCalls();
      await reconcileAll(context(kube, []), reconciler({ share }));
      return [first, configMapLists(kube)];
    };
    expect(await listsOf(false)).toEqual([3, 3]);
    expect(await listsOf(true)).toEqual([3, 1]);
  });
});
