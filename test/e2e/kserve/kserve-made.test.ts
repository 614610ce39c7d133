import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type KServe, startKServe } from '../../../local/kserve/kserve-manager.ts';
import type { LocalPlatform } from '../../../local/platform/local-platform.ts';
import type { KubeObject } from '../../../shared/kube/types.ts';
import { isvcName } from '../../../shared/naming/service-names.ts';
import {
  ARTIFACT,
  conditionOf,
  hasCondition,
  IMAGE,
  isvcKey,
  PVC,
  readyInputs,
  resolvedService,
  service,
  serviceKey,
  TEMPLATE,
} from '../isvc-render/world.ts';
import { platformForTest, withSimulator } from '../support/platform.ts';
import { eventually } from '../support/wait.ts';

/**
 * What KServe's own controller (v0.20.0, built from its module, its webhooks registered) makes of
 * the InferenceServices isvc-render writes: the predictor Deployment and its pods, and the status
 * it reports, which the service follows. Only isvc-render runs; the test writes what the other
 * functions would (the isvc-render world). The simulator plays the scheduler, the kubelet and
 * KEDA; kube-controller-manager turns KServe's Deployments into ReplicaSets and pods.
 */
const DEPLOYMENT = { apiVersion: 'apps/v1', kind: 'Deployment' } as const;
const NS = 'kserve-made';

let platform: LocalPlatform;
const client = () => platform.client;

beforeAll(async () => {
  platform = await platformForTest('kserve-made', {
    functions: ['isvc-render'],
    resyncIntervalMs: 5_000,
    simulator: withSimulator,
  });
  await readyInputs(client(), NS);
});

/** KServe started again by the test (the platform stops only the one it started). */
let restarted: KServe | undefined;

afterAll(async () => {
  await restarted?.stop();
  await platform?.stop();
});

const getService = (name: string) => client().get(serviceKey(NS, name));

function serviceWhere(name: string, what: string, test: (svc: KubeObject) => boolean, timeoutMs = 90_000) {
  return eventually(
    `${NS}/${name}: ${what}`,
    async () => {
      const svc = await getService(name);
      return test(svc) ? svc : false;
    },
    { timeoutMs },
  ).catch(async (err) => {
    const svc = await getService(name);
    throw new Error(`${(err as Error).message}\nstatus: ${JSON.stringify(svc.status, null, 1)}`);
  });
}

async function predictorDeployment(name: string): Promise<KubeObject> {
  const deployment = `${isvcName({ name, namespace: NS })}-predictor`;
  return await eventually(`KServe's Deployment ${deployment}`, () =>
    client().getOptional({ ...DEPLOYMENT, namespace: NS, name: deployment }),
  );
}

async function predictorPods(name: string): Promise<KubeObject[]> {
  const selector = `serving.kserve.io/inferenceservice=${isvcName({ name, namespace: NS })}`;
  return (await client().list({ apiVersion: 'v1', kind: 'Pod' }, { namespace: NS, labelSelector: selector }))
    .items;
}

interface ManagedFieldsEntry {
  manager: string;
  subresource?: string;
  time?: string;
}
const managedFields = (object: KubeObject) =>
  (object.metadata as { managedFields?: ManagedFieldsEntry[] }).managedFields ?? [];
const managers = (object: KubeObject, subresource?: string) =>
  managedFields(object)
    .filter((entry) => entry.subresource === subresource)
    .map((entry) => entry.manager);

describe("KServe's own controller behind isvc-render", () => {
  it("runs the predictor as a Deployment whose pods carry the service's env, resources, affinity, cache and labels", async () => {
    await resolvedService(client(), NS, 'made', { env: [{ name: 'HF_HOME', value: '/tmp/hf' }] });
    const running = await serviceWhere('made', 'Running', (svc) => svc.status?.status === 'Running');

    const deployment = await predictorDeployment('made');
    const pod = deployment.spec.template;
    const container = pod.spec.containers.find((c: { name: string }) => c.name === 'kserve-container');
    expect(container.image).toBe(IMAGE);
    expect(container.env).toEqual(
      expect.arrayContaining([
        { name: 'AIM_METRIC', value: 'latency' },
        { name: 'AIM_PRECISION', value: 'fp16' },
        { name: 'AIM_PROFILE_ID', value: 'mi300x-fp16-latency' },
        { name: 'AIM_ENGINE_ARGS', value: '{"max-model-len":4096,"tensor-parallel-size":1}' },
        { name: 'HF_HOME', value: '/tmp/hf' },
      ]),
    );
    // Ours, as rendered: KServe's defaulting adds no CPU limit with the configuration the
    // product expects (docs/install.md), and keeps the GPU count on both sides.
    expect(container.resources).toEqual({
      limits: { memory: '48Gi', 'amd.com/gpu': '1' },
      requests: { cpu: '6', memory: '32Gi', 'amd.com/gpu': '1' },
    });
    expect(container.volumeMounts).toEqual(
      expect.arrayContaining([
        { name: 'dshm', mountPath: '/dev/shm' },
        { name: ARTIFACT, mountPath: '/workspace/cache/org/tiny-model' },
      ]),
    );
    expect(pod.spec.volumes).toEqual(
      expect.arrayContaining([
        { name: 'dshm', emptyDir: { medium: 'Memory', sizeLimit: '8Gi' } },
        { name: ARTIFACT, persistentVolumeClaim: { claimName: PVC } },
      ]),
    );
    expect(
      pod.spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms,
    ).toEqual([
      { matchExpressions: [{ key: 'amd.com/gpu.device-id', operator: 'In', values: ['74a1', '74b5'] }] },
    ]);
    expect(pod.metadata.labels).toMatchObject({
      'serving.kserve.io/inferenceservice': isvcName({ name: 'made', namespace: NS }),
      'aim.eai.amd.com/service.name': 'made',
      'aim.eai.amd.com/template': TEMPLATE,
      'app.kubernetes.io/managed-by': 'aim-engine',
      'aim.eai.amd.com/tier': 'gold',
    });

    // The pods are the ReplicaSet's, on the MI300X node the affinity names.
    const pods = await predictorPods('made');
    expect(pods).toHaveLength(1);
    expect(pods[0]?.metadata.ownerReferences?.[0]?.kind).toBe('ReplicaSet');
    expect(pods[0]?.spec.nodeName).toBe('sim-mi300x-0');

    // The status the service followed is KServe's own.
    const isvc = await client().get(isvcKey(NS, 'made'));
    expect(managers(isvc, 'status')).toContain('kserve-manager');
    expect(managers(isvc, 'status')).not.toContain('aim-simulator');
    expect(hasCondition(isvc, 'PredictorReady', 'True')).toBe(true);
    expect(isvc.status.deploymentMode).toBe('Standard');
    expect(running.status.url).toBe(isvc.status.url);
  });

  it('follows a rollout to more replicas and a new pod template, and ends Running on the new pods', async () => {
    const before = (await predictorPods('made')).map((pod) => pod.metadata.name);
    await service(client(), NS, 'made', { replicas: 2, env: [{ name: 'HF_HOME', value: '/tmp/hf2' }] });
    // The Deployment rolls out: the old pods serve (the service stays Running, as KServe's
    // Deployment stays Available) until the new ones are Ready and the old ones gone.
    const onNewTemplate = (pod: KubeObject) =>
      (pod.spec.containers[0].env as { name: string; value?: string }[]).some(
        (env) => env.name === 'HF_HOME' && env.value === '/tmp/hf2',
      );
    const pods = await eventually(
      'the rollout done: two pods, both on the new template',
      async () => {
        const live = (await predictorPods('made')).filter((pod) => !pod.metadata.deletionTimestamp);
        return live.length === 2 && live.every(onNewTemplate) ? live : false;
      },
      { timeoutMs: 90_000 },
    );
    expect(pods.map((pod) => pod.metadata.name)).not.toEqual(expect.arrayContaining(before));
    const running = await serviceWhere(
      'made',
      'Running with 2 replicas',
      (svc) => svc.status?.status === 'Running' && svc.status?.runtime?.currentReplicas === 2,
    );
    expect(running.status.runtime).toMatchObject({ minReplicas: 2, maxReplicas: 2, desiredReplicas: 2 });
    expect((await predictorDeployment('made')).spec.replicas).toBe(2);
  });

  it("fights none of KServe's defaults: a Running service's InferenceService is not written for 60 s", async () => {
    const key = isvcKey(NS, 'made');
    const ours = (isvc: KubeObject) =>
      managedFields(isvc).find((entry) => entry.manager === 'aim-isvc-render');
    const first = await client().get(key);
    // Resyncs every 5 s reconcile the service about twelve times meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 60_000));
    const later = await client().get(key);
    expect(later.metadata.generation).toBe(first.metadata.generation);
    expect(ours(later)).toEqual(ours(first));
    expect((await getService('made')).status.status).toBe('Running');
  });

  it("reports KServe's admission refusal in the service's condition, and renders once the input is fixed", async () => {
    // KServe's validating webhook refuses PYTHONPATH in a predictor's env; AIM's CRD allows it.
    await resolvedService(client(), NS, 'refused', { env: [{ name: 'PYTHONPATH', value: '/opt/x' }] });
    // isvc-render reports a refused write as it reports any the API server refuses.
    const refused = await serviceWhere('refused', "the webhook's refusal", (svc) =>
      String(conditionOf(svc, 'Ready')?.message).includes('PYTHONPATH'),
    );
    expect(refused.status.status).toBe('Failed');
    expect(conditionOf(refused, 'Ready')).toMatchObject({ status: 'False', reason: 'InvalidSpec' });
    expect(conditionOf(refused, 'Ready')?.message).toContain(
      'admission webhook "inferenceservice.kserve-webhook-server.validator" denied the request',
    );
    expect(await client().getOptional(isvcKey(NS, 'refused'))).toBeUndefined();

    await service(client(), NS, 'refused', { env: [{ name: 'PYTHON_VERSION', value: '3' }] });
    await serviceWhere('refused', 'Running once fixed', (svc) => svc.status?.status === 'Running');
  });
});

describe('KServe down', () => {
  it('a service written meanwhile says the webhook call failed, and runs once KServe is back', async () => {
    await platform.kserve?.stop();
    // Its webhooks stay registered (failurePolicy Fail): the API server cannot admit the write.
    // A transient infrastructure error to the state engine: DependenciesReachable carries it and
    // the write is retried, while the service waits for its InferenceService.
    await resolvedService(client(), NS, 'while-down');
    const waiting = await serviceWhere('while-down', 'the failed webhook call', (svc) =>
      String(conditionOf(svc, 'DependenciesReachable')?.message).includes('failed calling webhook'),
    );
    expect(conditionOf(waiting, 'DependenciesReachable')).toMatchObject({
      status: 'False',
      reason: 'InfrastructureError',
    });
    expect(waiting.status.status).not.toBe('Running');

    restarted = await startKServe({ controlPlane: platform.controlPlane, client: client() });
    await serviceWhere(
      'while-down',
      'Running once KServe is back',
      (svc) => svc.status?.status === 'Running',
    );
  });
});
