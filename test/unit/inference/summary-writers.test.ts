/**
 * The AIMService summary under several writers: a component writer (as service-resolve is) and
 * isvc-render, the summary writer (which reports the Cache component itself), reconcile the same
 * service in turn. The
 * summary must follow the components' conditions and never flap while nothing changes.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { type AIMService, AIMServiceSchema } from '../../../shared/api/aim-service.ts';
import { AIM_API_VERSION } from '../../../shared/api/group.ts';
import { isvcRenderReconciler } from '../../../shared/inference/render-reconciler.ts';
import type { KubeClient, KubeObject, ObjectKey } from '../../../shared/kube/types.ts';
import { ERROR_CATEGORIES, StateError } from '../../../shared/reconcile/categorize.ts';
import { findCondition } from '../../../shared/reconcile/conditions.ts';
import type { ComponentHealth } from '../../../shared/reconcile/health.ts';
import {
  type KindReconciler,
  type ReconcileContext,
  reconcileObject,
} from '../../../shared/reconcile/pipeline.ts';
import { emptyPlan } from '../../../shared/reconcile/plan.ts';
import { FakeKubeClient } from '../../support/fake-kube.ts';
import { testContext } from '../../support/reconcile-context.ts';
import { cache, model, NOW, NS, resolvedStatus, SVC, service, template } from './fixtures.ts';

const KEY: ObjectKey = { apiVersion: AIM_API_VERSION, kind: 'AIMService', namespace: NS, name: SVC };

/** A component writer whose components are whatever the test says. */
function componentWriter(components: () => ComponentHealth[]): KindReconciler<AIMService, undefined> {
  return {
    gvk: { apiVersion: AIM_API_VERSION, kind: 'AIMService' },
    schema: AIMServiceSchema,
    controllerName: 'service',
    fetch: async () => undefined,
    plan: () => emptyPlan(),
    health: () => components(),
    ownedConditionTypes: ['ModelReady', 'TemplateReady'],
    writesSummary: false,
  };
}

const upstream = (component: string, fields: Partial<ComponentHealth> = {}): ComponentHealth => ({
  component,
  dependencyType: 'Upstream',
  errors: [],
  ...fields,
});

let kube: FakeKubeClient;
let components: ComponentHealth[];
let minute: number;

function context(fieldManager: string, client: KubeClient = kube): ReconcileContext {
  return testContext(client, {
    fieldManager,
    // Time moves on between reconciles: a flap would show as a new lastTransitionTime.
    now: () => new Date(NOW.getTime() + minute * 60_000),
  });
}

const resolve = () =>
  reconcileObject(
    context('aim-service-resolve'),
    componentWriter(() => components),
    KEY,
  );
const render = (client?: KubeClient) =>
  reconcileObject(context('aim-isvc-render', client), isvcRenderReconciler(), KEY);
const statusOf = () => (kube.peek(KEY) as KubeObject).status;

/** status.status, Ready and the component conditions, for comparing rounds. */
function summary() {
  const status = statusOf();
  return {
    status: status.status,
    ready: findCondition(status.conditions, 'Ready'),
    conditions: status.conditions,
  };
}

beforeEach(() => {
  kube = new FakeKubeClient({ now: () => NOW });
  minute = 0;
  const seeded = resolvedStatus();
  // Only the references: the conditions come from the component writer under test.
  kube.seed({
    ...service(),
    status: {
      resolvedModel: seeded.resolvedModel,
      resolvedTemplate: seeded.resolvedTemplate,
      cache: seeded.cache,
    },
  });
  kube.seed(model(), template(), cache('Progressing'));
  components = [
    upstream('Model', { state: 'Ready', reason: 'ModelResolved' }),
    upstream('Template', { state: 'Ready', reason: 'Resolved' }),
  ];
});

describe('the AIMService summary with two writers', () => {
  it('stays stable, with no writes, while the two writers alternate on unchanged inputs', async () => {
    await resolve();
    expect((await render()).status).toBe('Starting');
    const settled = summary();
    for (let round = 1; round <= 4; round++) {
      minute = round;
      kube.resetCalls();
      await resolve();
      expect(await render()).toMatchObject({ status: 'Starting' });
      expect(summary()).toEqual(settled);
      expect(kube.callsOf('applyStatus')).toEqual([]);
    }
  });

  it('follows a component writer’s change on the next summary, then settles again', async () => {
    await resolve();
    await render();
    minute = 1;
    components[0] = upstream('Model', {
      errors: [
        new StateError(
          ERROR_CATEGORIES.missingUpstreamDependency,
          'ModelNotFound',
          'AIMModel llama-3-8b not found',
        ),
      ],
    });
    await resolve();
    // The component writer never writes the summary itself.
    expect(statusOf().status).toBe('Starting');
    expect((await render()).status).toBe('Failed');
    const failed = summary();
    // Ready carries the Model component's own reason and message (issue 14).
    expect(failed.ready).toMatchObject({
      status: 'False',
      reason: 'ModelNotFound',
      message: 'Component Model is not ready: AIMModel llama-3-8b not found',
    });
    expect(findCondition(failed.conditions, 'ConfigValid')).toMatchObject({
      status: 'False',
      reason: 'ReferenceNotFound',
    });
    for (let round = 2; round <= 4; round++) {
      minute = round;
      await resolve();
      await render();
      expect(summary()).toEqual(failed);
    }
    minute = 5;
    components[0] = upstream('Model', { state: 'Ready', reason: 'ModelResolved' });
    await resolve();
    expect((await render()).status).toBe('Starting');
    expect(findCondition(statusOf().conditions, 'ConfigValid')).toMatchObject({ status: 'True' });
  });

  it('a component write racing the summary write is not lost: the summary is recomputed from it', async () => {
    await resolve();
    await render();
    expect(findCondition(statusOf().conditions, 'CacheReady')).toMatchObject({ reason: 'CacheNotReady' });
    // The cache turns Ready: the InferenceService is made, the summary held until it is older
    // (new-isvc-hold.ts); a minute later it is written.
    minute = 1;
    kube.seed(cache('Ready'));
    await render();
    expect(findCondition(statusOf().conditions, 'CacheReady')).toMatchObject({ reason: 'CacheNotReady' });
    minute = 2;
    components[0] = upstream('Model', {
      errors: [new StateError(ERROR_CATEGORIES.missingUpstreamDependency, 'ModelNotFound', 'AIMModel gone')],
    });
    // isvc-render reads the service, then service-resolve writes before isvc-render's status write.
    let raced = false;
    const racing: KubeClient = {
      get: (key) => kube.get(key),
      getOptional: (key) => kube.getOptional(key),
      list: (gvk, options) => kube.list(gvk, options),
      apply: (object, options) => kube.apply(object, options),
      applyStatus: async (object, options) => {
        if (!raced) {
          raced = true;
          await resolve();
        }
        return kube.applyStatus(object, options);
      },
      mergePatch: (key, patch, options) => kube.mergePatch(key, patch, options),
      create: (object, options) => kube.create(object, options),
      replace: (object, options) => kube.replace(object, options),
      delete: (key, options) => kube.delete(key, options),
      podLog: (namespace, pod, options) => kube.podLog(namespace, pod, options),
      get requestCount() {
        return kube.requestCount;
      },
    } as KubeClient;
    kube.resetCalls();
    await render(racing);
    expect(raced).toBe(true);
    const summaryWrites = kube
      .callsOf('applyStatus')
      .filter((call) => (call.options as { fieldManager: string }).fieldManager === 'aim-isvc-render');
    expect(summaryWrites).toHaveLength(2);
    // The first summary write was stale (409); the retry saw ModelReady=False.
    expect(findCondition(statusOf().conditions, 'ModelReady')).toMatchObject({ status: 'False' });
    expect(statusOf().status).toBe('Failed');
    expect(findCondition(statusOf().conditions, 'CacheReady')).toMatchObject({ status: 'True' });
  });
});
