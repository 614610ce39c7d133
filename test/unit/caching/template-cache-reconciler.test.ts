import { describe, expect, it } from 'vitest';
import { templateCacheReconciler } from '../../../shared/caching/template-cache-reconciler.ts';
import type { KubeObject } from '../../../shared/kube/types.ts';
import { reconcileObject } from '../../../shared/reconcile/pipeline.ts';
import { FakeKubeClient } from '../../support/fake-kube.ts';
import { aim, condition, NOW, NS, readyTemplate, recordingContext } from './fixtures.ts';

const API = 'aim.eai.amd.com/v1alpha1';
const ARTIFACT = { apiVersion: API, kind: 'AIMArtifact' };
const NAMESPACE: KubeObject = { apiVersion: 'v1', kind: 'Namespace', metadata: { name: NS } };

function cache(name: string, spec: Record<string, unknown> = {}, uid?: string): KubeObject {
  return aim(
    'AIMTemplateCache',
    name,
    { templateName: 'tpl', templateScope: 'Namespace', mode: 'Shared', ...spec },
    uid ? { metadata: { name, namespace: NS, uid } } : {},
  );
}

function artifact(
  name: string,
  sourceUri: string,
  extra: Partial<KubeObject['metadata']> = {},
  status?: string,
): KubeObject {
  return aim(
    'AIMArtifact',
    name,
    { sourceUri },
    {
      metadata: { name, namespace: NS, ...extra },
      ...(status !== undefined ? { status: { status } } : {}),
    },
  );
}

function reconcile(kube: FakeKubeClient, name: string) {
  return reconcileObject(recordingContext(kube), templateCacheReconciler(), {
    apiVersion: API,
    kind: 'AIMTemplateCache',
    namespace: NS,
    name,
  });
}

function storedCache(kube: FakeKubeClient, name: string) {
  return kube.peek({ apiVersion: API, kind: 'AIMTemplateCache', namespace: NS, name });
}

function artifacts(kube: FakeKubeClient) {
  return kube.objects(ARTIFACT);
}

async function setArtifactStatus(kube: FakeKubeClient, name: string, status: Record<string, unknown>) {
  const current = kube.peek({ ...ARTIFACT, namespace: NS, name });
  if (!current) throw new Error(`no artifact ${name}`);
  await kube.applyStatus({ ...current, status }, { fieldManager: 'artifact-writer' });
}

describe('template cache artifacts (spec §11.3, §11.4)', () => {
  it('creates one unowned artifact per source with the upstream names, labels and env', async () => {
    const kube = new FakeKubeClient({ now: () => NOW });
    kube.seed(
      NAMESPACE,
      readyTemplate('tpl', [
        { modelId: 'HuggingFaceTB/SmolLM2-135M', sourceUri: 'hf://HuggingFaceTB/SmolLM2-135M', size: '2Gi' },
        { modelId: 'sshleifer/tiny-gpt2', sourceUri: 'hf://sshleifer/tiny-gpt2', size: '4Gi' },
      ]),
      cache('tpl-cache', { env: [{ name: 'HF_TOKEN', value: 'my-token' }] }),
    );
    await reconcile(kube, 'tpl-cache');
    const created = artifacts(kube);
    expect(created.map((entry) => entry.metadata.name)).toEqual([
      expect.stringMatching(/^hf---huggingfacetb-smollm2-135m-[0-9a-f]{10}$/),
      'hf---sshleifer-tiny-gpt2-8b6a4bfd16',
    ]);
    expect(created.map((entry) => entry.metadata.labels?.['aim.eai.amd.com/template.index'])).toEqual([
      '0',
      '1',
    ]);
    for (const entry of created) {
      expect(entry.metadata.ownerReferences).toBeUndefined();
      expect(entry.metadata.labels).toMatchObject({
        'template-created': 'true',
        'aim.eai.amd.com/template.name': 'tpl',
        'aim.eai.amd.com/template.scope': 'Namespace',
        'aim.eai.amd.com/template-cache.name': 'tpl-cache',
      });
      expect(entry.spec.env).toEqual([{ name: 'HF_TOKEN', value: 'my-token' }]);
    }
    expect(created.map((entry) => entry.spec.size)).toEqual(['2Gi', '4Gi']);
    expect(created[1]?.spec).toMatchObject({
      sourceUri: 'hf://sshleifer/tiny-gpt2',
      modelId: 'sshleifer/tiny-gpt2',
    });
    const stored = storedCache(kube, 'tpl-cache');
    expect(stored?.metadata.finalizers).toEqual(['aim.eai.amd.com/artifactcleanup']);
    expect(stored?.status?.status).toBe('Progressing');
    expect(condition(stored, 'ArtifactsReady')).toMatchObject({ status: 'False', reason: 'CreatingCaches' });
  });

  it('names a shared artifact the same for every cache that asks for the same download', async () => {
    const kube = new FakeKubeClient({ now: () => NOW });
    kube.seed(
      NAMESPACE,
      readyTemplate('tpl', [
        { modelId: 'HuggingFaceTB/SmolLM2-135M', sourceUri: 'hf://HuggingFaceTB/SmolLM2-135M' },
      ]),
      cache('tpl-cache'),
    );
    await reconcile(kube, 'tpl-cache');
    expect(artifacts(kube).map((entry) => entry.metadata.name)).toEqual([
      'hf---huggingfacetb-smollm2-135m-d4dc6f81cc',
    ]);
    expect(artifacts(kube)[0]?.spec.size).toBeUndefined();
  });

  it('labels artifacts of a cluster template with the Cluster scope', async () => {
    const kube = new FakeKubeClient({ now: () => NOW });
    kube.seed(
      NAMESPACE,
      readyTemplate('tpl', [{ modelId: 'o/m', sourceUri: 'hf://o/m' }], {}, true),
      cache('tpl-cache', { templateScope: 'Cluster' }),
    );
    await reconcile(kube, 'tpl-cache');
    expect(artifacts(kube)[0]?.metadata.labels?.['aim.eai.amd.com/template.scope']).toBe('Cluster');
  });

  it('owns the artifacts of a Dedicated cache and ignores artifacts it does not own', async () => {
    const kube = new FakeKubeClient({ now: () => NOW });
    kube.seed(
      NAMESPACE,
      readyTemplate('tpl', [{ modelId: 'o/m', sourceUri: 'hf://o/m' }]),
      cache('dedicated', { mode: 'Dedicated' }, 'cache-uid'),
      artifact('shared-copy', 'hf://o/m', {}, 'Ready'),
    );
    await reconcile(kube, 'dedicated');
    const owned = artifacts(kube).filter((entry) => entry.metadata.ownerReferences !== undefined);
    expect(owned).toHaveLength(1);
    expect(owned[0]?.metadata.ownerReferences?.[0]).toMatchObject({
      kind: 'AIMTemplateCache',
      name: 'dedicated',
    });
  });

  it('matches a Shared cache only to unowned artifacts of its storage class that have a status', async () => {
    const kube = new FakeKubeClient({ now: () => NOW });
    const owner = {
      apiVersion: API,
      kind: 'AIMTemplateCache',
      name: 'other',
      uid: 'other-uid',
      controller: true,
    };
    kube.seed(
      NAMESPACE,
      readyTemplate('tpl', [{ modelId: 'o/m', sourceUri: 'hf://o/m' }]),
      cache('fast', { storageClassName: 'fast' }),
      artifact('owned', 'hf://o/m', { ownerReferences: [owner] }, 'Ready'),
      artifact('slow', 'hf://o/m', {}, 'Ready'),
      artifact('fresh', 'hf://o/m'),
    );
    await reconcile(kube, 'fast');
    const created = artifacts(kube).filter(
      (entry) => !['owned', 'slow', 'fresh'].includes(entry.metadata.name),
    );
    expect(created).toHaveLength(1);
    expect(created[0]?.spec.storageClassName).toBe('fast');
  });

  it('reuses the best existing artifact and reports it in status.artifacts', async () => {
    const kube = new FakeKubeClient({ now: () => NOW });
    kube.seed(
      NAMESPACE,
      readyTemplate('tpl', [{ modelId: 'o/m', sourceUri: 'hf://o/m' }]),
      cache('tpl-cache'),
      artifact('failed-one', 'hf://o/m', {}, 'Failed'),
      artifact('good-one', 'hf://o/m', { uid: 'good-uid' }, 'Progressing'),
    );
    await setArtifactStatus(kube, 'good-one', {
      status: 'Progressing',
      persistentVolumeClaim: 'good-one-cache-12345678',
      conditions: [{ type: 'Ready', status: 'False', reason: 'Progressing', message: 'Downloading 40 %' }],
    });
    await reconcile(kube, 'tpl-cache');
    expect(artifacts(kube)).toHaveLength(2);
    let stored = storedCache(kube, 'tpl-cache');
    expect(stored?.status?.artifacts).toEqual({
      'good-one': {
        uid: 'good-uid',
        name: 'good-one',
        model: 'o/m',
        status: 'Progressing',
        persistentVolumeClaim: 'good-one-cache-12345678',
      },
    });
    expect(condition(stored, 'ArtifactsReady')).toMatchObject({
      status: 'False',
      reason: 'Progressing',
      message: 'One or more caches are not ready: Downloading 40 %',
    });

    await setArtifactStatus(kube, 'good-one', { status: 'Ready' });
    await reconcile(kube, 'tpl-cache');
    stored = storedCache(kube, 'tpl-cache');
    expect(stored?.status?.status).toBe('Ready');
    expect(condition(stored, 'ArtifactsReady')).toMatchObject({ status: 'True', reason: 'AllCachesReady' });
    expect(condition(stored, 'Ready')).toMatchObject({ status: 'True' });
  });

  it("labels each artifact with its source's position in the template, stable across passes", async () => {
    // Regression (issue 13): the index counted missing sources, so an artifact created in a
    // second pass (its sibling already had a status) was labelled 0 like the first one.
    const kube = new FakeKubeClient({ now: () => NOW });
    const sources = [
      { modelId: 'o/first', sourceUri: 'hf://o/first' },
      { modelId: 'o/second', sourceUri: 'hf://o/second' },
    ];
    kube.seed(NAMESPACE, readyTemplate('tpl', sources.slice(0, 1)), cache('tpl-cache'));
    await reconcile(kube, 'tpl-cache');
    const [first] = artifacts(kube);
    await setArtifactStatus(kube, first?.metadata.name ?? '', { status: 'Progressing' });

    kube.seed(readyTemplate('tpl', sources));
    await reconcile(kube, 'tpl-cache');
    await reconcile(kube, 'tpl-cache');
    const indexBySource = Object.fromEntries(
      artifacts(kube).map((entry) => [
        entry.spec?.sourceUri,
        entry.metadata.labels?.['aim.eai.amd.com/template.index'],
      ]),
    );
    expect(indexBySource).toEqual({ 'hf://o/first': '0', 'hf://o/second': '1' });
  });

  it('does not re-apply an artifact that exists unchanged but has no status yet', async () => {
    const kube = new FakeKubeClient({ now: () => NOW });
    kube.seed(
      NAMESPACE,
      readyTemplate('tpl', [{ modelId: 'o/m', sourceUri: 'hf://o/m' }]),
      cache('tpl-cache'),
    );
    await reconcile(kube, 'tpl-cache');
    kube.resetCalls();
    await reconcile(kube, 'tpl-cache');
    expect(kube.callsOf('apply')).toEqual([]);
    expect(kube.callsOf('applyStatus')).toEqual([]);
  });
});

describe('template cache status from its template (spec §11.5)', () => {
  async function statusFor(template: KubeObject | undefined, spec: Record<string, unknown> = {}) {
    const kube = new FakeKubeClient({ now: () => NOW });
    kube.seed(NAMESPACE, cache('c', spec));
    if (template) kube.seed(template);
    await reconcile(kube, 'c');
    return { stored: storedCache(kube, 'c'), artifacts: artifacts(kube) };
  }

  it('fails with ReferenceNotFound naming spec.templateName for a missing template or the wrong scope', async () => {
    for (const [template, spec, where] of [
      [undefined, {}, 'no AIMServiceTemplate in namespace'],
      [
        readyTemplate('tpl', [{ modelId: 'o/m', sourceUri: 'hf://o/m' }]),
        { templateScope: 'Cluster' },
        'no AIMClusterServiceTemplate of that name (spec.templateScope Cluster)',
      ],
    ] as const) {
      const { stored, artifacts: created } = await statusFor(template, spec);
      expect(stored?.status?.status).toBe('Failed');
      expect(condition(stored, 'ServiceTemplateReady')).toMatchObject({
        status: 'False',
        reason: 'ReferenceNotFound',
        message: expect.stringMatching(
          new RegExp(`^spec\\.templateName "[^"]+": ${where.replace(/[()]/g, '\\$&')}`),
        ),
      });
      expect(condition(stored, 'Ready')).toMatchObject({ status: 'False', reason: 'ReferenceNotFound' });
      expect(condition(stored, 'ArtifactsReady')).toMatchObject({ reason: 'NoCaches' });
      expect(created).toEqual([]);
    }
  });

  it('finds an Unknown-scope template in the cluster when the namespace has none', async () => {
    const { stored, artifacts: created } = await statusFor(
      readyTemplate('tpl', [{ modelId: 'o/m', sourceUri: 'hf://o/m' }], {}, true),
      { templateScope: 'Unknown' },
    );
    expect(condition(stored, 'ServiceTemplateReady')).toMatchObject({ status: 'True' });
    expect(created).toHaveLength(1);
  });

  it('follows the template: Failed, NotAvailable, Progressing ⇒ Pending, Ready with sources ⇒ Progressing', async () => {
    const withState = (status: string, ready: 'True' | 'False' | 'Unknown', reason: string) => ({
      ...readyTemplate('tpl', [{ modelId: 'o/m', sourceUri: 'hf://o/m' }]),
      status: {
        status,
        modelSources: [{ modelId: 'o/m', sourceUri: 'hf://o/m' }],
        conditions: [{ type: 'Ready', status: ready, reason, message: `template ${status}` }],
      },
    });
    const cases: [KubeObject, string][] = [
      [withState('Failed', 'False', 'DiscoveryFailed'), 'Failed'],
      [withState('NotAvailable', 'False', 'GPUNotAvailable'), 'NotAvailable'],
      [withState('Progressing', 'False', 'Progressing'), 'Pending'],
      [withState('Ready', 'True', 'AllComponentsReady'), 'Progressing'],
    ];
    for (const [template, expected] of cases) {
      const { stored } = await statusFor(template);
      expect(stored?.status?.status).toBe(expected);
      expect(condition(stored, 'ServiceTemplateReady')?.status).toBe(
        expected === 'Progressing' ? 'True' : 'False',
      );
    }
  });
});

describe('template cache finalizer (spec §11.1)', () => {
  function seeded() {
    const kube = new FakeKubeClient({ now: () => NOW });
    const labels = { 'aim.eai.amd.com/template-cache.name': 'c' };
    kube.seed(
      readyTemplate('tpl', []),
      cache('c'),
      artifact('done', 'hf://o/a', { labels }, 'Ready'),
      artifact('broken', 'hf://o/b', { labels }, 'Failed'),
      artifact('someone-elses', 'hf://o/c', {}, 'Failed'),
    );
    return kube;
  }

  it('deletes the non-Ready artifacts it created and keeps the Ready ones', async () => {
    const kube = seeded();
    kube.seed(NAMESPACE);
    await reconcile(kube, 'c');
    await kube.delete({ apiVersion: API, kind: 'AIMTemplateCache', namespace: NS, name: 'c' });
    expect(storedCache(kube, 'c')?.metadata.deletionTimestamp).toBeDefined();
    const outcome = await reconcile(kube, 'c');
    expect(outcome.result).toBe('deleted');
    expect(storedCache(kube, 'c')).toBeUndefined();
    expect(
      artifacts(kube)
        .map((entry) => entry.metadata.name)
        .sort(),
    ).toEqual(['done', 'someone-elses']);
  });

  it('does nothing but release the cache in a terminating or unreadable namespace', async () => {
    for (const namespace of [
      {
        ...NAMESPACE,
        metadata: { name: NS, deletionTimestamp: NOW.toISOString(), finalizers: ['kubernetes'] },
      },
      undefined,
    ]) {
      const kube = seeded();
      if (namespace) kube.seed(namespace);
      else kube.seed(NAMESPACE);
      await reconcile(kube, 'c');
      if (!namespace) kube.failNext('get', 'Forbidden', (call) => call.key?.kind === 'Namespace');
      await kube.delete({ apiVersion: API, kind: 'AIMTemplateCache', namespace: NS, name: 'c' });
      await reconcile(kube, 'c');
      expect(storedCache(kube, 'c')).toBeUndefined();
      expect(artifacts(kube)).toHaveLength(3);
    }
  });
});
