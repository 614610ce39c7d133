import { describe, expect, it } from 'vitest';
import { AIMServiceSchema } from '../../../shared/api/aim-service.ts';
import { fetchServiceCache } from '../../../shared/caching/service-cache-fetch.ts';
import { serviceCacheReconciler } from '../../../shared/caching/service-cache-reconciler.ts';
import { serviceCacheComponent } from '../../../shared/caching/service-cache-status.ts';
import type { KubeObject } from '../../../shared/kube/types.ts';
import { isvcName, templateCacheName } from '../../../shared/naming/service-names.ts';
import { reconcileObject } from '../../../shared/reconcile/pipeline.ts';
import { FakeKubeClient } from '../../support/fake-kube.ts';
import { aim, NOW, NS, type RecordedEvent, readyTemplate, recordingContext } from './fixtures.ts';

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

/**
 * The service's `Cache` component as the cache is now: what isvc-render reports from the same
 * selection (cache-manage writes no status on the service).
 */
async function cacheComponent(kube: FakeKubeClient, name: string) {
  const object = stored(kube, 'AIMService', name);
  if (object === undefined) throw new Error(`no service ${name}`);
  const fetched = await fetchServiceCache(kube, AIMServiceSchema().parse(object), object, undefined);
  return serviceCacheComponent(fetched);
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
    expect(await cacheComponent(kube, 'svc-a')).toMatchObject({
      state: 'Progressing',
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
      expect(await cacheComponent(kube, name)).toMatchObject({ state: 'Ready', reason: 'CacheReady' });
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
    expect((await cacheComponent(kube, 'mine')).reason).toBe('CacheCreating');

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
      ['Progressing', 'Progressing', 'CacheNotReady'],
      ['Failed', 'Failed', 'CacheFailed'],
      ['Pending', 'Progressing', 'CacheCreating'],
      ['Ready', 'Ready', 'CacheReady'],
    ];
    for (const [status, state, reason] of cases) {
      await setCacheStatus(kube, SHARED_CACHE_NAME, status);
      await reconcile(kube, 'svc');
      expect(await cacheComponent(kube, 'svc')).toMatchObject({ component: 'Cache', state, reason });
    }
  });

  it('never writes the service’s status: isvc-render reports the cache', async () => {
    const kube = new FakeKubeClient({ now: () => NOW });
    kube.seed(readyTemplate('tpl', SOURCES), service('svc'), service('waiting', { status: {} }));
    const before = structuredClone(stored(kube, 'AIMService', 'svc')?.status);
    await reconcile(kube, 'svc');
    await reconcile(kube, 'waiting');
    await setCacheStatus(kube, SHARED_CACHE_NAME, 'Ready');
    await reconcile(kube, 'svc');
    const statusWrites = kube.callsOf('applyStatus').filter((call) => call.object?.kind === 'AIMService');
    expect(statusWrites).toEqual([]);
    expect(stored(kube, 'AIMService', 'svc')?.status).toEqual(before);
    expect(stored(kube, 'AIMService', 'waiting')?.status).toEqual({});
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
    expect(await cacheComponent(kube, 'svc')).toMatchObject({ state: 'Degraded', reason: 'CacheLost' });
    await reconcile(kube, 'svc');
    expect(caches(kube).map((cache) => cache.metadata.name)).toEqual([SHARED_CACHE_NAME]);

    await setCacheStatus(kube, SHARED_CACHE_NAME, 'Ready');
    expect(await cacheComponent(kube, 'svc')).toMatchObject({ state: 'Ready' });
  });

  it('says a Dedicated cache is being recreated when its InferenceService lost it', async () => {
    const kube = new FakeKubeClient({ now: () => NOW });
    kube.seed(
      readyTemplate('tpl', SOURCES),
      service('svc', { mode: 'Dedicated' }),
      inferenceService(ISVC_NAME),
    );
    expect(await cacheComponent(kube, 'svc')).toMatchObject({
      state: 'Degraded',
      reason: 'CacheCreating',
      message: expect.stringContaining('Dedicated template cache is being recreated'),
    });
    await reconcile(kube, 'svc');
    expect(caches(kube).map((cache) => cache.spec.mode)).toEqual(['Dedicated']);
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
      expect(await cacheComponent(kube, 'svc')).toMatchObject({
        state: 'Progressing',
        reason: 'CacheCreating',
        message: expect.stringContaining(message),
      });
    }
    const unresolved = new FakeKubeClient({ now: () => NOW });
    unresolved.seed(readyTemplate('tpl', SOURCES), service('svc', { status: {} }));
    await reconcile(unresolved, 'svc');
    expect(caches(unresolved)).toEqual([]);
    expect((await cacheComponent(unresolved, 'svc')).message).toContain('template to be resolved');
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
