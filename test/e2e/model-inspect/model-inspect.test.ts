import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalPlatform } from '../../../local/platform/local-platform.ts';
import type { KubeClient, KubeObject } from '../../../shared/kube/types.ts';
import { generateTemplateName } from '../../../shared/naming/template-names.ts';
import { type LocalRegistry, startOpenAndLockedRegistries } from '../../registry/local-registry.ts';
import { pushImage, pushMultiArchIndex } from '../../registry/push-image.ts';
import { platformForTest } from '../support/platform.ts';
import { eventually, objectWhen } from '../support/wait.ts';

/**
 * model-inspect alone on the local control plane, against real registries (Debian's
 * docker-registry, one anonymous, one behind htpasswd). template-discover does not run: the test
 * plays it by pausing the generated templates and writing their status itself.
 */
const AIM = 'aim.eai.amd.com/v1alpha1';
const NS = 'mi-e2e';
const SYSTEM_NS = 'aim-system';
const USER = { username: 'robot', password: 'e2e-Pa55word' };
const FIELD_MANAGER = 'e2e';

const DUMMY_LABELS = {
  'org.amd.silogen.model.canonicalName': 'HuggingFaceTB/SmolLM2-135M',
  'org.amd.silogen.model.source': 'hf://HuggingFaceTB/SmolLM2-135M',
  'org.amd.silogen.hfToken.required': 'False',
  'org.amd.silogen.model.recommendedDeployments':
    "[{'gpuModel': 'MI300X', 'gpuCount': 1, 'precision': 'fp8', 'metric': 'latency'}, {'gpuModel': 'MI325X', 'gpuCount': 1, 'precision': 'fp8', 'metric': 'throughput', 'profileId': 'mi325x-fp8-throughput'}]",
  'org.opencontainers.image.title': 'AIM dummy',
};
const MULTI_LABELS = {
  'com.amd.aim.model.canonicalName': 'org/multi-arch',
  'com.amd.aim.model.recommendedDeployments':
    '[{"gpuModel": "MI300X", "gpuCount": 2, "precision": "fp16", "metric": "throughput"}]',
};
const PRIVATE_LABELS = {
  'com.amd.aim.model.canonicalName': 'org/private',
  'com.amd.aim.model.recommendedDeployments':
    '[{"gpuModel": "MI300X", "gpuCount": 1, "precision": "bf16", "metric": "latency"}]',
};

let platform: LocalPlatform;
let client: KubeClient;
let open: LocalRegistry;
let locked: LocalRegistry;

function dockerSecret(name: string, namespace: string, host: string, password: string): KubeObject {
  const config = { auths: { [host]: { username: USER.username, password } } };
  return {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: { name, namespace },
    type: 'kubernetes.io/dockerconfigjson',
    data: { '.dockerconfigjson': Buffer.from(JSON.stringify(config)).toString('base64') },
  };
}

function model(name: string, spec: Record<string, unknown>): KubeObject {
  return { apiVersion: AIM, kind: 'AIMModel', metadata: { name, namespace: NS }, spec };
}

const modelKey = (name: string) => ({ apiVersion: AIM, kind: 'AIMModel', namespace: NS, name });

function condition(object: KubeObject | undefined, type: string) {
  return (object?.status?.conditions ?? []).find((c: { type: string }) => c.type === type) as
    | { status: string; reason: string; message: string }
    | undefined;
}

async function modelWhen(
  name: string,
  what: string,
  ready: (object: KubeObject) => boolean,
  kind = 'AIMModel',
) {
  const key = kind === 'AIMModel' ? modelKey(name) : { apiVersion: AIM, kind, name };
  return objectWhen(client, key, what, ready);
}

async function templatesOf(modelName: string, kind = 'AIMServiceTemplate'): Promise<KubeObject[]> {
  const list = await client.list(
    { apiVersion: AIM, kind },
    {
      ...(kind === 'AIMServiceTemplate' ? { namespace: NS } : {}),
      labelSelector: `aim.eai.amd.com/model=${modelName}`,
    },
  );
  return list.items.map((item) => ({ ...item, apiVersion: AIM, kind }));
}

/** Plays template-discover: pause the template so nothing else writes it, then mark it Ready. */
async function markTemplateReady(template: KubeObject): Promise<void> {
  const key = {
    apiVersion: AIM,
    kind: template.kind,
    name: template.metadata.name,
    ...(template.metadata.namespace ? { namespace: template.metadata.namespace } : {}),
  };
  await client.mergePatch(
    key,
    { metadata: { annotations: { 'aim.eai.amd.com/reconciliation-paused': 'true' } } },
    { fieldManager: FIELD_MANAGER },
  );
  await client.applyStatus(
    {
      apiVersion: AIM,
      kind: template.kind,
      metadata: {
        name: template.metadata.name,
        ...(template.metadata.namespace ? { namespace: template.metadata.namespace } : {}),
      },
      status: {
        status: 'Ready',
        conditions: [
          {
            type: 'Ready',
            status: 'True',
            reason: 'AllComponentsReady',
            message: 'set by the e2e test',
            lastTransitionTime: new Date().toISOString(),
          },
        ],
      },
    },
    { fieldManager: FIELD_MANAGER, force: true },
  );
}

async function eventsOf(name: string): Promise<{ type: string; reason: string; message: string }[]> {
  const list = await client.list({ apiVersion: 'v1', kind: 'Event' }, { namespace: NS });
  return list.items
    .filter((event) => (event.involvedObject as { name?: string } | undefined)?.name === name)
    .map((event) => ({
      type: String(event.type),
      reason: String(event.reason),
      message: String(event.message),
    }));
}

beforeAll(async () => {
  ({ open, locked } = await startOpenAndLockedRegistries('model-inspect', USER));
  await pushImage(open, 'silogen/aim-dummy', '0.1.10', DUMMY_LABELS, {
    annotations: { 'org.opencontainers.image.revision': 'abc123' },
  });
  await pushMultiArchIndex(open, 'org/multi', '1.0', {
    amd64: MULTI_LABELS,
    arm64: { 'com.amd.aim.model.canonicalName': 'wrong/arm64' },
  });
  await pushImage(locked, 'org/private', '2.0', PRIVATE_LABELS);

  platform = await platformForTest('model-inspect', {
    functions: ['model-inspect'],
    resyncIntervalMs: 5_000,
    beforeFunctions: async (kube) => {
      await kube.apply(
        { apiVersion: 'v1', kind: 'Namespace', metadata: { name: NS } },
        { fieldManager: FIELD_MANAGER },
      );
      for (const secret of [
        dockerSecret('regcred', NS, locked.host, USER.password),
        dockerSecret('wrongcred', NS, locked.host, 'not-the-password'),
        dockerSecret('regcred', SYSTEM_NS, locked.host, USER.password),
      ]) {
        await kube.apply(secret, { fieldManager: FIELD_MANAGER });
      }
    },
  });
  client = platform.client;
}, 600_000);

afterAll(async () => {
  await platform?.stop();
  await open?.stop();
  await locked?.stop();
});

describe('model-inspect against a real registry', () => {
  it('reads an image from the registry, creates its templates and turns Ready with them', async () => {
    const image = `${open.host}/silogen/aim-dummy:0.1.10`;
    await client.apply(model('dummy', { image }), { fieldManager: FIELD_MANAGER });

    const withMetadata = await modelWhen(
      'dummy',
      'metadata recorded',
      (m) => condition(m, 'ImageMetadataReady')?.status === 'True',
    );
    expect(withMetadata.status).toMatchObject({
      sourceType: 'Image',
      imageMetadata: {
        model: { canonicalName: 'HuggingFaceTB/SmolLM2-135M', hfTokenRequired: false },
        oci: { title: 'AIM dummy', revision: 'abc123' },
        originalLabels: DUMMY_LABELS,
      },
    });
    expect(condition(withMetadata, 'ImageMetadataReady')?.reason).toBe('ImageMetadataFound');

    const expectedNames = [
      generateTemplateName('dummy', image, {
        gpuModel: 'MI300X',
        gpuCount: 1,
        precision: 'fp8',
        metric: 'latency',
      }),
      generateTemplateName('dummy', image, {
        gpuModel: 'MI325X',
        gpuCount: 1,
        precision: 'fp8',
        metric: 'throughput',
      }),
    ].sort();
    const templates = await eventually('two templates', async () => {
      const found = await templatesOf('dummy');
      return found.length === 2 ? found : undefined;
    });
    expect(templates.map((t) => t.metadata.name).sort()).toEqual(expectedNames);
    for (const template of templates) {
      expect(template.metadata.labels).toMatchObject({
        'aim.eai.amd.com/origin': 'auto-generated',
        'aim.eai.amd.com/model.name': 'dummy',
      });
      expect(template.metadata.ownerReferences).toEqual([
        expect.objectContaining({
          kind: 'AIMModel',
          name: 'dummy',
          uid: withMetadata.metadata.uid,
          controller: true,
        }),
      ]);
      expect(template.spec).toMatchObject({
        modelName: 'dummy',
        hardware: { gpu: { requests: 1 } },
        precision: 'fp8',
      });
    }
    expect(templates.find((t) => t.spec.profileId === 'mi325x-fp8-throughput')).toBeDefined();

    await modelWhen(
      'dummy',
      'waiting for its templates',
      (m) => condition(m, 'ServiceTemplatesReady')?.reason === 'TemplatesProgressing',
    );
    for (const template of templates) await markTemplateReady(template);
    const ready = await modelWhen('dummy', 'Ready', (m) => m.status?.status === 'Ready');
    expect(condition(ready, 'ServiceTemplatesReady')).toMatchObject({
      status: 'True',
      reason: 'AllTemplatesReady',
    });
    expect(condition(ready, 'Ready')).toMatchObject({ status: 'True', reason: 'AllComponentsReady' });
    expect(ready.status.observedGeneration).toBe(ready.metadata.generation);

    const events = await eventually('events about dummy', async () => {
      const found = await eventsOf('dummy');
      return found.some((e) => e.reason === 'ImageMetadataFound') &&
        found.some((e) => e.reason === 'CreatingTemplates')
        ? found
        : undefined;
    });
    expect(events.filter((e) => e.type === 'Warning')).toEqual([]);
  });

  it('picks the linux/amd64 image of a multi-arch index with an attestation entry', async () => {
    await client.apply(model('multi', { image: `${open.host}/org/multi:1.0` }), {
      fieldManager: FIELD_MANAGER,
    });
    const withMetadata = await modelWhen(
      'multi',
      'metadata recorded',
      (m) => condition(m, 'ImageMetadataReady')?.status === 'True',
    );
    expect(withMetadata.status.imageMetadata.model.canonicalName).toBe('org/multi-arch');
    expect(withMetadata.status.imageMetadata.originalLabels).toEqual(MULTI_LABELS);
    const [template] = await eventually('one template', async () => {
      const found = await templatesOf('multi');
      return found.length === 1 ? found : undefined;
    });
    expect(template?.spec).toMatchObject({
      hardware: { gpu: { requests: 2, model: 'MI300X' } },
      precision: 'fp16',
      metric: 'throughput',
    });
  });

  it('authenticates to a registry with the pull secret', async () => {
    await client.apply(
      model('private', { image: `${locked.host}/org/private:2.0`, imagePullSecrets: [{ name: 'regcred' }] }),
      { fieldManager: FIELD_MANAGER },
    );
    const withMetadata = await modelWhen(
      'private',
      'metadata recorded',
      (m) => condition(m, 'ImageMetadataReady')?.status === 'True',
    );
    expect(withMetadata.status.imageMetadata.model.canonicalName).toBe('org/private');
    const [template] = await eventually('its template', async () => {
      const found = await templatesOf('private');
      return found.length === 1 ? found : undefined;
    });
    expect(template?.spec.imagePullSecrets).toEqual([{ name: 'regcred' }]);
  });

  it('reports wrong credentials as an auth failure without revealing them', async () => {
    await client.apply(
      model('wrong-secret', {
        image: `${locked.host}/org/private:2.0`,
        imagePullSecrets: [{ name: 'wrongcred' }],
      }),
      { fieldManager: FIELD_MANAGER },
    );
    const failed = await modelWhen(
      'wrong-secret',
      'auth failure',
      (m) => condition(m, 'ImageMetadataReady')?.reason === 'ImagePullAuthFailure',
    );
    expect(failed.status.status).toBe('Degraded');
    expect(condition(failed, 'ImageMetadataReady')?.message).toContain('pull access denied');
    expect(condition(failed, 'DependenciesReachable')?.status).toBe('False');
    expect(await templatesOf('wrong-secret')).toEqual([]);
    const events = await eventually('the failure event', async () => {
      const found = await eventsOf('wrong-secret');
      return found.some((e) => e.type === 'Warning' && e.reason === 'ImagePullAuthFailure')
        ? found
        : undefined;
    });
    const base64 = Buffer.from(`${USER.username}:not-the-password`).toString('base64');
    const logFile = platform.functions.find((fn) => fn.name === 'model-inspect')?.process.logFile;
    // The function's output reaches its log file through a pipe, after the status and the event:
    // poll until the log has the failure's own line (naming the model and the reason).
    const failureLine = /"name":"wrong-secret".*ImagePullAuthFailure/;
    const log = await eventually('the auth failure of wrong-secret in the function log', async () => {
      const text = logFile ? readFileSync(logFile, 'utf8') : '';
      return failureLine.test(text) ? text : undefined;
    });
    expect(log).toContain('wrong-secret');
    for (const text of [JSON.stringify(failed.status), JSON.stringify(events), log]) {
      expect(text).not.toContain('not-the-password');
      expect(text).not.toContain(USER.password);
      expect(text).not.toContain(base64);
    }
  });

  it('works from spec.imageMetadata with no registry at all', async () => {
    const imageMetadata = {
      model: {
        canonicalName: 'air/gapped',
        recommendedDeployments: [{ gpuModel: 'MI300X', gpuCount: 8, precision: 'fp8', metric: 'latency' }],
      },
    };
    // Port 9 on loopback: nothing listens, any registry request would fail.
    await client.apply(model('air-gapped', { image: '127.0.0.1:9/air/gapped:1', imageMetadata }), {
      fieldManager: FIELD_MANAGER,
    });
    const withMetadata = await modelWhen(
      'air-gapped',
      'metadata from spec',
      (m) => condition(m, 'ImageMetadataReady')?.status === 'True',
    );
    expect(withMetadata.status.imageMetadata).toEqual(imageMetadata);
    const [template] = await eventually('its template', async () => {
      const found = await templatesOf('air-gapped');
      return found.length === 1 ? found : undefined;
    });
    await markTemplateReady(template!);
    await modelWhen('air-gapped', 'Ready', (m) => m.status?.status === 'Ready');
  });

  it.each([
    ['bad-ref', 'UPPER/Case::bad', 'malformed tag ":bad"'],
    // Issue 37: a port beyond 65535 used to pass the check and be retried as an unreachable registry.
    ['bad-port', 'ghcr.io:99999/x:1', 'registry port 99999 is outside 1-65535'],
  ])(
    'fails a malformed image reference at once, naming spec.image and the value (%s)',
    async (name, image, why) => {
      const started = Date.now();
      await client.apply(model(name, { image }), { fieldManager: FIELD_MANAGER });
      const failed = await modelWhen(name, 'Failed', (m) => m.status?.status === 'Failed');
      console.log(`malformed image reference ${image} → Failed in ${Date.now() - started} ms`);
      const message = `spec.image ${JSON.stringify(image)} is not a valid image reference: ${why}`;
      expect(condition(failed, 'ImageMetadataReady')).toMatchObject({
        status: 'False',
        reason: 'InvalidImageReference',
        message,
      });
      // The top-level condition carries the same cause, not a generic one.
      expect(condition(failed, 'Ready')).toMatchObject({
        status: 'False',
        reason: 'InvalidImageReference',
        message: `Component ImageMetadata is not ready: ${message}`,
      });
      expect(condition(failed, 'ConfigValid')).toMatchObject({ status: 'False', reason: 'InvalidSpec' });
      // Not a registry problem: nothing was unreachable, and nothing is retried as if it were.
      expect(condition(failed, 'DependenciesReachable')).toBeUndefined();
      expect(await templatesOf(name)).toEqual([]);
    },
  );

  it('fails naming a missing pull secret and its namespace, and recovers once it exists', async () => {
    await client.apply(
      model('no-secret', {
        image: `${locked.host}/org/private:2.0`,
        imagePullSecrets: [{ name: 'late-secret' }],
      }),
      { fieldManager: FIELD_MANAGER },
    );
    const failed = await modelWhen('no-secret', 'Failed', (m) => m.status?.status === 'Failed');
    expect(condition(failed, 'ImageMetadataReady')).toMatchObject({
      status: 'False',
      reason: 'SecretNotFound',
      message: `imagePullSecret "late-secret" not found in namespace "${NS}"`,
    });
    expect(condition(failed, 'ConfigValid')).toMatchObject({ status: 'False', reason: 'ReferenceNotFound' });
    // Secrets send no events to the function: the resync tick picks the new secret up.
    await client.apply(dockerSecret('late-secret', NS, locked.host, USER.password), {
      fieldManager: FIELD_MANAGER,
    });
    await modelWhen(
      'no-secret',
      'metadata recorded',
      (m) => condition(m, 'ImageMetadataReady')?.status === 'True',
    );
  });

  it('reads a cluster model with the pull secret of the operator namespace and creates cluster templates', async () => {
    await client.apply(
      {
        apiVersion: AIM,
        kind: 'AIMClusterModel',
        metadata: { name: 'cluster-private' },
        spec: { image: `${locked.host}/org/private:2.0`, imagePullSecrets: [{ name: 'regcred' }] },
      },
      { fieldManager: FIELD_MANAGER },
    );
    await modelWhen(
      'cluster-private',
      'metadata recorded',
      (m) => condition(m, 'ImageMetadataReady')?.status === 'True',
      'AIMClusterModel',
    );
    const [template] = await eventually('its cluster template', async () => {
      const found = await templatesOf('cluster-private', 'AIMClusterServiceTemplate');
      return found.length === 1 ? found : undefined;
    });
    expect(template?.metadata.labels?.['aim.eai.amd.com/cluster-model.name']).toBe('cluster-private');
    await markTemplateReady(template!);
    const ready = await modelWhen(
      'cluster-private',
      'Ready',
      (m) => m.status?.status === 'Ready',
      'AIMClusterModel',
    );
    expect(condition(ready, 'ClusterServiceTemplatesReady')?.reason).toBe('AllTemplatesReady');
  });
});
