/**
 * Auto-selection is a function of the candidates, not of timing (issue 37): the same workload —
 * a model whose recommended deployments yield four templates of differing quality, and three
 * services selecting among them — applied in three orders, with discoveries finishing in different
 * orders, ends with the same template for each service every time. model-inspect generates the
 * templates, template-discover discovers them (the simulator plays the discovery Jobs, slowly for
 * some), service-resolve selects.
 *
 * Without waiting for a better template still being discovered, "services first" and "model
 * first" would select the template whose discovery finished first.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalPlatform } from '../../../local/platform/local-platform.ts';
import { inlineMetadataModel } from '../../../local/platform/sample-workload.ts';
import { DEFAULT_RULES, type SimulatorRulesInput } from '../../../local/simulator/rules.ts';
import { writeSimulatorRules } from '../../../local/simulator/rules-configmap.ts';
import type { KubeClient, KubeObject } from '../../../shared/kube/types.ts';
import { platformForTest, withSimulator } from '../support/platform.ts';
import { eventually } from '../support/wait.ts';

const AIM = 'aim.eai.amd.com/v1alpha1';
const FM = { fieldManager: 'e2e', force: true } as const;
const MODEL = 'chat';

interface Deployment {
  gpuModel: string;
  gpuCount: number;
  metric: string;
  precision: string;
}

// Scores (profile type, GPU, metric, precision): MI325X x2 latency bf16 (0,0,0,5) is the best for
// a service without overrides, though an MI300X fp8 one (0,1,0,2) has the better precision.
const MI300X_LAT_FP8 = { gpuModel: 'MI300X', gpuCount: 1, metric: 'latency', precision: 'fp8' };
const MI325X_LAT_BF16 = { gpuModel: 'MI325X', gpuCount: 2, metric: 'latency', precision: 'bf16' };
const MI325X_THR_FP8 = { gpuModel: 'MI325X', gpuCount: 1, metric: 'throughput', precision: 'fp8' };
const MI300X_THR_FP16 = { gpuModel: 'MI300X', gpuCount: 1, metric: 'throughput', precision: 'fp16' };
const DEPLOYMENTS: Deployment[] = [MI300X_LAT_FP8, MI325X_LAT_BF16, MI325X_THR_FP8, MI300X_THR_FP16];

const SERVICES: Record<string, Record<string, unknown>> = {
  plain: {},
  throughput: { overrides: { metric: 'throughput' } },
  'on-mi300x': { overrides: { hardware: { gpu: { model: 'MI300X' } } } },
};
const EXPECTED: Record<string, Deployment> = {
  plain: MI325X_LAT_BF16,
  throughput: MI325X_THR_FP8,
  'on-mi300x': MI300X_LAT_FP8,
};

/** Namespace → the deployments whose discovery is slow there (the others take about a second). */
const SLOW: Record<string, Deployment[]> = {
  // The better templates are discovered last, with the services already waiting.
  'order-services-first': [MI325X_LAT_BF16, MI325X_THR_FP8],
  // As above, but the services come once a worse template is Ready.
  'order-model-first': [MI325X_LAT_BF16, MI325X_THR_FP8],
  // The worse templates are discovered last.
  'order-reversed': [MI300X_LAT_FP8, MI300X_THR_FP16],
};
const SLOW_SECONDS = 15;

let platform: LocalPlatform;
const client = (): KubeClient => platform.client;

function rules(): SimulatorRulesInput {
  const slow = Object.entries(SLOW).flatMap(([namespace, deployments]) =>
    deployments.map((d) => ({
      name: `slow-${namespace}-${d.gpuModel}-${d.precision}`,
      match: {
        namespace,
        labels: { 'aim.eai.amd.com/template': '*' },
        args: 'dry-run*',
        env: { AIM_GPU_MODEL: d.gpuModel, AIM_PRECISION: d.precision, AIM_METRIC: d.metric },
      },
      startAfterSeconds: 0.5,
      runSeconds: SLOW_SECONDS,
    })),
  );
  return {
    ...DEFAULT_RULES,
    pods: { ...DEFAULT_RULES.pods, rules: [...slow, ...(DEFAULT_RULES.pods?.rules ?? [])] },
  };
}

function modelObject(namespace: string): KubeObject {
  const object = inlineMetadataModel(namespace, MODEL, DEPLOYMENTS as unknown as Record<string, unknown>[]);
  object.spec.discovery = { createServiceTemplates: true };
  return object;
}

async function applyModel(namespace: string): Promise<void> {
  await client().apply(modelObject(namespace), FM);
}

async function applyServices(namespace: string): Promise<void> {
  for (const [name, spec] of Object.entries(SERVICES))
    await client().apply(
      {
        apiVersion: AIM,
        kind: 'AIMService',
        metadata: { name, namespace },
        spec: { model: { name: MODEL }, ...spec },
      },
      FM,
    );
}

async function templates(namespace: string): Promise<KubeObject[]> {
  return (await client().list({ apiVersion: AIM, kind: 'AIMServiceTemplate' }, { namespace })).items;
}

/** The generated template of `deployment` in `namespace`, found by its spec. */
async function templateOf(namespace: string, deployment: Deployment): Promise<KubeObject> {
  return eventually(`${namespace}: template for ${JSON.stringify(deployment)}`, async () =>
    (await templates(namespace)).find(
      (t) =>
        t.spec?.hardware?.gpu?.model === deployment.gpuModel &&
        t.spec?.metric === deployment.metric &&
        t.spec?.precision === deployment.precision,
    ),
  );
}

async function templateReady(namespace: string, deployment: Deployment): Promise<void> {
  const { name } = (await templateOf(namespace, deployment)).metadata;
  await eventually(`${namespace}/${name} Ready`, async () => {
    const template = await client().get({ apiVersion: AIM, kind: 'AIMServiceTemplate', namespace, name });
    return template.status?.status === 'Ready';
  });
}

async function service(namespace: string, name: string): Promise<KubeObject> {
  return client().get({ apiVersion: AIM, kind: 'AIMService', namespace, name });
}

function templateReadyCondition(svc: KubeObject) {
  return (svc.status?.conditions ?? []).find((c: { type: string }) => c.type === 'TemplateReady') as
    | { status: string; reason: string; message: string }
    | undefined;
}

/** Each service's resolved template, as the deployment it was generated from. */
async function choices(namespace: string): Promise<Record<string, Deployment>> {
  const byName = new Map<string, Deployment>();
  for (const deployment of DEPLOYMENTS)
    byName.set((await templateOf(namespace, deployment)).metadata.name, deployment);
  const chosen: Record<string, Deployment> = {};
  for (const name of Object.keys(SERVICES)) {
    const svc = await eventually(
      `${namespace}/${name} resolved`,
      async () => {
        const current = await service(namespace, name);
        return templateReadyCondition(current)?.status === 'True' ? current : undefined;
      },
      { timeoutMs: 120_000 },
    );
    chosen[name] = byName.get(svc.status.resolvedTemplate.name)!;
  }
  return chosen;
}

beforeAll(async () => {
  platform = await platformForTest('selection-order', {
    functions: ['model-inspect', 'template-discover', 'service-resolve'],
    resyncIntervalMs: 600_000,
    simulator: withSimulator,
  });
  await writeSimulatorRules(client(), rules());
  for (const namespace of Object.keys(SLOW))
    await client().apply({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace } }, FM);
});

afterAll(async () => {
  await platform?.stop();
});

describe('auto-selection does not depend on the order things happen in', () => {
  it('services first, the better templates discovered last', async () => {
    const ns = 'order-services-first';
    await applyServices(ns);
    await applyModel(ns);
    expect(await choices(ns)).toEqual(EXPECTED);
  }, 180_000);

  it('model first, the services created once a worse template is Ready: they wait for the better one', async () => {
    const ns = 'order-model-first';
    await applyModel(ns);
    await templateReady(ns, MI300X_LAT_FP8);
    await applyServices(ns);
    const bf16 = (await templateOf(ns, MI325X_LAT_BF16)).metadata.name;
    const waiting = await eventually(`${ns}/plain waiting`, async () => {
      const svc = await service(ns, 'plain');
      return templateReadyCondition(svc)?.reason === 'AwaitingCandidate' ? svc : undefined;
    });
    const message = templateReadyCondition(waiting)?.message ?? '';
    // It waits for both MI325X templates: either could beat the Ready MI300X one (GPU ranks first).
    expect(message).toMatch(/^waiting for /);
    expect(message).toContain(bf16);
    expect(waiting.status.templateSelection).toMatchObject({ reason: 'AwaitingCandidate' });
    expect(waiting.status.resolvedTemplate).toBeUndefined();
    expect(await choices(ns)).toEqual(EXPECTED);
  }, 180_000);

  it('model and services together, the worse templates discovered last', async () => {
    const ns = 'order-reversed';
    await Promise.all([applyModel(ns), applyServices(ns)]);
    expect(await choices(ns)).toEqual(EXPECTED);
  }, 180_000);
});
