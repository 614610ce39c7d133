/**
 * service-resolve end to end: the real API server (CRD validation included), the real
 * ApiServerSource adapter and broker, and only the service-resolve function. Models and templates
 * are created paused with statuses the test writes (no other function runs); GPU Nodes are plain
 * Node objects with AMD labels. The resync tick is slowed to ten minutes, so every re-resolution
 * seen here was driven by an event (a template turning Ready, a model turning Ready).
 *
 * service-resolve is not the summary writer, so the overall status is checked the way isvc-render
 * derives it: `summarizeConditions` over the written conditions and component entries.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalPlatform } from '../../../local/platform/local-platform.ts';
import { isKubeError } from '../../../shared/kube/errors.ts';
import type { KubeClient, KubeObject } from '../../../shared/kube/types.ts';
import { generateModelName } from '../../../shared/naming/model-names.ts';
import { derivedTemplateName } from '../../../shared/naming/template-names.ts';
import { componentHealthOf } from '../../../shared/reconcile/component-health-status.ts';
import { aimServiceStatus } from '../../../shared/reconcile/service-status.ts';
import { conditionsOf } from '../../../shared/reconcile/status-write.ts';
import { summarizeConditions } from '../../../shared/reconcile/summary.ts';
import { platformForTest } from '../support/platform.ts';
import { eventually } from '../support/wait.ts';

const AIM = 'aim.eai.amd.com/v1alpha1';
const NS = 'sr-e2e';
const FM = { fieldManager: 'e2e' };
const PAUSED = { 'aim.eai.amd.com/reconciliation-paused': 'true' };
const SERVICE = { apiVersion: AIM, kind: 'AIMService' };
const MODEL = { apiVersion: AIM, kind: 'AIMModel' };
const TEMPLATE = { apiVersion: AIM, kind: 'AIMServiceTemplate' };
const CLUSTER_TEMPLATE = { apiVersion: AIM, kind: 'AIMClusterServiceTemplate' };

type Condition = { type: string; status: string; reason: string; message: string };

let platform: LocalPlatform;
let client: KubeClient;

interface Profile {
  status?: string;
  type?: string;
  gpu?: string;
  metric?: string;
  precision?: string;
}

/** Creates `object` paused, then writes `status` through the status subresource. */
async function createWithStatus(object: KubeObject, status?: Record<string, unknown>): Promise<void> {
  await client.create({ ...object, metadata: { ...object.metadata, annotations: PAUSED } });
  if (status) await writeStatus(object, status);
}

async function writeStatus(object: KubeObject, status: Record<string, unknown>): Promise<void> {
  const { name, namespace } = object.metadata;
  await client.applyStatus(
    {
      apiVersion: object.apiVersion,
      kind: object.kind,
      metadata: { name, ...(namespace ? { namespace } : {}) },
      status,
    },
    { ...FM, force: true },
  );
}

function templateStatus(profile: Profile): Record<string, unknown> {
  return {
    status: profile.status ?? 'Ready',
    profile: {
      metadata: {
        type: profile.type ?? 'optimized',
        gpu: profile.gpu ?? 'MI300X',
        gpuCount: 1,
        metric: profile.metric ?? 'latency',
        precision: profile.precision ?? 'fp8',
      },
    },
  };
}

async function readyModel(name: string, image = `ghcr.io/e2e/${name}:1.0`): Promise<void> {
  await createWithStatus(
    { ...MODEL, metadata: { name, namespace: NS }, spec: { image } },
    { status: 'Ready' },
  );
}

async function readyTemplate(name: string, modelName: string, profile: Profile = {}): Promise<void> {
  await createWithStatus(
    { ...TEMPLATE, metadata: { name, namespace: NS }, spec: { modelName } },
    templateStatus(profile),
  );
}

async function createService(name: string, spec: Record<string, unknown>): Promise<void> {
  await client.create({ ...SERVICE, metadata: { name, namespace: NS }, spec });
}

async function getService(name: string): Promise<KubeObject> {
  return client.get({ ...SERVICE, namespace: NS, name });
}

function condition(service: KubeObject, type: string): Condition | undefined {
  return conditionsOf(service.status ?? {}).find((entry) => entry.type === type) as Condition | undefined;
}

/** Waits until the service's `type` condition has `reason` (and status, when given). */
async function untilCondition(
  name: string,
  type: string,
  reason: string,
  status?: string,
): Promise<KubeObject> {
  return eventually(`${name}: ${type} ${status ?? ''} ${reason}`, async () => {
    const service = await getService(name);
    const found = condition(service, type);
    return found?.reason === reason && (status === undefined || found.status === status)
      ? service
      : undefined;
  });
}

/** The overall status and Ready condition isvc-render would write from what service-resolve wrote. */
function summaryOf(service: KubeObject) {
  const status = service.status ?? {};
  return summarizeConditions(conditionsOf(status), {
    now: new Date(),
    components: componentHealthOf(status),
    statusMapping: aimServiceStatus,
  });
}

function summary(service: KubeObject): string {
  return summaryOf(service).status;
}

async function expectRejected(object: KubeObject, field: string): Promise<void> {
  const error = await client.create(object).then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(isKubeError(error), `${object.metadata.name} should be rejected`).toBe(true);
  if (!isKubeError(error)) return;
  expect(error.statusCode).toBe(422);
  expect(error.message).toContain(field);
}

async function list(gvk: { apiVersion: string; kind: string }): Promise<KubeObject[]> {
  return (await client.list(gvk, { namespace: NS })).items;
}

beforeAll(async () => {
  platform = await platformForTest('service-resolve', {
    functions: ['service-resolve'],
    resyncIntervalMs: 600_000,
    beforeFunctions: async (kube) => {
      await kube.apply({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: NS } }, FM);
      for (const [name, deviceId] of [
        ['sr-mi300x', '74a1'],
        ['sr-mi325x', '74a5'],
      ] as const) {
        await kube.apply(
          {
            apiVersion: 'v1',
            kind: 'Node',
            metadata: { name, labels: { 'amd.com/gpu.device-id': deviceId } },
          },
          FM,
        );
      }
    },
  });
  client = platform.client;
});

afterAll(async () => {
  await platform?.stop();
});

describe('service-resolve: model resolution', () => {
  it('deploys by model name with an auto-selected template and carries the finalizer', async () => {
    await readyModel('llama');
    await readyTemplate('llama-mi300x', 'llama');
    await createService('by-name', { model: { name: 'llama' } });
    const service = await untilCondition('by-name', 'TemplateReady', 'Resolved', 'True');
    expect(condition(service, 'ModelReady')).toMatchObject({ status: 'True', reason: 'ModelResolved' });
    expect(service.status.resolvedModel).toMatchObject({ name: 'llama', scope: 'Namespace' });
    expect(service.status.resolvedTemplate).toMatchObject({ name: 'llama-mi300x', scope: 'Namespace' });
    expect(service.status.templateSelection).toMatchObject({ selected: 'llama-mi300x', reason: 'Selected' });
    expect(service.metadata.finalizers).toContain('aim.eai.amd.com/template-cache-cleanup');
    expect(condition(service, 'Ready')).toBeUndefined(); // the summary is isvc-render's
  });

  it('creates one shared model for an image, reused by a second service; both follow it to Ready', async () => {
    const image = 'ghcr.io/silogen/aim-dummy:0.1.10';
    const modelName = generateModelName(image);
    await createService('img-a', { model: { image } });
    await untilCondition('img-a', 'ModelReady', 'ModelNotReady');
    await createService('img-b', { model: { image } });
    await untilCondition('img-b', 'ModelReady', 'ModelNotReady');
    const models = (await list(MODEL)).filter((model) => model.spec.image === image);
    expect(models.map((model) => model.metadata.name)).toEqual([modelName]);
    expect(models[0]?.metadata.labels?.['aim.eai.amd.com/origin']).toBe('auto-generated');
    expect(models[0]?.metadata.ownerReferences).toBeUndefined();
    // model-inspect does not run here: the test plays it.
    await writeStatus(models[0]!, { status: 'Ready' });
    for (const name of ['img-a', 'img-b']) {
      const service = await untilCondition(name, 'ModelReady', 'ModelResolved', 'True');
      expect(service.status.resolvedModel).toMatchObject({ name: modelName, scope: 'Namespace' });
    }
  });

  it('fails clearly when two models carry the requested image, creating nothing', async () => {
    const image = 'ghcr.io/e2e/twice:2.0';
    await readyModel('twice-ns', image);
    await createWithStatus(
      { apiVersion: AIM, kind: 'AIMClusterModel', metadata: { name: 'twice-cluster' }, spec: { image } },
      {
        status: 'Ready',
      },
    );
    await createService('img-ambiguous', { model: { image } });
    const service = await untilCondition('img-ambiguous', 'ModelReady', 'ModelAmbiguous', 'False');
    expect(condition(service, 'ModelReady')?.message).toContain(
      'AIMModel sr-e2e/twice-ns, AIMClusterModel twice-cluster',
    );
    expect(summary(service)).toBe('Failed');
    expect((await list(MODEL)).filter((model) => model.spec.image === image)).toHaveLength(1);
  });
});

describe('service-resolve: templates', () => {
  it('prefers the namespace template over the cluster template of the same name', async () => {
    await readyTemplate('shared-name', 'llama', { gpu: 'MI325X' });
    await createWithStatus(
      { ...CLUSTER_TEMPLATE, metadata: { name: 'shared-name' }, spec: { modelName: 'llama' } },
      templateStatus({}),
    );
    await createService('explicit', { model: { name: 'llama' }, template: { name: 'shared-name' } });
    const service = await untilCondition('explicit', 'TemplateReady', 'Resolved', 'True');
    expect(service.status.resolvedTemplate).toMatchObject({
      name: 'shared-name',
      scope: 'Namespace',
      namespace: NS,
    });
  });

  it('auto-selects by GPU, metric and precision, and explains every rejection', async () => {
    await readyModel('multi');
    await readyTemplate('multi-325-lat-fp8', 'multi', { gpu: 'MI325X' });
    await readyTemplate('multi-300-lat-fp8', 'multi', { gpu: 'MI300X' });
    await readyTemplate('multi-325-thr-fp8', 'multi', { gpu: 'MI325X', metric: 'throughput' });
    await readyTemplate('multi-325-lat-fp16', 'multi', { gpu: 'MI325X', precision: 'fp16' });
    await readyTemplate('multi-325-preview', 'multi', { gpu: 'MI325X', precision: 'fp4', type: 'preview' });
    await readyTemplate('multi-355-lat-fp4', 'multi', { gpu: 'MI355X', precision: 'fp4' });
    await createService('auto', { model: { name: 'multi' } });
    const service = await untilCondition('auto', 'TemplateReady', 'Resolved', 'True');
    expect(service.status.resolvedTemplate.name).toBe('multi-325-lat-fp8');
    const selection = service.status.templateSelection;
    expect(selection).toMatchObject({ selected: 'multi-325-lat-fp8', candidatesConsidered: 6, omitted: 0 });
    const byName = new Map(selection.candidates.map((entry: { name: string }) => [entry.name, entry]));
    expect(byName.get('multi-325-lat-fp8')).toMatchObject({
      selected: true,
      score: expect.stringContaining('(0,0,0,2)'),
    });
    expect(byName.get('multi-325-preview')).toMatchObject({ rejectedAt: 'Optimization' });
    expect(byName.get('multi-355-lat-fp4')).toMatchObject({
      rejectedAt: 'GPUAvailability',
      reason: expect.stringContaining('GPU MI355X is not present on any node'),
    });
    for (const loser of ['multi-300-lat-fp8', 'multi-325-thr-fp8', 'multi-325-lat-fp16'])
      expect(byName.get(loser)).toMatchObject({
        rejectedAt: 'Score',
        reason: expect.stringContaining('is worse than'),
      });
    expect(condition(service, 'TemplateReady')?.message).toContain(
      'auto-selected multi-325-lat-fp8 (Namespace) from 6',
    );
  });

  it('narrows auto-selection with overrides and creates no derived template for it', async () => {
    await createService('auto-thr', { model: { name: 'multi' }, overrides: { metric: 'throughput' } });
    await createService('auto-300', {
      model: { name: 'multi' },
      overrides: { hardware: { gpu: { model: 'MI300X' } } },
    });
    expect(
      (await untilCondition('auto-thr', 'TemplateReady', 'Resolved', 'True')).status.resolvedTemplate.name,
    ).toBe('multi-325-thr-fp8');
    expect(
      (await untilCondition('auto-300', 'TemplateReady', 'Resolved', 'True')).status.resolvedTemplate.name,
    ).toBe('multi-300-lat-fp8');
    expect((await list(TEMPLATE)).filter((template) => template.metadata.name.includes('-ovr-'))).toEqual([]);
  });

  it('uses unoptimized templates only with allowUnoptimized', async () => {
    await readyModel('raw');
    await readyTemplate('raw-preview', 'raw', { type: 'preview' });
    await createService('raw-strict', { model: { name: 'raw' } });
    await createService('raw-relaxed', { model: { name: 'raw' }, template: { allowUnoptimized: true } });
    const strict = await untilCondition('raw-strict', 'TemplateReady', 'TemplateNotFound', 'False');
    expect(condition(strict, 'TemplateReady')?.message).toContain('Set allowUnoptimized to use them');
    expect(summary(strict)).toBe('Pending');
    const relaxed = await untilCondition('raw-relaxed', 'TemplateReady', 'Resolved', 'True');
    expect(relaxed.status.resolvedTemplate.name).toBe('raw-preview');
  });

  it('finds nothing for a GPU no node has, and reports an ambiguous tie naming the tied templates', async () => {
    await readyModel('exotic');
    await readyTemplate('exotic-mi355x', 'exotic', { gpu: 'MI355X' });
    await readyModel('twins');
    await readyTemplate('twin-a', 'twins');
    await readyTemplate('twin-b', 'twins');
    await createService('exotic-svc', { model: { name: 'exotic' } });
    await createService('twins-svc', { model: { name: 'twins' } });
    const exotic = await untilCondition('exotic-svc', 'TemplateReady', 'TemplateNotFound', 'False');
    expect(condition(exotic, 'TemplateReady')?.message).toContain('GPU MI355X is not present on any node');
    expect(summary(exotic)).toBe('Pending');
    const twins = await untilCondition('twins-svc', 'TemplateReady', 'TemplateSelectionAmbiguous', 'False');
    expect(condition(twins, 'TemplateReady')?.message).toContain('twin-a, twin-b; nothing selected');
    expect(twins.status.resolvedTemplate).toBeUndefined();
    expect(summary(twins)).toBe('Pending');
  });

  it('resolves a waiting service when its template turns Ready, without touching the service', async () => {
    await readyModel('late');
    await readyTemplate('late-t', 'late', { status: 'Progressing' });
    await createService('waiting', { model: { name: 'late' } });
    const waiting = await untilCondition('waiting', 'TemplateReady', 'TemplateNotReady', 'False');
    expect(summary(waiting)).toBe('Pending');
    await writeStatus({ ...TEMPLATE, metadata: { name: 'late-t', namespace: NS } }, templateStatus({}));
    const resolved = await untilCondition('waiting', 'TemplateReady', 'Resolved', 'True');
    expect(resolved.metadata.generation).toBe(waiting.metadata.generation);
    expect(resolved.status.resolvedTemplate.name).toBe('late-t');
  });

  it('derives one template from a namespaced base for two services with the same overrides', async () => {
    await readyTemplate('base-t', 'llama');
    const overrides = { precision: 'fp16', metric: 'throughput' };
    const derivedName = derivedTemplateName('base-t', overrides);
    await createService('der-a', { model: { name: 'llama' }, template: { name: 'base-t' }, overrides });
    await createService('der-b', { model: { name: 'llama' }, template: { name: 'base-t' }, overrides });
    await untilCondition('der-a', 'TemplateReady', 'TemplateNotReady', 'False');
    await untilCondition('der-b', 'TemplateReady', 'TemplateNotReady', 'False');
    const derived = (await list(TEMPLATE)).filter((template) =>
      template.metadata.name.startsWith('base-t-ovr-'),
    );
    expect(derived.map((template) => template.metadata.name)).toEqual([derivedName]);
    expect(derived[0]?.metadata.labels).toMatchObject({
      'aim.eai.amd.com/origin': 'derived',
      'app.kubernetes.io/managed-by': 'aim-engine',
    });
    expect(derived[0]?.metadata.ownerReferences).toBeUndefined();
    expect(derived[0]?.spec).toMatchObject({ modelName: 'llama', precision: 'fp16', metric: 'throughput' });
    // template-discover does not run here: the test plays it.
    await writeStatus(derived[0]!, templateStatus({ precision: 'fp16', metric: 'throughput' }));
    for (const name of ['der-a', 'der-b']) {
      const service = await untilCondition(name, 'TemplateReady', 'Resolved', 'True');
      expect(service.status.resolvedTemplate.name).toBe(derivedName);
    }
  });
});

describe('service-resolve: bad input', () => {
  const svc = (name: string, spec: Record<string, unknown>): KubeObject => ({
    ...SERVICE,
    metadata: { name, namespace: NS },
    spec,
  });

  it('is rejected by the API server where the schema can tell', async () => {
    await expectRejected(
      svc('both', { model: { name: 'llama', image: 'ghcr.io/x/y:1' } }),
      'exactly one of name, image or custom',
    );
    await expectRejected(svc('blank-name', { model: { name: '   ' } }), 'spec.model.name');
    await expectRejected(svc('empty-name', { model: { name: '' } }), 'spec.model.name');
    await expectRejected(svc('blank-image', { model: { image: ' ' } }), 'spec.model.image');
    await expectRejected(
      svc('blank-template', { model: { name: 'llama' }, template: { name: ' ' } }),
      'spec.template.name',
    );
    await expectRejected(
      svc('bad-precision', { model: { name: 'llama' }, overrides: { precision: 'fp3' } }),
      'spec.overrides.precision',
    );
    const services = (await list(SERVICE)).map((service) => service.metadata.name);
    expect(services).not.toContain('both');
    expect(services).not.toContain('bad-precision');
  });

  it('fails an unparseable image or a missing template clearly, creating no model or template', async () => {
    const modelsBefore = (await list(MODEL)).length;
    const templatesBefore = (await list(TEMPLATE)).length;
    await createService('bad-image', { model: { image: 'ghcr.io/e2e/broken:' } });
    await createService('no-template', { model: { name: 'llama' }, template: { name: 'does-not-exist' } });
    const badImage = await untilCondition('bad-image', 'ModelReady', 'InvalidImageReference', 'False');
    expect(condition(badImage, 'ModelReady')?.message).toBe(
      'spec.model.image "ghcr.io/e2e/broken:" is not a valid image reference: malformed tag ""',
    );
    expect(summary(badImage)).toBe('Failed');
    const noTemplate = await untilCondition('no-template', 'TemplateReady', 'TemplateNotFound', 'False');
    const notFound = `spec.template.name: template "does-not-exist" not found in namespace ${NS} or cluster scope`;
    expect(condition(noTemplate, 'TemplateReady')?.message).toBe(notFound);
    // The top-level condition names the template and the reason, not a generic ReferenceNotFound
    // or Progressing (issue 14).
    const top = summaryOf(noTemplate);
    expect(top.status).toBe('Failed');
    expect(top.ready).toMatchObject({
      status: 'False',
      reason: 'TemplateNotFound',
      message: `Component Template is not ready: ${notFound}`,
    });
    expect((await list(MODEL)).length).toBe(modelsBefore);
    expect((await list(TEMPLATE)).length).toBe(templatesBefore);
  });
});

describe('service-resolve: deletion', () => {
  const CACHE = { apiVersion: AIM, kind: 'AIMTemplateCache' };
  const cache = (name: string, service: string): KubeObject => ({
    ...CACHE,
    metadata: { name, namespace: NS, labels: { 'aim.eai.amd.com/service': service } },
    spec: { templateName: 'llama-mi300x', templateScope: 'Namespace' },
  });

  it('deletes the service’s non-Ready caches, keeps the Ready one, and lets the service go', async () => {
    await createWithStatus(cache('cache-failed', 'by-name'), { status: 'Failed' });
    await createWithStatus(cache('cache-ready', 'by-name'), { status: 'Ready' });
    await client.delete({ ...SERVICE, namespace: NS, name: 'by-name' });
    await eventually('by-name gone', async () =>
      (await client.getOptional({ ...SERVICE, namespace: NS, name: 'by-name' })) === undefined
        ? true
        : undefined,
    );
    expect((await list(CACHE)).map((entry) => entry.metadata.name)).toEqual(['cache-ready']);
  });

  it('never blocks deleting the namespace that holds services', async () => {
    await client.delete({ apiVersion: 'v1', kind: 'Namespace', name: NS });
    await eventually(
      'namespace gone',
      async () =>
        (await client.getOptional({ apiVersion: 'v1', kind: 'Namespace', name: NS })) === undefined
          ? true
          : undefined,
      { timeoutMs: 120_000 },
    );
  }, 150_000);
});
