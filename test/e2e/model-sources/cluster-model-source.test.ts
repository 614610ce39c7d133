import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalPlatform } from '../../../local/platform/local-platform.ts';
import { loadKubeConfig } from '../../../shared/kube/client.ts';
import { createTransport } from '../../../shared/kube/transport.ts';
import type { KubeClient, KubeObject } from '../../../shared/kube/types.ts';
import { generateModelSourceModelName } from '../../../shared/naming/model-names.ts';
import { type LocalRegistry, startOpenAndLockedRegistries } from '../../registry/local-registry.ts';
import { pushImage } from '../../registry/push-image.ts';
import { conditionOf } from '../support/conditions.ts';
import { platformForTest } from '../support/platform.ts';
import { eventually, objectWhen } from '../support/wait.ts';

/**
 * AIMClusterModelSource on the local platform (model-inspect alone) against two real registries
 * (Debian's docker-registry): an open one listed through `_catalog` and `tags/list`, and one behind
 * htpasswd that only a source with the pull secret (operator namespace) may list.
 */
const AIM = 'aim.eai.amd.com/v1alpha1';
const SYSTEM_NS = 'aim-system';
const USER = { username: 'lister', password: 'e2e-L1st-Pa55' };
const FIELD_MANAGER = 'e2e';
const SOURCE_LABEL = 'aim.eai.amd.com/model-source';

let platform: LocalPlatform;
let client: KubeClient;
let open: LocalRegistry;
let locked: LocalRegistry;

const labels = (name: string) => ({ 'com.amd.aim.model.canonicalName': name });

function source(name: string, spec: Record<string, unknown>): KubeObject {
  return { apiVersion: AIM, kind: 'AIMClusterModelSource', metadata: { name }, spec };
}

const sourceKey = (name: string) => ({ apiVersion: AIM, kind: 'AIMClusterModelSource', name });

const sourceWhen = (name: string, what: string, ready: (object: KubeObject) => boolean) =>
  objectWhen(client, sourceKey(name), what, ready);

async function modelsOf(name: string): Promise<KubeObject[]> {
  const list = await client.list(
    { apiVersion: AIM, kind: 'AIMClusterModel' },
    { labelSelector: `${SOURCE_LABEL}=${name}` },
  );
  return list.items;
}

beforeAll(async () => {
  ({ open, locked } = await startOpenAndLockedRegistries('model-source', USER));
  for (const [repository, tags] of [
    ['amd/aim-llama', ['0.7.9', '0.8.0', '0.8.4', '0.9.0-rc1', 'latest']],
    ['amd/aim-qwen', ['0.8.4', 'v0.8.5']],
    ['amd/aim-base', ['0.8.4']],
    ['other/tool', ['1.0.0']],
  ] as const) {
    for (const tag of tags) await pushImage(open, repository, tag, labels(`${repository}:${tag}`));
  }
  await pushImage(locked, 'team/secret-model', '1.0.0', labels('team/secret-model'));
  await pushImage(locked, 'team/secret-model', '1.1.0', labels('team/secret-model'));

  platform = await platformForTest('model-sources', {
    functions: ['model-inspect'],
    resyncIntervalMs: 5_000,
    beforeFunctions: async (kube) => {
      const config = { auths: { [locked.host]: { username: USER.username, password: USER.password } } };
      await kube.apply(
        {
          apiVersion: 'v1',
          kind: 'Secret',
          metadata: { name: 'lister-cred', namespace: SYSTEM_NS },
          type: 'kubernetes.io/dockerconfigjson',
          data: { '.dockerconfigjson': Buffer.from(JSON.stringify(config)).toString('base64') },
        },
        { fieldManager: FIELD_MANAGER },
      );
    },
  });
  client = platform.client;
}, 600_000);

afterAll(async () => {
  await platform?.stop();
  await open?.stop();
  await locked?.stop();
});

describe('AIMClusterModelSource against a real registry', () => {
  it('lists with wildcard, exclude and semver constraints, stops at maxModels and says so', async () => {
    await client.apply(
      source('open-aims', {
        registry: open.host,
        filters: [{ image: 'amd/aim-*', exclude: ['aim-base'] }],
        versions: ['>=0.8.0'],
        maxModels: 3,
      }),
      { fieldManager: FIELD_MANAGER },
    );
    const ready = await sourceWhen(
      'open-aims',
      'Ready with 3 models',
      (s) => s.status?.status === 'Ready' && s.status.discoveredModels === 3,
    );
    // Matching: llama 0.8.0, 0.8.4 (not 0.7.9, not the rc, not latest), qwen 0.8.4, v0.8.5; base excluded.
    expect(ready.status).toMatchObject({ availableModels: 4, discoveredModels: 3, modelsLimitReached: true });
    expect(conditionOf(ready, 'MaxModelsLimitReached')).toMatchObject({
      status: 'True',
      reason: 'LimitReached',
    });
    expect(conditionOf(ready, 'FiltersReady')).toMatchObject({
      status: 'True',
      reason: 'AllFiltersSucceeded',
    });
    expect(Date.parse(ready.status.lastSyncTime)).not.toBeNaN();

    const models = await modelsOf('open-aims');
    // Newest first per repository, repositories in name order: llama 0.8.4, 0.8.0, then qwen v0.8.5.
    expect(models.map((m) => m.spec.image).sort()).toEqual(
      [
        `${open.host}/amd/aim-llama:0.8.0`,
        `${open.host}/amd/aim-llama:0.8.4`,
        `${open.host}/amd/aim-qwen:v0.8.5`,
      ].sort(),
    );
    const llama = models.find((m) => m.spec.image === `${open.host}/amd/aim-llama:0.8.4`)!;
    expect(llama.metadata.name).toBe(generateModelSourceModelName(open.host, 'amd/aim-llama', '0.8.4'));
    expect(llama.metadata.labels).toMatchObject({
      [SOURCE_LABEL]: 'open-aims',
      'aim.eai.amd.com/origin': 'auto-generated',
    });
    expect(llama.metadata.annotations).toMatchObject({
      'aim.eai.amd.com/source-registry': open.host,
      'aim.eai.amd.com/source-repository': 'amd/aim-llama',
      'aim.eai.amd.com/source-tag': '0.8.4',
    });
    expect(llama.metadata.ownerReferences).toEqual([
      expect.objectContaining({
        kind: 'AIMClusterModelSource',
        name: 'open-aims',
        uid: ready.metadata.uid,
        controller: true,
      }),
    ]);
    // The created models are models like any other: model-inspect reads their images.
    await eventually('a created model inspected', async () => {
      const model = await client.getOptional({
        apiVersion: AIM,
        kind: 'AIMClusterModel',
        name: llama.metadata.name,
      });
      return model?.status?.imageMetadata?.model?.canonicalName === 'amd/aim-llama:0.8.4';
    });

    // A model deleted by hand comes back: its delete event reaches the source, whose image still matches.
    const llamaKey = { apiVersion: AIM, kind: 'AIMClusterModel', name: llama.metadata.name };
    await client.delete(llamaKey);
    const recreated = await eventually('the deleted model re-created', async () => {
      const model = await client.getOptional(llamaKey);
      return model !== undefined && model.metadata.uid !== llama.metadata.uid ? model : undefined;
    });
    expect(recreated.spec.image).toBe(llama.spec.image);
    expect(await modelsOf('open-aims')).toHaveLength(3);
  });

  it('prints useful columns for kubectl get aimclsrc', async () => {
    await sourceWhen('open-aims', 'synced', (s) => s.status?.lastSyncTime !== undefined);
    const transport = createTransport(
      loadKubeConfig({ kubeconfigPath: platform.controlPlane.kubeconfigPath }),
    );
    const table = JSON.parse(
      await transport.request({
        method: 'GET',
        path: '/apis/aim.eai.amd.com/v1alpha1/aimclustermodelsources/open-aims',
        accept: 'application/json;as=Table;v=v1;g=meta.k8s.io',
      }),
    ) as { columnDefinitions: { name: string; priority: number }[]; rows: { cells: unknown[] }[] };
    const shown = table.columnDefinitions
      .filter((column) => column.priority === 0)
      .map((column) => column.name);
    expect(shown).toEqual([
      'Name',
      'Status',
      'Registry',
      'Models',
      'Available',
      'Limit Reached',
      'Last Sync',
      'Age',
    ]);
    const cells = table.rows[0]?.cells ?? [];
    expect(cells.slice(0, 6)).toEqual(['open-aims', 'Ready', open.host, 3, 4, true]);
  });

  it('adds the images pushed later at the next sync, and never deletes models', async () => {
    await client.apply(
      source('growing', { registry: open.host, filters: [{ image: 'other/tool' }], syncInterval: '3s' }),
      { fieldManager: FIELD_MANAGER },
    );
    const first = await sourceWhen('growing', 'one model', (s) => s.status?.discoveredModels === 1);
    await pushImage(open, 'other/tool', '1.1.0', labels('other/tool:1.1.0'));
    const grown = await sourceWhen('growing', 'two models', (s) => s.status?.discoveredModels === 2);
    expect(Date.parse(grown.status.lastSyncTime)).toBeGreaterThan(Date.parse(first.status.lastSyncTime));
    expect((await modelsOf('growing')).map((m) => m.spec.image).sort()).toEqual([
      `${open.host}/other/tool:1.0.0`,
      `${open.host}/other/tool:1.1.0`,
    ]);

    // Narrowing the filter keeps what was created.
    await client.apply(
      source('growing', {
        registry: open.host,
        filters: [{ image: 'other/tool:1.1.0' }],
        syncInterval: '3s',
      }),
      { fieldManager: FIELD_MANAGER },
    );
    const narrowed = await sourceWhen(
      'growing',
      'spec observed',
      (s) => s.status?.observedGeneration === s.metadata.generation,
    );
    expect(narrowed.status).toMatchObject({ discoveredModels: 2, availableModels: 1 });
    expect(await modelsOf('growing')).toHaveLength(2);
  });

  it('fails without credentials for a private registry and creates nothing; with them, lists it', async () => {
    await client.apply(source('locked-anon', { registry: locked.host, filters: [{ image: 'team/*' }] }), {
      fieldManager: FIELD_MANAGER,
    });
    const failed = await sourceWhen('locked-anon', 'Failed', (s) => s.status?.status === 'Failed');
    expect(conditionOf(failed, 'Ready')).toMatchObject({ status: 'False', reason: 'AllFiltersFailed' });
    expect(conditionOf(failed, 'FiltersReady')?.message).toContain('requires authentication');
    expect(await modelsOf('locked-anon')).toEqual([]);

    await client.apply(
      source('locked-cred', {
        registry: locked.host,
        filters: [{ image: 'team/*' }],
        imagePullSecrets: [{ name: 'lister-cred' }],
      }),
      { fieldManager: FIELD_MANAGER },
    );
    const ready = await sourceWhen(
      'locked-cred',
      'Ready with 2 models',
      (s) => s.status?.status === 'Ready' && s.status.discoveredModels === 2,
    );
    expect(ready.status.modelsLimitReached).toBe(false);
    const models = await modelsOf('locked-cred');
    expect(models.map((m) => m.spec).sort((a, b) => (a.image < b.image ? -1 : 1))).toEqual([
      { image: `${locked.host}/team/secret-model:1.0.0`, imagePullSecrets: [{ name: 'lister-cred' }] },
      { image: `${locked.host}/team/secret-model:1.1.0`, imagePullSecrets: [{ name: 'lister-cred' }] },
    ]);
    expect(await modelsOf('locked-anon')).toEqual([]);

    const logFile = platform.functions.find((fn) => fn.name === 'model-inspect')?.process.logFile;
    const log = logFile ? readFileSync(logFile, 'utf8') : '';
    const base64 = Buffer.from(`${USER.username}:${USER.password}`).toString('base64');
    for (const text of [JSON.stringify(failed.status), JSON.stringify(ready.status), log]) {
      expect(text).not.toContain(USER.password);
      expect(text).not.toContain(base64);
    }
  });
});
