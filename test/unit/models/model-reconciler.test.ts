import { beforeEach, describe, expect, it } from 'vitest';
import { AIM_API_VERSION } from '../../../shared/api/group.ts';
import type { KubeObject } from '../../../shared/kube/types.ts';
import { InspectionCache } from '../../../shared/models/inspection-cache.ts';
import { createModelReconcilers, type ModelReconcilers } from '../../../shared/models/model-reconciler.ts';
import { reconcileObject } from '../../../shared/reconcile/pipeline.ts';
import type { ReconcileLogger } from '../../../shared/reconcile/reconciler.ts';
import { RetryableError } from '../../../shared/reconcile/retryable-error.ts';
import { RegistryError } from '../../../shared/registry/errors.ts';
import { FakeKubeClient } from '../../support/fake-kube.ts';
import {
  conditionOf,
  context,
  dockerSecret,
  FakeInspector,
  labelsInspection,
  modelObject,
  NOW,
  recorder,
} from './support.ts';

const IMAGE = 'reg.example/team/model:1';
const PASSWORD = 'n0t-in-any-log';
const LABELS = {
  'com.amd.aim.model.canonicalName': 'org/model',
  'com.amd.aim.model.recommendedDeployments':
    "[{'gpuModel': 'MI300X', 'gpuCount': 1, 'precision': 'fp8', 'metric': 'latency'}, {'gpuModel': 'MI325X', 'gpuCount': 1, 'precision': 'fp8', 'metric': 'throughput'}]",
  'org.opencontainers.image.title': 'Model',
};
const TEMPLATE_GVK = { apiVersion: AIM_API_VERSION, kind: 'AIMServiceTemplate' };
const CLUSTER_TEMPLATE_GVK = { apiVersion: AIM_API_VERSION, kind: 'AIMClusterServiceTemplate' };
const modelKey = { apiVersion: AIM_API_VERSION, kind: 'AIMModel', namespace: 'team', name: 'm' };
const clusterModelKey = { apiVersion: AIM_API_VERSION, kind: 'AIMClusterModel', name: 'cm' };

let kube: FakeKubeClient;
let inspector: FakeInspector;
let reconcilers: ModelReconcilers;

beforeEach(() => {
  kube = new FakeKubeClient({ now: () => NOW });
  inspector = new FakeInspector().set(IMAGE, labelsInspection(LABELS));
  reconcilers = createModelReconcilers({
    inspector,
    cache: new InspectionCache({ now: () => NOW.getTime() }),
  });
});

const reconcileModel = (extra = {}) =>
  reconcileObject(context(kube, extra), reconcilers.namespaced, modelKey);
const stored = () => kube.peek(modelKey);
const templates = (gvk = TEMPLATE_GVK) => kube.objects(gvk);

async function setTemplateStatus(template: KubeObject, status: string): Promise<void> {
  await kube.applyStatus(
    {
      apiVersion: template.apiVersion,
      kind: template.kind,
      metadata: { name: template.metadata.name, namespace: template.metadata.namespace },
      status: { status },
    },
    { fieldManager: 'aim-template-discover' },
  );
}

const writes = () =>
  kube.calls.filter((call) =>
    ['apply', 'applyStatus', 'create', 'replace', 'mergePatch', 'delete'].includes(call.method),
  );

describe('AIMModel from registry labels', () => {
  it('records the metadata, creates owned templates and becomes Ready with them', async () => {
    kube.seed(modelObject('AIMModel', 'm', { image: IMAGE }, 'team'));
    const events = recorder();
    const first = await reconcileModel({ recorder: events });
    expect(first).toMatchObject({ result: 'reconciled', status: 'Progressing' });

    const model = stored();
    expect(model?.status).toMatchObject({
      status: 'Progressing',
      observedGeneration: 1,
      sourceType: 'Image',
      imageMetadata: {
        model: {
          canonicalName: 'org/model',
          recommendedDeployments: [{ gpuModel: 'MI300X' }, { gpuModel: 'MI325X' }],
        },
        oci: { title: 'Model' },
        originalLabels: LABELS,
      },
    });
    expect(conditionOf(model, 'ImageMetadataReady')).toMatchObject({
      status: 'True',
      reason: 'ImageMetadataFound',
    });
    expect(conditionOf(model, 'ServiceTemplatesReady')).toMatchObject({
      status: 'False',
      reason: 'CreatingTemplates',
      message: 'Creating 2 service templates',
    });
    expect(conditionOf(model, 'RuntimeConfigReady')).toMatchObject({
      status: 'True',
      reason: 'DefaultConfigNotFound',
    });
    expect(events.events.map((event) => [event.type, event.reason])).toEqual(
      expect.arrayContaining([
        ['Normal', 'ImageMetadataFound'],
        ['Normal', 'CreatingTemplates'],
      ]),
    );

    const created = templates();
    expect(created.map((template) => template.metadata.name).sort()).toEqual([
      'reg-example-team-model-1-1x-mi300x-lat-fp8-8c51',
      'reg-example-team-model-1-1x-mi325x-thr-fp8-a209',
    ]);
    for (const template of created) {
      expect(template.metadata.labels).toMatchObject({
        'aim.eai.amd.com/model': 'm',
        'aim.eai.amd.com/origin': 'auto-generated',
        'aim.eai.amd.com/model.name': 'm',
        'app.kubernetes.io/managed-by': 'aim-model-controller',
      });
      expect(template.metadata.ownerReferences).toEqual([
        {
          apiVersion: AIM_API_VERSION,
          kind: 'AIMModel',
          name: 'm',
          uid: model?.metadata.uid,
          controller: true,
        },
      ]);
      expect(template.spec.modelName).toBe('m');
    }

    const second = await reconcileModel();
    expect(second.status).toBe('Progressing');
    expect(conditionOf(stored(), 'ServiceTemplatesReady')?.reason).toBe('TemplatesProgressing');

    for (const template of created) await setTemplateStatus(template, 'Ready');
    expect((await reconcileModel()).status).toBe('Ready');
    expect(conditionOf(stored(), 'ServiceTemplatesReady')).toMatchObject({
      status: 'True',
      reason: 'AllTemplatesReady',
    });
    expect(conditionOf(stored(), 'Ready')).toMatchObject({ status: 'True', reason: 'AllComponentsReady' });
    // The registry was read once: status holds the metadata from then on.
    expect(inspector.calls).toHaveLength(1);

    kube.resetCalls();
    const steady = await reconcileModel();
    expect(steady.status).toBe('Ready');
    expect(writes()).toEqual([]);
    expect(inspector.calls).toHaveLength(1);
  });

  it('is Ready when some templates are Ready and the rest lack hardware (SomeTemplatesReady)', async () => {
    kube.seed(modelObject('AIMModel', 'm', { image: IMAGE }, 'team'));
    await reconcileModel();
    const [a, b] = templates();
    await setTemplateStatus(a!, 'Ready');
    await setTemplateStatus(b!, 'NotAvailable');
    expect((await reconcileModel()).status).toBe('Ready');
    expect(conditionOf(stored(), 'ServiceTemplatesReady')?.reason).toBe('SomeTemplatesReady');
    await setTemplateStatus(a!, 'Failed');
    await setTemplateStatus(b!, 'Failed');
    expect((await reconcileModel()).status).toBe('Failed');
    expect(conditionOf(stored(), 'Ready')?.reason).toBe('AllTemplatesFailed');
  });

  it('counts a user-made template that names the model', async () => {
    kube.seed(
      modelObject(
        'AIMModel',
        'm',
        { image: IMAGE, discovery: { extractMetadata: false, createServiceTemplates: false } },
        'team',
      ),
      {
        apiVersion: AIM_API_VERSION,
        kind: 'AIMServiceTemplate',
        metadata: { name: 'mine', namespace: 'team' },
        spec: { modelName: 'm' },
        status: { status: 'Pending' },
      },
      {
        apiVersion: AIM_API_VERSION,
        kind: 'AIMServiceTemplate',
        metadata: { name: 'other', namespace: 'team' },
        spec: { modelName: 'x' },
        status: { status: 'Failed' },
      },
    );
    await reconcileModel();
    expect(conditionOf(stored(), 'ServiceTemplatesReady')).toMatchObject({
      reason: 'TemplatesProgressing',
      message: '1 of 1 service templates are still progressing',
    });
  });
});

describe('AIMModel metadata sources', () => {
  it('uses spec.imageMetadata without any registry access (air-gapped)', async () => {
    const imageMetadata = {
      model: {
        canonicalName: 'air/gapped',
        recommendedDeployments: [{ gpuModel: 'MI300X', gpuCount: 8, precision: 'fp8', metric: 'latency' }],
      },
    };
    kube.seed(modelObject('AIMModel', 'm', { image: 'unreachable.invalid/x:1', imageMetadata }, 'team'));
    await reconcileModel();
    expect(inspector.calls).toEqual([]);
    expect(stored()?.status.imageMetadata).toEqual(imageMetadata);
    expect(conditionOf(stored(), 'ImageMetadataReady')).toMatchObject({
      status: 'True',
      reason: 'ImageMetadataFound',
      message: 'Model air/gapped with 1 recommended deployment (from spec.imageMetadata)',
    });
    expect(templates()).toHaveLength(1);
  });

  it('fails a spec.imageMetadata whose deployments no template could hold', async () => {
    const imageMetadata = {
      model: { recommendedDeployments: [{ gpuModel: 'MI300X', gpuCount: 1, metric: 'fastest' }] },
    };
    kube.seed(modelObject('AIMModel', 'm', { image: IMAGE, imageMetadata }, 'team'));
    expect((await reconcileModel()).status).toBe('Failed');
    expect(conditionOf(stored(), 'ImageMetadataReady')).toMatchObject({
      reason: 'InvalidImageMetadata',
      message:
        'spec.imageMetadata.model.recommendedDeployments[0].metric "fastest" is not one of latency, throughput',
    });
    expect(templates()).toEqual([]);
  });

  it('skips extraction when discovery.extractMetadata is false and waits for metadata', async () => {
    kube.seed(
      modelObject(
        'AIMModel',
        'm',
        { image: IMAGE, discovery: { extractMetadata: false, createServiceTemplates: true } },
        'team',
      ),
    );
    expect((await reconcileModel()).status).toBe('Progressing');
    expect(inspector.calls).toEqual([]);
    expect(conditionOf(stored(), 'ImageMetadataReady')).toMatchObject({
      status: 'True',
      reason: 'ImageFound',
    });
    expect(conditionOf(stored(), 'ServiceTemplatesReady')?.reason).toBe('AwaitingMetadata');
  });

  it('is Ready with no templates for an image without recommended deployments', async () => {
    inspector.set(IMAGE, labelsInspection({}));
    kube.seed(modelObject('AIMModel', 'm', { image: IMAGE }, 'team'));
    expect((await reconcileModel()).status).toBe('Ready');
    expect(conditionOf(stored(), 'ImageMetadataReady')?.reason).toBe('ImageFound');
    expect(conditionOf(stored(), 'ServiceTemplatesReady')?.reason).toBe('NoTemplatesExpected');
    expect(stored()?.status.imageMetadata).toEqual({});
  });

  it('never loses metadata already in status, whatever the registry does', async () => {
    const imageMetadata = { model: { canonicalName: 'kept/model' } };
    kube.seed({ ...modelObject('AIMModel', 'm', { image: IMAGE }, 'team'), status: { imageMetadata } });
    inspector.set(IMAGE, new RegistryError('unreachable', 'cannot reach registry reg.example: ECONNREFUSED'));
    await reconcileModel();
    expect(inspector.calls).toEqual([]);
    expect(stored()?.status.imageMetadata).toEqual(imageMetadata);
  });
});

describe('AIMModel custom models', () => {
  it('creates the auto template and reports sourceType Custom', async () => {
    kube.seed(
      modelObject(
        'AIMModel',
        'auto-gen-template-test',
        {
          image: IMAGE,
          modelSources: [{ modelId: 'inline/test-model', sourceUri: 'hf://sshleifer/tiny-gpt2' }],
          custom: { hardware: { gpu: { requests: 1, model: 'MI300X' } } },
        },
        'team',
      ),
    );
    await reconcileObject(context(kube), reconcilers.namespaced, {
      ...modelKey,
      name: 'auto-gen-template-test',
    });
    const [template] = templates();
    expect(template?.metadata.name).toBe('auto-gen-template-test-custom-60ba3f14');
    expect(template?.spec.modelSources).toEqual([
      { modelId: 'inline/test-model', sourceUri: 'hf://sshleifer/tiny-gpt2' },
    ]);
    expect(kube.peek({ ...modelKey, name: 'auto-gen-template-test' })?.status.sourceType).toBe('Custom');
  });
});

describe('AIMModel registry failures', () => {
  async function reconcileExpectingRetry(extra = {}): Promise<RetryableError> {
    const err = await reconcileModel(extra).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(RetryableError);
    return err as RetryableError;
  }

  it.each([
    ['not-found', 'ImageNotFound'],
    ['auth', 'ImagePullAuthFailure'],
    ['server', 'ImageRegistryError'],
    ['unreachable', 'ImageRegistryUnreachable'],
    ['rate-limited', 'ImageRegistryRateLimited'],
    ['invalid-response', 'ImageRegistryError'],
  ] as const)(
    '%s → Degraded with ImageMetadataReady=False %s, retried with backoff',
    async (kind, reason) => {
      inspector.set(IMAGE, new RegistryError(kind, `registry says ${kind}`));
      kube.seed(modelObject('AIMModel', 'm', { image: IMAGE }, 'team'));
      const events = recorder();
      const err = await reconcileExpectingRetry({ recorder: events });
      expect(err.retryAfterSeconds).toBe(5);
      expect(stored()?.status.status).toBe('Degraded');
      // The image is named in front of what the registry said (issue 14).
      expect(conditionOf(stored(), 'ImageMetadataReady')).toMatchObject({
        status: 'False',
        reason,
        message: `image ${IMAGE}: registry says ${kind}`,
      });
      expect(conditionOf(stored(), 'DependenciesReachable')?.status).toBe('False');
      expect(events.events).toContainEqual(expect.objectContaining({ type: 'Warning', reason }));
      expect(conditionOf(stored(), 'Ready')).toMatchObject({
        status: 'False',
        reason,
        message: `Component ImageMetadata is not ready: image ${IMAGE}: registry says ${kind}`,
      });
      expect(templates()).toEqual([]);
      // Within the backoff the registry is left alone.
      await reconcileExpectingRetry();
      expect(inspector.calls).toHaveLength(1);
    },
  );

  it('reports a malformed recommendedDeployments label as InvalidImageMetadata', async () => {
    inspector.set(
      IMAGE,
      labelsInspection({ 'com.amd.aim.model.recommendedDeployments': '[{"gpuModel": "MI300X",' }),
    );
    kube.seed(modelObject('AIMModel', 'm', { image: IMAGE }, 'team'));
    await reconcileExpectingRetry();
    expect(stored()?.status.status).toBe('Degraded');
    expect(conditionOf(stored(), 'ImageMetadataReady')).toMatchObject({
      reason: 'InvalidImageMetadata',
      message: expect.stringContaining(
        'image labels are unusable: recommendedDeployments label is not valid JSON',
      ),
    });
  });

  it('reports a hostile label value without copying it into status', async () => {
    inspector.set(IMAGE, labelsInspection({ 'com.amd.aim.release.notes': 'A'.repeat(1_000_000) }));
    kube.seed(modelObject('AIMModel', 'm', { image: IMAGE }, 'team'));
    await reconcileExpectingRetry();
    expect(conditionOf(stored(), 'ImageMetadataReady')?.message).toContain(
      'is 1000000 bytes; at most 32768 are accepted',
    );
    expect(JSON.stringify(stored()?.status).length).toBeLessThan(10_000);
  });
});

describe('AIMModel with an image reference that cannot parse (issue 14)', () => {
  it.each([
    ['reg.example/Team/Model:1', 'repository name must be lowercase'],
    ['UPPER/Case::bad', 'malformed tag ":bad"'],
    ['no spaces allowed', 'contains whitespace'],
    ['reg.example/repo:', 'malformed tag ""'],
    ['reg.example/repo@sha256:xyz', 'malformed digest "sha256:xyz"'],
    ['ghcr.io:99999/x:1', 'registry port 99999 is outside 1-65535'],
  ])(
    '%s → Failed, InvalidImageReference naming spec.image, no registry call, no retry',
    async (image, why) => {
      kube.seed(modelObject('AIMModel', 'm', { image }, 'team'));
      const outcome = await reconcileModel();
      expect(outcome.status).toBe('Failed');
      const message = `spec.image ${JSON.stringify(image)} is not a valid image reference: ${why}`;
      expect(conditionOf(stored(), 'ImageMetadataReady')).toMatchObject({
        status: 'False',
        reason: 'InvalidImageReference',
        message,
      });
      expect(conditionOf(stored(), 'Ready')).toMatchObject({
        status: 'False',
        reason: 'InvalidImageReference',
        message: `Component ImageMetadata is not ready: ${message}`,
      });
      expect(conditionOf(stored(), 'ConfigValid')).toMatchObject({ status: 'False', reason: 'InvalidSpec' });
      expect(conditionOf(stored(), 'DependenciesReachable')).toBeUndefined();
      expect(inspector.calls).toEqual([]);
    },
  );

  it('fails an AIMClusterModel the same way, even with spec.imageMetadata given', async () => {
    kube.seed(modelObject('AIMClusterModel', 'cm', { image: 'Bad Image', imageMetadata: {} }));
    const outcome = await reconcileObject(context(kube), reconcilers.cluster, clusterModelKey);
    expect(outcome.status).toBe('Failed');
    expect(conditionOf(kube.peek(clusterModelKey), 'Ready')).toMatchObject({
      reason: 'InvalidImageReference',
      message: expect.stringContaining('spec.image "Bad Image" is not a valid image reference'),
    });
    expect(templates(CLUSTER_TEMPLATE_GVK)).toEqual([]);
  });
});

describe('AIMModel pull secrets', () => {
  it('fails with a condition naming a missing secret and its namespace', async () => {
    kube.seed(
      modelObject('AIMModel', 'm', { image: IMAGE, imagePullSecrets: [{ name: 'regcred' }] }, 'team'),
    );
    const outcome = await reconcileModel();
    expect(outcome.status).toBe('Failed');
    const message = 'imagePullSecret "regcred" not found in namespace "team"';
    expect(conditionOf(stored(), 'ImageMetadataReady')).toMatchObject({
      status: 'False',
      reason: 'SecretNotFound',
      message,
    });
    expect(conditionOf(stored(), 'ConfigValid')).toMatchObject({
      status: 'False',
      reason: 'ReferenceNotFound',
    });
    expect(conditionOf(stored(), 'Ready')).toMatchObject({
      status: 'False',
      reason: 'SecretNotFound',
      message: `Component ImageMetadata is not ready: ${message}`,
    });
    expect(inspector.calls).toEqual([]);

    kube.seed(dockerSecret('regcred', 'team', { 'reg.example': { username: 'robot', password: PASSWORD } }));
    expect((await reconcileModel()).status).toBe('Progressing');
    expect(inspector.calls).toEqual([
      { image: IMAGE, credentials: { username: 'robot', password: PASSWORD } },
    ]);
    expect(conditionOf(stored(), 'ConfigValid')).toMatchObject({ status: 'True' });
  });

  it('keeps credentials out of status, events and logs on an auth failure', async () => {
    kube.seed(
      dockerSecret('regcred', 'team', { 'reg.example': { username: 'robot', password: PASSWORD } }),
      modelObject('AIMModel', 'm', { image: IMAGE, imagePullSecrets: [{ name: 'regcred' }] }, 'team'),
    );
    inspector.set(
      IMAGE,
      new RegistryError(
        'auth',
        "token service of registry reg.example rejected the pull secret's credentials (HTTP 401)",
      ),
    );
    const lines: string[] = [];
    const capture = (level: string) => (obj: object, msg?: string) =>
      lines.push(JSON.stringify({ level, obj, msg }));
    const log: ReconcileLogger = {
      debug: capture('debug'),
      info: capture('info'),
      warn: capture('warn'),
      error: capture('error'),
    };
    const events = recorder();
    await reconcileModel({ log, recorder: events }).catch(() => undefined);
    expect(conditionOf(stored(), 'ImageMetadataReady')?.reason).toBe('ImagePullAuthFailure');
    const base64 = Buffer.from(`robot:${PASSWORD}`).toString('base64');
    for (const text of [JSON.stringify(stored()?.status), JSON.stringify(events.events), ...lines]) {
      expect(text).not.toContain(PASSWORD);
      expect(text).not.toContain(base64);
    }
    expect(lines.length).toBeGreaterThan(0);
  });
});

describe('AIMModel runtime config', () => {
  it('fails while a named runtime config is missing and recovers when it appears', async () => {
    kube.seed(modelObject('AIMModel', 'm', { image: IMAGE, runtimeConfigName: 'special' }, 'team'));
    expect((await reconcileModel()).status).toBe('Failed');
    expect(conditionOf(stored(), 'RuntimeConfigReady')).toMatchObject({
      status: 'False',
      reason: 'ConfigNotFound',
    });
    expect(templates()).toEqual([]);
    kube.seed({
      apiVersion: AIM_API_VERSION,
      kind: 'AIMRuntimeConfig',
      metadata: { name: 'special', namespace: 'team' },
      spec: {},
    });
    expect((await reconcileModel()).status).toBe('Progressing');
    expect(conditionOf(stored(), 'RuntimeConfigReady')).toMatchObject({
      status: 'True',
      reason: 'ConfigFound',
    });
    expect(templates()).toHaveLength(2);
  });
});

describe('AIMClusterModel', () => {
  it('creates cluster templates and reads pull secrets from the operator namespace', async () => {
    kube.seed(
      dockerSecret('regcred', 'aim-system', { 'reg.example': { username: 'robot', password: PASSWORD } }),
      dockerSecret('regcred', 'team', { 'reg.example': { username: 'wrong', password: 'wrong' } }),
      modelObject('AIMClusterModel', 'cm', {
        image: IMAGE,
        imagePullSecrets: [{ name: 'regcred' }],
        env: [{ name: 'A', value: '1' }],
      }),
    );
    await reconcileObject(context(kube), reconcilers.cluster, clusterModelKey);
    expect(inspector.calls[0]?.credentials).toEqual({ username: 'robot', password: PASSWORD });
    const created = templates(CLUSTER_TEMPLATE_GVK);
    expect(created).toHaveLength(2);
    expect(created[0]?.metadata.namespace).toBeUndefined();
    expect(created[0]?.metadata.labels?.['aim.eai.amd.com/cluster-model.name']).toBe('cm');
    const model = kube.peek(clusterModelKey);
    expect(conditionOf(model, 'ClusterServiceTemplatesReady')?.reason).toBe('CreatingTemplates');
  });

  it('fails naming the operator namespace when the secret is missing there', async () => {
    kube.seed(
      modelObject('AIMClusterModel', 'cm', { image: IMAGE, imagePullSecrets: [{ name: 'regcred' }] }),
    );
    expect((await reconcileObject(context(kube), reconcilers.cluster, clusterModelKey)).status).toBe(
      'Failed',
    );
    expect(conditionOf(kube.peek(clusterModelKey), 'Ready')?.message).toBe(
      'Component ImageMetadata is not ready: imagePullSecret "regcred" not found in namespace "aim-system"',
    );
  });
});
