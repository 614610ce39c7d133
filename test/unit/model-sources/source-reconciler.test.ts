import { beforeEach, describe, expect, it } from 'vitest';
import { AIM_API_VERSION } from '../../../shared/api/group.ts';
import type { KubeObject } from '../../../shared/kube/types.ts';
import { createModelSourceReconciler } from '../../../shared/model-sources/source-reconciler.ts';
import { SyncCache } from '../../../shared/model-sources/sync-cache.ts';
import { reconcileObject } from '../../../shared/reconcile/pipeline.ts';
import { FakeKubeClient } from '../../support/fake-kube.ts';
import { conditionOf, context, dockerSecret, NOW, recorder } from '../models/support.ts';
import { FakeSourceLister, modelSource } from './support.ts';

const PASSWORD = 'l1st-me-s3cret';
const MODEL_GVK = { apiVersion: AIM_API_VERSION, kind: 'AIMClusterModel' };
const key = (name: string) => ({ apiVersion: AIM_API_VERSION, kind: 'AIMClusterModelSource', name });

let kube: FakeKubeClient;
let lister: FakeSourceLister;
let reconciler: ReturnType<typeof createModelSourceReconciler>;

beforeEach(() => {
  kube = new FakeKubeClient({ now: () => NOW });
  lister = new FakeSourceLister()
    .registry('reg.example', {
      repositories: {
        'amd/aim-llama': ['0.8.3', '0.8.4', '0.9.0-rc1', 'latest'],
        'amd/aim-qwen': ['0.8.4', 'v0.8.5'],
        'amd/aim-base': ['0.8.4'],
        'other/thing': ['1.0.0'],
      },
    })
    .registry('private.example', {
      repositories: { 'team/secret-model': ['1.0.0', '1.1.0'] },
      user: { username: 'robot', password: PASSWORD },
    });
  reconciler = createModelSourceReconciler({ lister, cache: new SyncCache() });
});

const reconcile = (name: string, at: Date = NOW, extra = {}) =>
  reconcileObject(context(kube, { now: () => at, ...extra }), reconciler, key(name));
const models = () => kube.objects(MODEL_GVK);
const stored = (name: string) => kube.peek(key(name));

describe('AIMClusterModelSource reconciler', () => {
  it('creates one owned, labelled and annotated cluster model per matching image', async () => {
    kube.seed(
      modelSource('aims', {
        registry: 'reg.example',
        filters: [{ image: 'amd/aim-*', exclude: ['aim-base'], versions: ['>=0.8.4'] }],
      }),
    );
    const outcome = await reconcile('aims');
    const source = stored('aims')!;
    const created = models();
    expect(created.map((m) => m.spec.image).sort()).toEqual([
      'reg.example/amd/aim-llama:0.8.4',
      'reg.example/amd/aim-qwen:0.8.4',
      'reg.example/amd/aim-qwen:v0.8.5',
    ]);
    const llama = created.find((m) => m.spec.image === 'reg.example/amd/aim-llama:0.8.4')!;
    expect(llama.metadata.name).toMatch(/^amd-aim-llama-0-8-4-[0-9a-f]{6}$/);
    expect(llama.metadata.labels).toMatchObject({
      'aim.eai.amd.com/model-source': 'aims',
      'aim.eai.amd.com/origin': 'auto-generated',
      'aim.eai.amd.com/cluster-model-source.name': 'aims',
    });
    expect(llama.metadata.annotations).toEqual({
      'aim.eai.amd.com/source-registry': 'reg.example',
      'aim.eai.amd.com/source-repository': 'amd/aim-llama',
      'aim.eai.amd.com/source-tag': '0.8.4',
    });
    expect(llama.metadata.ownerReferences).toEqual([
      expect.objectContaining({
        kind: 'AIMClusterModelSource',
        name: 'aims',
        uid: source.metadata.uid,
        controller: true,
      }),
    ]);
    expect(source.status).toMatchObject({
      status: 'Ready',
      discoveredModels: 3,
      availableModels: 3,
      modelsLimitReached: false,
      lastSyncTime: '2026-05-01T12:00:00Z',
    });
    expect(conditionOf(source, 'FiltersReady')).toMatchObject({
      status: 'True',
      reason: 'AllFiltersSucceeded',
    });
    expect(conditionOf(source, 'ExistingModelsReady')?.status).toBe('True');
    expect(conditionOf(source, 'MaxModelsLimitReached')).toMatchObject({
      status: 'False',
      reason: 'WithinLimit',
    });
    expect(outcome.requeueAfterSeconds).toBe(3600);
  });

  it('stops at maxModels, newest versions first, and reports the limit', async () => {
    kube.seed(
      modelSource('capped', { registry: 'reg.example', filters: [{ image: 'amd/aim-llama' }], maxModels: 2 }),
    );
    await reconcile('capped');
    const tags = models().map((m) => m.metadata.annotations?.['aim.eai.amd.com/source-tag']);
    expect(tags.sort()).toEqual(['0.8.4', '0.9.0-rc1']);
    expect(models()).toHaveLength(2);
    const source = stored('capped')!;
    expect(source.status).toMatchObject({
      status: 'Ready',
      discoveredModels: 2,
      availableModels: 4,
      modelsLimitReached: true,
    });
    expect(conditionOf(source, 'MaxModelsLimitReached')).toMatchObject({
      status: 'True',
      reason: 'LimitReached',
    });
  });

  it('is append-only: images that stop matching keep their models, new ones are added', async () => {
    kube.seed(modelSource('grow', { registry: 'reg.example', filters: [{ image: 'amd/aim-qwen:0.8.4' }] }));
    await reconcile('grow');
    expect(models().map((m) => m.spec.image)).toEqual(['reg.example/amd/aim-qwen:0.8.4']);
    const source = stored('grow')!;
    await kube.apply(
      {
        ...source,
        metadata: { name: 'grow' },
        spec: { ...source.spec, filters: [{ image: 'other/*' }] },
        status: undefined,
      } as KubeObject,
      { fieldManager: 'user', force: true },
    );
    await reconcile('grow');
    expect(
      models()
        .map((m) => m.spec.image)
        .sort(),
    ).toEqual(['reg.example/amd/aim-qwen:0.8.4', 'reg.example/other/thing:1.0.0']);
    expect(stored('grow')!.status).toMatchObject({
      discoveredModels: 2,
      availableModels: 1,
      modelsLimitReached: false,
    });
  });

  it('without credentials for a private registry: Failed, no models, and no secret anywhere', async () => {
    kube.seed(modelSource('private', { registry: 'private.example', filters: [{ image: 'team/*' }] }));
    const events = recorder();
    await reconcile('private', NOW, { recorder: events });
    const source = stored('private')!;
    expect(models()).toEqual([]);
    expect(source.status.status).toBe('Failed');
    expect(conditionOf(source, 'Ready')).toMatchObject({ status: 'False', reason: 'AllFiltersFailed' });
    expect(conditionOf(source, 'FiltersReady')?.message).toContain(
      'filter "team/*": registry private.example requires authentication',
    );
  });

  it('with a spec.registry that is no host: Failed, naming the field and the value (issue 14)', async () => {
    kube.seed(modelSource('bad', { registry: 'not a host', filters: [{ image: 'team/*' }] }));
    await reconcile('bad', NOW);
    const source = stored('bad')!;
    expect(models()).toEqual([]);
    expect(source.status.status).toBe('Failed');
    expect(conditionOf(source, 'Ready')).toMatchObject({
      reason: 'AllFiltersFailed',
      message: expect.stringContaining('filter "team/*": spec.registry "not a host" is not a registry host'),
    });
  });

  it('with the pull secret from the operator namespace: models, which carry the secret', async () => {
    kube.seed(
      dockerSecret('regcred', 'aim-system', { 'private.example': { username: 'robot', password: PASSWORD } }),
      modelSource('private', {
        registry: 'private.example',
        filters: [{ image: 'team/*' }],
        imagePullSecrets: [{ name: 'regcred' }],
      }),
    );
    const events = recorder();
    await reconcile('private', NOW, { recorder: events });
    expect(models().map((m) => m.spec)).toEqual(
      [
        { image: 'private.example/team/secret-model:1.1.0', imagePullSecrets: [{ name: 'regcred' }] },
        { image: 'private.example/team/secret-model:1.0.0', imagePullSecrets: [{ name: 'regcred' }] },
      ].sort((a, b) => (a.image < b.image ? -1 : 1)),
    );
    expect(stored('private')!.status.status).toBe('Ready');
    expect(events.events.find((e) => e.reason === 'ModelsCreated')?.message).toContain(
      'Created 2 AIMClusterModel(s)',
    );
    expect(JSON.stringify([stored('private'), events.events])).not.toContain(PASSWORD);
  });

  it('names a missing pull secret, and some failing filters make the source Degraded', async () => {
    kube.seed(
      modelSource('mixed', {
        registry: 'reg.example',
        filters: [{ image: 'amd/aim-qwen' }, { image: 'amd/missing' }, { image: 'elsewhere.example/x/*' }],
      }),
      modelSource('nosecret', {
        registry: 'reg.example',
        filters: [{ image: 'amd/*' }],
        imagePullSecrets: [{ name: 'gone' }],
      }),
    );
    await reconcile('mixed');
    const mixed = stored('mixed')!;
    expect(mixed.status).toMatchObject({ status: 'Degraded', discoveredModels: 2 });
    expect(conditionOf(mixed, 'FiltersReady')).toMatchObject({
      status: 'False',
      reason: 'SomeFiltersFailed',
    });
    expect(conditionOf(mixed, 'FiltersReady')?.message).toContain(
      'registry elsewhere.example differs from spec.registry',
    );
    await reconcile('nosecret');
    expect(conditionOf(stored('nosecret'), 'FiltersReady')?.message).toContain(
      'imagePullSecret "gone" not found in namespace "aim-system"',
    );
    expect(stored('nosecret')!.status.status).toBe('Failed');
  });

  it('lists again only when the sync is due; between syncs lastSyncTime and status stay put', async () => {
    kube.seed(
      modelSource('timed', {
        registry: 'reg.example',
        filters: [{ image: 'amd/aim-qwen' }],
        syncInterval: '10m',
      }),
    );
    await reconcile('timed');
    const listings = () => lister.calls.filter((call) => call.startsWith('tags')).length;
    expect(listings()).toBe(1);
    const first = stored('timed')!;

    const later = new Date(NOW.getTime() + 4 * 60_000);
    const outcome = await reconcile('timed', later);
    expect(listings()).toBe(1);
    expect(outcome.requeueAfterSeconds).toBe(360);
    expect(stored('timed')!.metadata.resourceVersion).toBe(first.metadata.resourceVersion);

    lister.registries.get('reg.example')!.repositories['amd/aim-qwen']!.push('0.9.0');
    const due = new Date(NOW.getTime() + 10 * 60_000);
    await reconcile('timed', due);
    expect(listings()).toBe(2);
    expect(stored('timed')!.status).toMatchObject({
      discoveredModels: 3,
      lastSyncTime: '2026-05-01T12:10:00Z',
    });
  });

  it('keeps failed listings out of the cache, so the next event tries again', async () => {
    lister.registry('flaky.example', { repositories: { 'a/b': ['1.0.0'] }, failure: new Error('boom') });
    kube.seed(modelSource('flaky', { registry: 'flaky.example', filters: [{ image: 'a/b' }] }));
    await reconcile('flaky');
    expect(stored('flaky')!.status.status).toBe('Failed');
    lister.registry('flaky.example', { repositories: { 'a/b': ['1.0.0'] } });
    await reconcile('flaky', new Date(NOW.getTime() + 60_000));
    expect(stored('flaky')!.status).toMatchObject({
      status: 'Ready',
      discoveredModels: 1,
      lastSyncTime: '2026-05-01T12:00:00Z',
    });
  });

  it("reads the models it made from the function's cache, not a LIST per reconcile", async () => {
    kube.seed(modelSource('aims', { registry: 'reg.example', filters: [{ image: 'amd/aim-qwen' }] }));
    await reconcile('aims');
    expect(models()).toHaveLength(2);
    // A cache that already holds both: the second reconcile lists nothing live and creates nothing.
    const cached = new FakeKubeClient({ now: () => NOW });
    cached.seed(stored('aims')!, ...models());
    kube.resetCalls();
    await reconcile('aims', NOW, { reads: cached });
    expect(kube.calls.filter((call) => call.method === 'list')).toEqual([]);
    expect(cached.calls.filter((call) => call.method === 'list')).toHaveLength(1);
    expect(stored('aims')!.status).toMatchObject({ discoveredModels: 2, availableModels: 2 });
  });
});
