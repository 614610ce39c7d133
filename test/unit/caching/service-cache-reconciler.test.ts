import { describe, expect, it } from 'vitest';
import { serviceCacheReconciler } from '../../../shared/caching/service-cache-reconciler.ts';
import type { KubeObject } from '../../../shared/kube/types.ts';
import { isvcName, templateCacheName } from '../../../shared/naming/service-names.ts';
import { reconcileObject } from '../../../shared/reconcile/pipeline.ts';
import { FakeKubeClient } from '../../support/fake-kube.ts';
import { aim, condition, NOW, NS, type RecordedEvent, readyTemplate, recordingContext } from './fixtures.ts';

const SOURCES = [{ modelId: 'org/model', sourceUri: 'hf://org/model', size: '1Gi' }];
const CACHE = { apiVersion: 'aim.eai.amd.com/v1alpha1', kind: 'AIMTemplateCache' };
const SHARED_CACHE_NAME = templateCacheName({
  templateName: 'tpl',
  namespace: NS,
  serviceName: 'any',
  serviceUid: 'any',
  mode: 'Shared',
});
const ISVC_NAME = isvcName({ name: 'svc', namespace: NS });

function service(
  name: string,
  extra: { mode?: string; status?: Record<string, unknown>; uid?: string } = {},
): KubeObject {
  return aim(
    'AIMService',
    name,
    { model: { name: 'm' }, ...(extra.mode ? { caching: { mode: extra.mode } } : {}) },
    {
      metadata: { name, namespace: NS, uid: extra.uid ?? `uid-${name}` },
      status: extra.status ?? { resolvedTemplate: { name: 'tpl', namespace: NS, scope: 'Namespace' } },
    },
  );
}

/** The service as created `ageMs` before NOW. */
function created(object: KubeObject, ageMs: number): KubeObject {
  const creationTimestamp = new Date(NOW.getTime() - ageMs).toISOString();
  return { ...object, metadata: { ...object.metadata, creationTimestamp } };
}

function reconcile(kube: FakeKubeClient, name: string, events: RecordedEvent[] = []) {
  return reconcileObject(recordingContext(kube, events), serviceCacheReconciler(), {
    apiVersion: 'aim.eai.amd.com/v1alpha1',
    kind: 'AIMService',
    namespace: NS,
    name,
  });
}

function stored(kube: FakeKubeClient, kind: string, name: string) {
  return kube.peek({ apiVersion: 'aim.eai.amd.com/v1alpha1', kind, namespace: NS, name });
}

function caches(kube: FakeKubeClient) {
  return kube.objects(CACHE);
}

function setCacheStatus(kube: FakeKubeClient, name: string, status: string) {
  const cache = stored(kube, 'AIMTemplateCache', name);
  if (cache === undefined) throw new Error(`no cache ${name}`);
  return kube.applyStatus({ ...cache, status: { status } }, { fieldManager: 'test-cache-writer' });
}

describe('service template cache (spec §10.6)', () => {
  it('creates one unowned Shared cache that a second Shared service reuses', async () => {
    const kube = new FakeKubeClient({ now: () => NOW });
    kube.seed(readyTemplate('tpl', SOURCES), service('svc-a'), service('svc-b', { mode: 'Always' }));
    const events: RecordedEvent[] = [];

    await reconcile(kube, 'svc-a', events);
    const created = caches(kube);
    expect(created.map((cache) => cache.metadata.name)).toEqual([SHARED_CACHE_NAME]);
    expect(created[0]?.metadata.ownerReferences).toBeUndefined();
    expect(created[0]?.metadata.labels).toMatchObject({
      'aim.eai.amd.com/service': 'svc-a',
      'aim.eai.amd.com/service.name': 'svc-a',
      'app.kubernetes.io/managed-by': 'aim-service-controller',
    });
    expect(created[0]?.spec).toMatchObject({
      templateName: 'tpl',
      templateScope: 'Namespace',
      mode: 'Shared',
    });
    expect(condition(stored(kube, 'AIMService', 'svc-a'), 'CacheReady')).toMatchObject({
      status: 'False',
      reason: 'CacheCreating',
    });
    expect(events).toContainEqual(
      expect.objectContaining({ object: 'AIMService/svc-a', reason: 'TemplateCacheCreated', type: 'Normal' }),
    );

    await setCacheStatus(kube, SHARED_CACHE_NAME, 'Ready');
    await reconcile(kube, 'svc-b');
    await reconcile(kube, 'svc-a');
    expect(caches(kube)).toHaveLength(1);
    for (const name of ['svc-a', 'svc-b']) {
      const svc = stored(kube, 'AIMService', name);
      expect(condition(svc, 'CacheReady')).toMatchObject({ status: 'True', reason: 'CacheReady' });
      expect(svc?.status?.cache?.templateCacheRef).toMatchObject({ name: SHARED_CACHE_NAME, namespace: NS });
    }
  });

  it('gives a Dedicated service its own owned cache and never shares across modes', async () => {
    const kube = new FakeKubeClient({ now: () => NOW });
    kube.seed(
      readyTemplate('tpl', SOURCES),
      service('shared'),
      service('mine', { mode: 'Never', uid: '1234-uid' }),
    );
    await reconcile(kube, 'shared');
    await setCacheStatus(kube, SHARED_CACHE_NAME, 'Ready');
    await reconcile(kube, 'mine');

    const dedicated = caches(kube).find((cache) => cache.spec.mode === 'Dedicated');
    expect(dedicated?.metadata.name).toBe('tpl-mine-d17483fc');
    expect(dedicated?.metadata.ownerReferences?.[0]).toMatchObject({
      kind: 'AIMService',
      name: 'mine',
      uid: '1234-uid',
    });
    expect(condition(stored(kube, 'AIMService', 'mine'), 'CacheReady')?.reason).toBe('CacheCreating');

    // A Shared service with only a Dedicated cache around still gets a Shared one.
    const onlyDedicated = new FakeKubeClient({ now: () => NOW });
    onlyDedicated.seed(readyTemplate('tpl', SOURCES), service('shared'), {
      ...dedicated!,
      metadata: { ...dedicated!.metadata, resourceVersion: undefined },
      status: { status: 'Ready' },
    });
    await reconcile(onlyDedicated, 'shared');
    expect(
      caches(onlyDedicated)
        .map((cache) => cache.spec.mode)
        .sort(),
    ).toEqual(['Dedicated', 'Shared']);
  });

  it('reports the cache state with the reasons of the spec table', async () => {
    const kube = new FakeKubeClient({ now: () => NOW });
    kube.seed(readyTemplate('tpl', SOURCES), service('svc'));
    await reconcile(kube, 'svc');
    const cases: [string, string, string][] = [
      ['Progressing', 'False', 'CacheNotReady'],
      ['Failed', 'False', 'CacheFailed'],
      ['Pending', 'False', 'CacheCreating'],
      ['Ready', 'True', 'CacheReady'],
    ];
    for (const [status, expected, reason] of cases) {
      await setCacheStatus(kube, SHARED_CACHE_NAME, status);
      await reconcile(kube, 'svc');
      expect(condition(stored(kube, 'AIMService', 'svc'), 'CacheReady')).toMatchObject({
        status: expected,
        reason,
      });
    }
    const health = stored(kube, 'AIMService', 'svc')?.status?.componentHealth;
    expect(health).toEqual([expect.objectContaining({ component: 'Cache', state: 'Ready' })]);
  });

  it('writes nothing once the service uses a Ready cache', async () => {
    const kube = new FakeKubeClient({ now: () => NOW });
    kube.seed(readyTemplate('tpl', SOURCES), service('svc'));
    await reconcile(kube, 'svc');
    await setCacheStatus(kube, SHARED_CACHE_NAME, 'Ready');
    await reconcile(kube, 'svc');
    kube.resetCalls();
    const outcome = await reconcile(kube, 'svc');
    const writes = kube.calls.filter((call) => !['get', 'getOptional', 'list'].includes(call.method));
    expect(writes).toEqual([]);
    // The service, two runtime config lookups and the referenced cache.
    expect(outcome.apiRequests).toBe(4);
  });

  it('shows CacheLost when the Shared cache an InferenceService used is gone, and recreates it', async () => {
    const kube = new FakeKubeClient({ now: () => NOW });
    kube.seed(
      readyTemplate('tpl', SOURCES),
      service('svc', {
        status: {
          resolvedTemplate: { name: 'tpl', namespace: NS, scope: 'Namespace' },
          cache: { templateCacheRef: { name: SHARED_CACHE_NAME, namespace: NS } },
        },
      }),
      inferenceService(ISVC_NAME),
    );
    await reconcile(kube, 'svc');
    const svc = stored(kube, 'AIMService', 'svc');
    expect(condition(svc, 'CacheReady')).toMatchObject({ status: 'False', reason: 'CacheLost' });
    expect(svc?.status?.componentHealth).toEqual([
      expect.objectContaining({ component: 'Cache', state: 'Degraded' }),
    ]);
    expect(caches(kube).map((cache) => cache.metadata.name)).toEqual([SHARED_CACHE_NAME]);

    await setCacheStatus(kube, SHARED_CACHE_NAME, 'Ready');
    await reconcile(kube, 'svc');
    expect(condition(stored(kube, 'AIMService', 'svc'), 'CacheReady')).toMatchObject({ status: 'True' });
  });

  it('says a Dedicated cache is being recreated when its InferenceService lost it', async () => {
    const kube = new FakeKubeClient({ now: () => NOW });
    kube.seed(
      readyTemplate('tpl', SOURCES),
      service('svc', { mode: 'Dedicated' }),
      inferenceService(ISVC_NAME),
    );
    await reconcile(kube, 'svc');
    expect(condition(stored(kube, 'AIMService', 'svc'), 'CacheReady')).toMatchObject({
      status: 'False',
      reason: 'CacheCreating',
      message: expect.stringContaining('Dedicated template cache is being recreated'),
    });
  });

  it('waits with a clear message for an unknown, unready or source-less template', async () => {
    const cases: [KubeObject[], string][] = [
      [[], 'Template tpl not found'],
      [
        [{ ...readyTemplate('tpl', SOURCES), status: { status: 'Progressing' } }],
        'to be Ready (status: Progressing)',
      ],
      [[readyTemplate('tpl', [])], 'has no model sources'],
    ];
    for (const [templates, message] of cases) {
      const kube = new FakeKubeClient({ now: () => NOW });
      kube.seed(...templates, service('svc'));
      const outcome = await reconcile(kube, 'svc');
      expect(outcome.result).toBe('reconciled');
      expect(caches(kube)).toEqual([]);
      expect(condition(stored(kube, 'AIMService', 'svc'), 'CacheReady')).toMatchObject({
        status: 'False',
        reason: 'CacheCreating',
        message: expect.stringContaining(message),
      });
    }
    const unresolved = new FakeKubeClient({ now: () => NOW });
    unresolved.seed(readyTemplate('tpl', SOURCES), created(service('svc', { status: {} }), 60_000));
    await reconcile(unresolved, 'svc');
    expect(condition(stored(unresolved, 'AIMService', 'svc'), 'CacheReady')?.message).toContain(
      'template to be resolved',
    );
  });

  it('holds a new service’s first condition while service-resolve has not resolved its template', async () => {
    const kube = new FakeKubeClient({ now: () => NOW });
    kube.seed(readyTemplate('tpl', SOURCES), created(service('young', { status: {} }), 2_000));
    const events: RecordedEvent[] = [];
    const outcome = await reconcile(kube, 'young', events);
    expect(outcome.result).toBe('reconciled');
    expect(outcome.requeueAfterSeconds).toBe(8);
    expect(condition(stored(kube, 'AIMService', 'young'), 'CacheReady')).toBeUndefined();
    expect(events).toEqual([]);

    // Past the window the condition is written, whatever it says.
    kube.seed(created(service('older', { status: {} }), 10_000));
    await reconcile(kube, 'older');
    expect(condition(stored(kube, 'AIMService', 'older'), 'CacheReady')?.reason).toBe('CacheCreating');
  });

  it('holds it while the template cache it found has no status yet or is Pending, not once it progresses', async () => {
    const kube = new FakeKubeClient({ now: () => NOW });
    kube.seed(readyTemplate('tpl', SOURCES), created(service('first'), 60_000));
    await reconcile(kube, 'first');
    kube.seed(created(service('second'), 1_000));
    const held = await reconcile(kube, 'second');
    expect(held.requeueAfterSeconds).toBe(9);
    expect(condition(stored(kube, 'AIMService', 'second'), 'CacheReady')).toBeUndefined();

    // Pending (claims being bound) reads CacheCreating, Progressing CacheNotReady (spec §10.6): held too.
    await setCacheStatus(kube, SHARED_CACHE_NAME, 'Pending');
    expect((await reconcile(kube, 'second')).requeueAfterSeconds).toBe(9);
    expect(condition(stored(kube, 'AIMService', 'second'), 'CacheReady')).toBeUndefined();

    await setCacheStatus(kube, SHARED_CACHE_NAME, 'Progressing');
    await reconcile(kube, 'second');
    expect(condition(stored(kube, 'AIMService', 'second'), 'CacheReady')?.reason).toBe('CacheNotReady');
  });

  it('finds the cluster template of a Cluster-scoped resolution', async () => {
    const kube = new FakeKubeClient({ now: () => NOW });
    kube.seed(
      readyTemplate('ctpl', SOURCES, {}, true),
      service('svc', { status: { resolvedTemplate: { name: 'ctpl', scope: 'Cluster' } } }),
    );
    await reconcile(kube, 'svc');
    expect(caches(kube)[0]?.spec).toMatchObject({ templateName: 'ctpl', templateScope: 'Cluster' });
  });
});

function inferenceService(name: string): KubeObject {
  return {
    apiVersion: 'serving.kserve.io/v1beta1',
    kind: 'InferenceService',
    metadata: { name, namespace: NS },
    spec: {
      predictor: {
        volumes: [
          { name: 'dshm', emptyDir: { medium: 'Memory' } },
          {
            name: 'hf---org-model-abc',
            persistentVolumeClaim: { claimName: 'hf---org-model-abc-cache-1234abcd' },
          },
        ],
      },
    },
  };
}
