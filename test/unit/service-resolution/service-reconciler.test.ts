import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../../shared/kube/types.ts';
import { isvcName } from '../../../shared/naming/service-names.ts';
import { derivedTemplateName } from '../../../shared/naming/template-names.ts';
import { reconcileAll, reconcileObject } from '../../../shared/reconcile/pipeline.ts';
import { serviceResolveReconciler } from '../../../shared/service-resolution/service-reconciler.ts';
import { FakeKubeClient } from '../../support/fake-kube.ts';
import {
  API,
  clusterModel,
  clusterTemplate,
  conditionOf,
  context,
  MI300X_NODE,
  MI325X_NODE,
  model,
  NS,
  recorder,
  service,
  summaryOf,
  template,
} from './fixtures.ts';

const request = (name: string) => ({ apiVersion: API, kind: 'AIMService', namespace: NS, name });

async function reconcile(client: FakeKubeClient, name: string, extra = {}) {
  return reconcileObject(context(client, extra), serviceResolveReconciler, request(name));
}

function statusOf(client: FakeKubeClient, name: string) {
  return client.peek({ ...request(name) })?.status as Record<string, unknown> | undefined;
}

const writes = (client: FakeKubeClient) =>
  client.calls.filter((call) =>
    ['apply', 'applyStatus', 'create', 'replace', 'mergePatch', 'delete'].includes(call.method),
  );

const models = (client: FakeKubeClient) => client.objects({ apiVersion: API, kind: 'AIMModel' });

/** A client holding service `chat` on the Ready model `llama`, and `objects`. */
const chatOnLlama = (...objects: KubeObject[]) =>
  new FakeKubeClient().seed(
    service('chat', { model: { name: 'llama' } }),
    model('llama', 'img:1'),
    ...objects,
  );

describe('service-resolve: model by name', () => {
  it('resolves a Ready model and auto-selects a Ready template', async () => {
    const client = new FakeKubeClient().seed(
      service('chat', { model: { name: 'llama' } }),
      model('llama', 'ghcr.io/x/llama:1'),
      template('llama-mi300x', 'llama'),
      MI300X_NODE,
    );
    const events = recorder();
    await reconcile(client, 'chat', { recorder: events });
    const status = statusOf(client, 'chat');
    expect(conditionOf(status, 'ModelReady')).toMatchObject({
      status: 'True',
      reason: 'ModelResolved',
      message: 'AIMModel llama is ready',
    });
    expect(conditionOf(status, 'TemplateReady')).toMatchObject({ status: 'True', reason: 'Resolved' });
    expect(conditionOf(status, 'TemplateReady')?.message).toContain(
      'AIMServiceTemplate llama-mi300x is ready; auto-selected llama-mi300x (Namespace) from 1 candidate template',
    );
    const stored = client.peek<KubeObject>(request('chat'))!;
    expect(status?.resolvedModel).toEqual({
      name: 'llama',
      namespace: NS,
      scope: 'Namespace',
      kind: 'AIMModel',
      uid: client.peek({ apiVersion: API, kind: 'AIMModel', namespace: NS, name: 'llama' })?.metadata.uid,
    });
    expect(status?.resolvedTemplate).toMatchObject({
      name: 'llama-mi300x',
      namespace: NS,
      scope: 'Namespace',
    });
    expect(status?.templateSelection).toMatchObject({
      selected: 'llama-mi300x',
      reason: 'Selected',
      omitted: 0,
    });
    // Not the summary writer.
    expect(status?.status).toBeUndefined();
    expect(conditionOf(status, 'Ready')).toBeUndefined();
    expect(stored.metadata.finalizers).toEqual(['aim.eai.amd.com/template-cache-cleanup']);
    expect(events.events.map((event) => [event.type, event.reason])).toEqual(
      expect.arrayContaining([
        ['Normal', 'ModelResolved'],
        ['Normal', 'Resolved'],
      ]),
    );
  });

  it('issues no writes when nothing changed', async () => {
    const client = chatOnLlama(template('t', 'llama'), MI300X_NODE);
    await reconcile(client, 'chat');
    client.resetCalls();
    const outcome = await reconcile(client, 'chat');
    expect(writes(client)).toEqual([]);
    // service, runtime config (ns + cluster), previously resolved model and template.
    expect(outcome.apiRequests).toBe(5);
  });

  it('fails a service whose named model does not exist', async () => {
    const client = new FakeKubeClient().seed(service('chat', { model: { name: 'nope' } }));
    await reconcile(client, 'chat');
    const status = statusOf(client, 'chat');
    expect(conditionOf(status, 'ModelReady')).toMatchObject({
      status: 'False',
      reason: 'ModelNotFound',
      message: expect.stringContaining('model "nope" not found in namespace team or cluster scope'),
    });
    const summary = summaryOf(status);
    expect(summary.status).toBe('Failed');
    expect(conditionOf({ conditions: summary.conditions }, 'ConfigValid')).toMatchObject({
      status: 'False',
      reason: 'ReferenceNotFound',
    });
  });

  it('repeats why its model failed, up to the top-level Ready (issue 14)', async () => {
    const broken = model('broken', 'Bad Image', 'Failed');
    broken.status!.conditions = [
      {
        type: 'Ready',
        status: 'False',
        reason: 'InvalidImageReference',
        message:
          'Component ImageMetadata is not ready: spec.image "Bad Image" is not a valid image reference',
      },
    ];
    const client = new FakeKubeClient().seed(service('chat', { model: { name: 'broken' } }), broken);
    await reconcile(client, 'chat');
    const summary = summaryOf(statusOf(client, 'chat'));
    expect(summary.status).toBe('Failed');
    expect(summary.ready).toMatchObject({
      reason: 'ModelNotReady',
      message:
        'Component Model is not ready: AIMModel broken is in failed state: Component ImageMetadata is not ready: ' +
        'spec.image "Bad Image" is not a valid image reference',
    });
  });

  it('falls back to the cluster model and its cluster templates', async () => {
    const client = new FakeKubeClient().seed(
      service('chat', { model: { name: 'shared' } }),
      clusterModel('shared', 'img:1'),
      clusterTemplate('shared-t', 'shared'),
      MI300X_NODE,
    );
    await reconcile(client, 'chat');
    const status = statusOf(client, 'chat');
    expect(status?.resolvedModel).toMatchObject({
      name: 'shared',
      scope: 'Cluster',
      kind: 'AIMClusterModel',
    });
    expect(status?.resolvedTemplate).toMatchObject({ name: 'shared-t', scope: 'Cluster' });
    expect(status?.resolvedTemplate).not.toHaveProperty('namespace');
  });
});

describe('service-resolve: one condition and the overall status per situation', () => {
  const byName = { model: { name: 'llama' } };
  const LLAMA = model('llama', 'img:1');
  it.each([
    {
      situation: 'a failed model fails the service',
      objects: [service('chat', { model: { name: 'broken' } }), model('broken', 'img:1', 'Failed')],
      condition: 'ModelReady',
      expected: { reason: 'ModelNotReady' },
      overall: 'Failed',
    },
    {
      situation: 'a progressing model leaves the service Pending',
      objects: [service('chat', { model: { name: 'busy' } }), model('busy', 'img:2', 'Progressing')],
      condition: 'ModelReady',
      expected: { reason: 'ModelNotReady', message: 'AIMModel busy is not ready yet' },
      overall: 'Pending',
    },
    {
      situation: 'a missing explicit template is TemplateNotFound and fails the service',
      objects: [service('chat', { ...byName, template: { name: 'nope' } }), LLAMA],
      condition: 'TemplateReady',
      expected: {
        reason: 'TemplateNotFound',
        message: expect.stringContaining('template "nope" not found in namespace team or cluster scope'),
      },
      overall: 'Failed',
    },
    {
      situation: 'a NotAvailable explicit template is TemplateNotReady and leaves the service Pending',
      objects: [
        service('chat', { ...byName, template: { name: 'tpl' } }),
        LLAMA,
        template('tpl', 'llama', { status: 'NotAvailable' }),
      ],
      condition: 'TemplateReady',
      expected: {
        status: 'False',
        reason: 'TemplateNotReady',
        message: expect.stringContaining('AIMServiceTemplate tpl is not available (no matching GPUs)'),
      },
      overall: 'Pending',
    },
    {
      situation: 'a failed only candidate of auto-selection is TemplateNotReady and leaves it Pending',
      objects: [service('chat', byName), LLAMA, template('t', 'llama', { status: 'Failed' }), MI300X_NODE],
      condition: 'TemplateReady',
      expected: { status: 'False', reason: 'TemplateNotReady' },
      overall: 'Pending',
    },
    {
      situation: 'a runtime config that does not exist fails the service',
      objects: [service('chat', { ...byName, runtimeConfigName: 'missing' }), LLAMA],
      condition: 'RuntimeConfigReady',
      expected: { status: 'False', reason: 'ConfigNotFound' },
      overall: 'Failed',
    },
  ])('$situation', async ({ objects, condition, expected, overall }) => {
    const client = new FakeKubeClient().seed(...objects);
    await reconcile(client, 'chat');
    const status = statusOf(client, 'chat');
    expect(conditionOf(status, condition)).toMatchObject(expected);
    expect(summaryOf(status).status).toBe(overall);
  });
});

describe('service-resolve: model by image', () => {
  const IMAGE = 'ghcr.io/silogen/aim-dummy:0.1.10';

  it('creates a shared model once and a second service with the same image reuses it', async () => {
    const client = new FakeKubeClient().seed(
      service(
        'a',
        {
          model: { image: IMAGE },
          runtimeConfigName: 'gpu',
          imagePullSecrets: [{ name: 'regcred' }],
          serviceAccountName: 'infer',
        },
        { labels: { 'aim.eai.amd.com/team': 'blue' } },
      ),
      service('b', { model: { image: IMAGE } }),
      { apiVersion: API, kind: 'AIMRuntimeConfig', metadata: { name: 'gpu', namespace: NS }, spec: {} },
    );
    await reconcile(client, 'a');
    expect(models(client)).toHaveLength(1);
    const created = models(client)[0]!;
    expect(created.metadata).toMatchObject({
      name: 'aim-dummy-0-1-10-9bf80281',
      namespace: NS,
      labels: {
        'aim.eai.amd.com/origin': 'auto-generated',
        'aim.eai.amd.com/team': 'blue',
        'aim.eai.amd.com/service.name': 'a',
        'app.kubernetes.io/managed-by': 'aim-service-controller',
      },
    });
    expect(created.metadata.ownerReferences).toBeUndefined();
    expect(created.spec).toEqual({
      image: IMAGE,
      runtimeConfigName: 'gpu',
      imagePullSecrets: [{ name: 'regcred' }],
      serviceAccountName: 'infer',
    });
    const status = statusOf(client, 'a');
    expect(conditionOf(status, 'ModelReady')).toMatchObject({
      status: 'False',
      reason: 'CreatingModel',
      message: expect.stringContaining(`Model will be created for image ${IMAGE}`),
    });
    expect(summaryOf(status).status).toBe('Pending');

    await reconcile(client, 'b');
    expect(models(client)).toHaveLength(1);
    expect(conditionOf(statusOf(client, 'b'), 'ModelReady')).toMatchObject({ reason: 'ModelNotReady' });
  });

  it('creates the model once when a resync sweep meets two services with the image', async () => {
    const client = new FakeKubeClient().seed(
      service('a', { model: { image: IMAGE } }),
      service('b', { model: { image: IMAGE } }),
    );
    const sweep = await reconcileAll(context(client), serviceResolveReconciler);
    expect(sweep.failed).toBe(0);
    expect(client.callsOf('apply').filter((call) => call.object?.kind === 'AIMModel')).toHaveLength(1);
    expect(conditionOf(statusOf(client, 'b'), 'ModelReady')).toMatchObject({ reason: 'ModelNotReady' });
  });

  it('fails clearly when two models carry the image, and creates nothing', async () => {
    const client = new FakeKubeClient().seed(
      service('chat', { model: { image: IMAGE } }),
      model('one', IMAGE),
      clusterModel('two', IMAGE),
    );
    await reconcile(client, 'chat');
    const status = statusOf(client, 'chat');
    expect(conditionOf(status, 'ModelReady')).toMatchObject({
      status: 'False',
      reason: 'ModelAmbiguous',
      message: expect.stringContaining(
        `multiple models found with the same image "${IMAGE}": AIMModel team/one, AIMClusterModel two`,
      ),
    });
    expect(summaryOf(status).status).toBe('Failed');
    expect(models(client)).toHaveLength(1);
  });

  it('keeps the model it resolved before when a second model with the image appears', async () => {
    const client = new FakeKubeClient().seed(
      service('chat', { model: { image: IMAGE } }),
      model('one', IMAGE),
    );
    await reconcile(client, 'chat');
    client.seed(clusterModel('two', IMAGE));
    await reconcile(client, 'chat');
    expect(conditionOf(statusOf(client, 'chat'), 'ModelReady')).toMatchObject({ status: 'True' });
  });

  it('fails an unparseable image with InvalidImageReference and creates no model', async () => {
    const client = new FakeKubeClient().seed(service('chat', { model: { image: 'ghcr.io/x/llama:' } }));
    await reconcile(client, 'chat');
    const status = statusOf(client, 'chat');
    expect(conditionOf(status, 'ModelReady')).toMatchObject({
      reason: 'InvalidImageReference',
      message: 'spec.model.image "ghcr.io/x/llama:" is not a valid image reference: malformed tag ""',
    });
    expect(summaryOf(status).status).toBe('Failed');
    expect(models(client)).toEqual([]);
  });

  it('fails an image the registry grammar rejects (upper case) before creating a model (issue 14)', async () => {
    const client = new FakeKubeClient().seed(service('chat', { model: { image: 'UPPER/Case::bad' } }));
    await reconcile(client, 'chat');
    const summary = summaryOf(statusOf(client, 'chat'));
    expect(summary.status).toBe('Failed');
    expect(summary.ready).toMatchObject({
      reason: 'InvalidImageReference',
      message: expect.stringContaining('spec.model.image "UPPER/Case::bad" is not a valid image reference'),
    });
    expect(models(client)).toEqual([]);
  });

  it('leaves a blank image to schema validation (the CRD rejects it too) and creates no model', async () => {
    const client = new FakeKubeClient().seed(service('chat', { model: { image: '   ' } }));
    const outcome = await reconcile(client, 'chat');
    expect(outcome.result).toBe('invalid');
    // The summary writer reports InvalidSpec; this writer owns no condition for it.
    expect(statusOf(client, 'chat')).toBeUndefined();
    expect(models(client)).toEqual([]);
  });
});

describe('service-resolve: custom models', () => {
  const custom = (endpoint?: string) => ({
    baseImage: 'ghcr.io/silogen/aim-dummy:0.1.10',
    modelSources: [
      {
        modelId: 'inline/test-model',
        sourceUri: 'hf://sshleifer/tiny-gpt2',
        ...(endpoint ? { env: [{ name: 'AWS_ENDPOINT_URL', value: endpoint }] } : {}),
      },
    ],
    hardware: { gpu: { requests: 1, model: 'MI300X' } },
  });

  it('shares one model between identical specs and makes another for a different endpoint', async () => {
    const client = new FakeKubeClient().seed(
      service('a', { model: { custom: custom() }, env: [{ name: 'X', value: '1' }] }),
      service('b', { model: { custom: custom() } }),
      service('c', { model: { custom: custom('http://minio:9000') } }),
    );
    await reconcile(client, 'a');
    await reconcile(client, 'b');
    await reconcile(client, 'c');
    const created = models(client);
    expect(created.map((m) => m.metadata.name).sort()).toEqual(
      [
        'inline-test-model-2cfa2a00',
        created.find((m) => m.metadata.labels?.['aim.eai.amd.com/service'] === 'c')!.metadata.name,
      ].sort(),
    );
    const first = created.find((m) => m.metadata.name === 'inline-test-model-2cfa2a00')!;
    expect(first.metadata.labels).toMatchObject({
      'aim.eai.amd.com/origin': 'auto-generated',
      'aim.eai.amd.com/custom-model': 'true',
      'aim.eai.amd.com/service': 'a',
    });
    expect(first.spec).toMatchObject({
      image: 'ghcr.io/silogen/aim-dummy:0.1.10',
      custom: { hardware: { gpu: { requests: 1, model: 'MI300X' } } },
      env: [{ name: 'X', value: '1' }],
    });
    expect(conditionOf(statusOf(client, 'a'), 'ModelReady')?.message).toContain(
      'Custom model will be created for inline/test-model',
    );
  });
});

describe('service-resolve: explicit templates', () => {
  it('prefers the namespaced template over the cluster one of the same name', async () => {
    const client = new FakeKubeClient().seed(
      service('chat', { model: { name: 'llama' }, template: { name: 'tpl' } }),
      model('llama', 'img:1'),
      template('tpl', 'llama'),
      clusterTemplate('tpl', 'llama'),
    );
    await reconcile(client, 'chat');
    expect(statusOf(client, 'chat')?.resolvedTemplate).toMatchObject({ name: 'tpl', scope: 'Namespace' });
    expect(statusOf(client, 'chat')?.templateSelection).toBeUndefined();
  });

  it('derives a template from a namespaced base, waits for it, then resolves to it (quirk 4 fixed)', async () => {
    const overrides = {
      metric: 'throughput',
      precision: 'fp16',
      hardware: { gpu: { model: 'MI325X', requests: 2 } },
    };
    const base = template('base', 'llama', {
      spec: { env: [{ name: 'A', value: '1' }], runtimeConfigName: 'base-rc' },
    });
    const client = new FakeKubeClient().seed(
      service('a', { model: { name: 'llama' }, template: { name: 'base' }, overrides }),
      service('b', {
        model: { name: 'llama' },
        template: { name: 'base' },
        overrides,
        caching: { mode: 'Dedicated' },
      }),
      model('llama', 'img:1'),
      base,
    );
    await reconcile(client, 'a');
    const derivedName = derivedTemplateName('base', overrides);
    expect(derivedName).toMatch(/^base-ovr-mi325x-2gpu-fp16-throughput-[0-9a-f]{4}$/);
    const derived = client.peek({
      apiVersion: API,
      kind: 'AIMServiceTemplate',
      namespace: NS,
      name: derivedName,
    });
    expect(derived?.metadata.ownerReferences).toBeUndefined();
    expect(derived?.metadata.labels).toMatchObject({
      'aim.eai.amd.com/origin': 'derived',
      'app.kubernetes.io/managed-by': 'aim-engine',
    });
    expect(derived?.spec).toEqual({
      modelName: 'llama',
      env: [{ name: 'A', value: '1' }],
      runtimeConfigName: 'base-rc',
      metric: 'throughput',
      precision: 'fp16',
      hardware: { gpu: { model: 'MI325X', requests: 2, resourceName: 'amd.com/gpu' } },
      caching: { enabled: true },
    });
    let status = statusOf(client, 'a');
    expect(conditionOf(status, 'TemplateReady')).toMatchObject({
      status: 'False',
      reason: 'TemplateNotReady',
      message: `derived template ${derivedName} is being created from AIMServiceTemplate base with spec.overrides`,
    });
    expect(summaryOf(status).status).toBe('Pending');

    // The second service with the same overrides shares it: found, not re-applied.
    client.resetCalls();
    await reconcile(client, 'b');
    expect(client.callsOf('apply')).toEqual([]);
    expect(conditionOf(statusOf(client, 'b'), 'TemplateReady')).toMatchObject({ reason: 'TemplateNotReady' });

    // Once template-discover made it Ready, the services run on it.
    const ready = client.peek({
      apiVersion: API,
      kind: 'AIMServiceTemplate',
      namespace: NS,
      name: derivedName,
    })!;
    await client.applyStatus(
      { ...ready, status: { status: 'Ready' } },
      { fieldManager: 'aim-template-discover' },
    );
    await reconcile(client, 'a');
    status = statusOf(client, 'a');
    expect(conditionOf(status, 'TemplateReady')).toMatchObject({ status: 'True', reason: 'Resolved' });
    expect(status?.resolvedTemplate).toMatchObject({ name: derivedName, scope: 'Namespace' });
  });

  it('uses a cluster base as is with overrides and says so', async () => {
    const client = new FakeKubeClient().seed(
      service('chat', {
        model: { name: 'llama' },
        template: { name: 'ctpl' },
        overrides: { metric: 'latency' },
      }),
      model('llama', 'img:1'),
      clusterTemplate('ctpl', 'llama'),
    );
    await reconcile(client, 'chat');
    expect(conditionOf(statusOf(client, 'chat'), 'TemplateReady')?.message).toContain(
      'spec.overrides are not applied: derived templates are made from namespace-scoped templates only',
    );
    expect(client.objects({ apiVersion: API, kind: 'AIMServiceTemplate' })).toEqual([]);
  });
});

describe('service-resolve: auto-selection outcomes', () => {
  it('is Pending with ModelReady=True and TemplateNotFound without candidates', async () => {
    const client = chatOnLlama();
    await reconcile(client, 'chat');
    const status = statusOf(client, 'chat');
    expect(conditionOf(status, 'ModelReady')).toMatchObject({ status: 'True', reason: 'ModelResolved' });
    expect(conditionOf(status, 'TemplateReady')).toMatchObject({
      status: 'False',
      reason: 'TemplateNotFound',
    });
    expect(summaryOf(status).status).toBe('Pending');
  });

  it('surfaces an ambiguous tie as TemplateSelectionAmbiguous naming the tied templates', async () => {
    const client = chatOnLlama(template('twin-a', 'llama'), template('twin-b', 'llama'), MI300X_NODE);
    const events = recorder();
    await reconcile(client, 'chat', { recorder: events });
    const status = statusOf(client, 'chat');
    expect(conditionOf(status, 'TemplateReady')).toMatchObject({
      status: 'False',
      reason: 'TemplateSelectionAmbiguous',
      message: expect.stringContaining(
        '2 templates tie for the best score (0,1,0,2): twin-a, twin-b; nothing selected',
      ),
    });
    expect(status?.resolvedTemplate).toBeUndefined();
    expect(status?.templateSelection).toMatchObject({
      reason: 'TemplateSelectionAmbiguous',
      candidatesConsidered: 2,
    });
    expect(summaryOf(status).status).toBe('Pending');
    expect(events.events.some((event) => event.reason === 'TemplateSelectionAmbiguous')).toBe(true);
  });

  it('picks MI325X over MI300X when both are in the cluster, and MI300X when only it is', async () => {
    const seeded = () =>
      chatOnLlama(
        template('on-300', 'llama', { gpu: 'MI300X' }),
        template('on-325', 'llama', { gpu: 'MI325X' }),
        MI300X_NODE,
      );
    const both = seeded().seed(MI325X_NODE);
    await reconcile(both, 'chat');
    expect(statusOf(both, 'chat')?.resolvedTemplate).toMatchObject({ name: 'on-325' });
    const one = seeded();
    await reconcile(one, 'chat');
    expect(statusOf(one, 'chat')?.resolvedTemplate).toMatchObject({ name: 'on-300' });
    expect(conditionOf(statusOf(one, 'chat'), 'TemplateReady')?.message).toContain(
      '1 needing a GPU no node has',
    );
  });

  it('keeps a running service on its template when a tie appears later', async () => {
    const client = chatOnLlama(template('first', 'llama'), MI300X_NODE);
    await reconcile(client, 'chat');
    client.seed(template('twin', 'llama'));
    await reconcile(client, 'chat');
    expect(conditionOf(statusOf(client, 'chat'), 'TemplateReady')).toMatchObject({ status: 'True' });
    expect(statusOf(client, 'chat')?.resolvedTemplate).toMatchObject({ name: 'first' });
  });

  it('keeps the template it resolved while the InferenceService exists, even if selection now finds nothing', async () => {
    const client = chatOnLlama(template('first', 'llama'), MI300X_NODE);
    await reconcile(client, 'chat');
    await client.delete({ apiVersion: API, kind: 'AIMServiceTemplate', namespace: NS, name: 'first' });
    client.seed({
      apiVersion: 'serving.kserve.io/v1beta1',
      kind: 'InferenceService',
      metadata: { name: isvcName({ name: 'chat', namespace: NS }), namespace: NS },
    });
    await reconcile(client, 'chat');
    const status = statusOf(client, 'chat');
    expect(conditionOf(status, 'TemplateReady')).toMatchObject({
      status: 'True',
      reason: 'Resolved',
      message: expect.stringContaining('template first stays in use while its InferenceService exists'),
    });
    expect(status?.templateSelection).toMatchObject({ reason: 'TemplateNotFound', candidatesConsidered: 0 });

    // Without the InferenceService the service waits for a template again.
    await client.delete({
      apiVersion: 'serving.kserve.io/v1beta1',
      kind: 'InferenceService',
      namespace: NS,
      name: isvcName({ name: 'chat', namespace: NS }),
    });
    await reconcile(client, 'chat');
    expect(conditionOf(statusOf(client, 'chat'), 'TemplateReady')).toMatchObject({
      status: 'False',
      reason: 'TemplateNotFound',
    });
  });

  it('records a Warning event when the named model is missing', async () => {
    const client = new FakeKubeClient().seed(service('chat', { model: { name: 'nope' } }));
    const events = recorder();
    await reconcile(client, 'chat', { recorder: events });
    expect(events.events).toContainEqual(
      expect.objectContaining({ type: 'Warning', reason: 'ModelNotFound' }),
    );
  });

  it('waits for the model before selecting, and says so', async () => {
    const client = new FakeKubeClient().seed(service('chat', { model: { image: 'ghcr.io/x/new:1' } }));
    await reconcile(client, 'chat');
    expect(conditionOf(statusOf(client, 'chat'), 'TemplateReady')).toMatchObject({
      reason: 'TemplateNotFound',
      message: 'No template found for service: no model resolved yet',
    });
  });
});

describe('service-resolve: runtime config', () => {
  it('reports a found runtime config as resolved', async () => {
    const client = chatOnLlama({
      apiVersion: API,
      kind: 'AIMClusterRuntimeConfig',
      metadata: { name: 'default' },
      spec: {},
    });
    await reconcile(client, 'chat');
    expect(conditionOf(statusOf(client, 'chat'), 'RuntimeConfigReady')).toMatchObject({
      status: 'True',
      reason: 'RuntimeConfigResolved',
    });
  });
});
