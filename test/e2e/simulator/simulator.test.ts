import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ControlPlane, startControlPlane } from '../../../local/control-plane/control-plane.ts';
import { installCrds } from '../../../local/platform/install-crds.ts';
import { DEFAULT_RULES, type SimulatorRulesInput } from '../../../local/simulator/rules.ts';
import { writeSimulatorRules } from '../../../local/simulator/rules-configmap.ts';
import { type Simulator, startSimulator } from '../../../local/simulator/simulator.ts';
import { createKubeClient } from '../../../shared/kube/client.ts';
import { KubeError } from '../../../shared/kube/errors.ts';
import type { KubeClient, KubeObject } from '../../../shared/kube/types.ts';
import { eventually } from '../support/wait.ts';

const NS = 'sim-e2e';
const HELLO_LOG = 'hello from the simulated kubelet\nsecond line\n';

let dir: string;
let controlPlane: ControlPlane | undefined;
let simulator: Simulator | undefined;
let client: KubeClient;

const rules: SimulatorRulesInput = {
  ...DEFAULT_RULES,
  pods: {
    rules: [
      { name: 'hello', match: { image: 'example.com/hello:*' }, logs: HELLO_LOG, runSeconds: 1 },
      {
        // Steps seconds apart: the progress test must see a step below 100 % between two polls.
        name: 'download-in-steps',
        match: { labels: { 'aim.eai.amd.com/component': 'download' }, args: 'hf://org/model' },
        startAfterSeconds: 0.5,
        progress: { steps: [25, 50, 100], intervalSeconds: 2 },
      },
      {
        name: 'private',
        match: { image: 'example.com/private:*' },
        pullError: 'failed to resolve reference: 401 Unauthorized',
      },
      ...(DEFAULT_RULES.pods?.rules ?? []),
    ],
  },
};

function hasCondition(object: KubeObject, type: string, status = 'True'): boolean {
  return (object.status?.conditions ?? []).some(
    (c: { type?: string; status?: string }) => c.type === type && c.status === status,
  );
}

function portAcceptsConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'aim-sim-e2e-'));
  controlPlane = await startControlPlane({ dir });
  client = createKubeClient({ kubeconfigPath: controlPlane.kubeconfigPath });
  await installCrds(client);
  simulator = await startSimulator({
    client,
    certDir: join(controlPlane.dir, 'pki'),
    kubeconfigPath: controlPlane.kubeconfigPath,
  });
  await writeSimulatorRules(client, rules);
  await client.apply(
    { apiVersion: 'v1', kind: 'Namespace', metadata: { name: NS } },
    { fieldManager: 'e2e' },
  );
});

afterAll(async () => {
  await simulator?.stop();
  await controlPlane?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('cluster simulator on a real API server', () => {
  it('creates Ready GPU nodes whose kubelet endpoint is the fake kubelet', async () => {
    const nodes = await eventually('two Ready nodes', async () => {
      const list = await client.list({ apiVersion: 'v1', kind: 'Node' });
      return list.items.filter((n) => hasCondition(n, 'Ready')).length === 2 ? list.items : undefined;
    });
    const byName = new Map(nodes.map((n) => [n.metadata.name, n]));
    expect(byName.get('sim-mi300x-0')?.metadata.labels?.['amd.com/gpu.device-id']).toBe('74a1');
    expect(byName.get('sim-mi325x-0')?.metadata.labels?.['amd.com/gpu.device-id']).toBe('74a5');
    expect(byName.get('sim-mi300x-0')?.status?.allocatable?.['amd.com/gpu']).toBe('8');
    expect(byName.get('sim-mi300x-0')?.status?.daemonEndpoints?.kubeletEndpoint?.Port).toBe(
      simulator?.kubeletPort,
    );
    expect(byName.get('sim-mi300x-0')?.spec?.taints ?? []).toEqual([]);
  });

  it('runs a Job to Complete and serves its log through pods/log', async () => {
    await client.create({
      apiVersion: 'batch/v1',
      kind: 'Job',
      metadata: { name: 'hello', namespace: NS },
      spec: {
        backoffLimit: 0,
        template: {
          spec: { restartPolicy: 'Never', containers: [{ name: 'main', image: 'example.com/hello:1' }] },
        },
      },
    });
    const job = await eventually('Job Complete', async () => {
      const current = await client.get({ apiVersion: 'batch/v1', kind: 'Job', namespace: NS, name: 'hello' });
      return hasCondition(current, 'Complete') ? current : undefined;
    });
    expect(job.status?.succeeded).toBe(1);
    const pods = await client.list(
      { apiVersion: 'v1', kind: 'Pod' },
      { namespace: NS, labelSelector: 'job-name=hello' },
    );
    const pod = pods.items[0];
    expect(pod?.status?.phase).toBe('Succeeded');
    expect(pod?.spec?.nodeName).toMatch(/^sim-/);
    expect(await client.podLog(NS, pod?.metadata.name ?? '', { container: 'main' })).toBe(HELLO_LOG);
    expect(await client.podLog(NS, pod?.metadata.name ?? '', { tailLines: 1 })).toBe('second line\n');
  });

  it('makes an InferenceService Ready with a running predictor pod', async () => {
    await client.create({
      apiVersion: 'serving.kserve.io/v1beta1',
      kind: 'InferenceService',
      metadata: { name: 'chat', namespace: NS, labels: { 'aim.eai.amd.com/service': 'chat' } },
      spec: {
        predictor: {
          minReplicas: 1,
          containers: [
            {
              name: 'kserve-container',
              image: 'example.com/model:1',
              resources: { requests: { 'amd.com/gpu': '1' }, limits: { 'amd.com/gpu': '1' } },
            },
          ],
          affinity: {
            nodeAffinity: {
              requiredDuringSchedulingIgnoredDuringExecution: {
                nodeSelectorTerms: [
                  { matchExpressions: [{ key: 'amd.com/gpu.device-id', operator: 'In', values: ['74a5'] }] },
                ],
              },
            },
          },
        },
      },
    });
    const isvc = await eventually('InferenceService Ready', async () => {
      const current = await client.get({
        apiVersion: 'serving.kserve.io/v1beta1',
        kind: 'InferenceService',
        namespace: NS,
        name: 'chat',
      });
      return hasCondition(current, 'Ready') ? current : undefined;
    });
    expect(isvc.status?.modelStatus?.states?.activeModelState).toBe('Loaded');
    expect(isvc.status?.deploymentMode).toBe('Standard');
    const pods = await client.list(
      { apiVersion: 'v1', kind: 'Pod' },
      { namespace: NS, labelSelector: 'serving.kserve.io/inferenceservice=chat' },
    );
    expect(pods.items).toHaveLength(1);
    expect(pods.items[0]?.spec?.nodeName).toBe('sim-mi325x-0');
    expect(pods.items[0]?.metadata.labels?.['aim.eai.amd.com/service']).toBe('chat');
    expect(hasCondition(pods.items[0] as KubeObject, 'Ready')).toBe(true);
  });

  it('binds a PersistentVolumeClaim with the requested capacity', async () => {
    await client.create({
      apiVersion: 'v1',
      kind: 'PersistentVolumeClaim',
      metadata: { name: 'cache', namespace: NS },
      spec: { accessModes: ['ReadWriteMany'], resources: { requests: { storage: '3Gi' } } },
    });
    const claim = await eventually('PVC Bound', async () => {
      const current = await client.get({
        apiVersion: 'v1',
        kind: 'PersistentVolumeClaim',
        namespace: NS,
        name: 'cache',
      });
      return current.status?.phase === 'Bound' ? current : undefined;
    });
    expect(claim.status?.capacity?.storage).toBe('3Gi');
  });

  it('shows ImagePullBackOff for an image with a pull-failure rule', async () => {
    await client.create({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'private', namespace: NS },
      spec: { containers: [{ name: 'main', image: 'example.com/private:1' }] },
    });
    const waiting = await eventually('ImagePullBackOff', async () => {
      const pod = await client.get({ apiVersion: 'v1', kind: 'Pod', namespace: NS, name: 'private' });
      const state = pod.status?.containerStatuses?.[0]?.state?.waiting;
      return state?.reason === 'ImagePullBackOff' ? state : undefined;
    });
    expect(waiting.message).toContain('401 Unauthorized');
    const logError = await client.podLog(NS, 'private').catch((err: unknown) => err);
    expect(logError).toBeInstanceOf(KubeError);
    expect((logError as KubeError).message).toContain('waiting to start');
  });

  it('records FailedScheduling for a pod no node can hold', async () => {
    await client.create({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'too-big', namespace: NS },
      spec: { containers: [{ name: 'main', image: 'x', resources: { limits: { 'amd.com/gpu': '20' } } }] },
    });
    const event = await eventually('FailedScheduling event', async () => {
      const events = await client.list(
        { apiVersion: 'v1', kind: 'Event' },
        { namespace: NS, fieldSelector: 'involvedObject.name=too-big' },
      );
      return events.items.find((e) => e.reason === 'FailedScheduling');
    });
    expect(event.message).toContain('Insufficient amd.com/gpu');
    const pod = await client.get({ apiVersion: 'v1', kind: 'Pod', namespace: NS, name: 'too-big' });
    expect(pod.spec?.nodeName).toBeUndefined();
    expect(pod.status?.phase).toBe('Pending');
  });

  it('reports download progress on the AIMArtifact', async () => {
    await client.create({
      apiVersion: 'aim.eai.amd.com/v1alpha1',
      kind: 'AIMArtifact',
      metadata: { name: 'weights', namespace: NS },
      spec: { sourceUri: 'hf://org/model' },
    });
    await client.create({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'download', namespace: NS, labels: { 'aim.eai.amd.com/component': 'download' } },
      spec: {
        restartPolicy: 'Never',
        containers: [
          {
            name: 'model-download',
            image: 'ghcr.io/silogen/aim-artifact-downloader:0.2.0',
            args: ['hf://org/model'],
            env: [
              { name: 'ARTIFACT_NAME', value: 'weights' },
              { name: 'ARTIFACT_NAMESPACE', value: NS },
              { name: 'EXPECTED_SIZE_BYTES', value: '4096' },
            ],
          },
        ],
      },
    });
    const seen = new Set<number>();
    const artifactKey = {
      apiVersion: 'aim.eai.amd.com/v1alpha1',
      kind: 'AIMArtifact',
      namespace: NS,
      name: 'weights',
    };
    await eventually('progress below 100 % reported', async () => {
      const percentage = (await client.get(artifactKey)).status?.progress?.percentage;
      if (typeof percentage === 'number') seen.add(percentage);
      return typeof percentage === 'number' && percentage < 100;
    });
    await eventually('download pod Succeeded', async () => {
      const artifact = await client.get({
        apiVersion: 'aim.eai.amd.com/v1alpha1',
        kind: 'AIMArtifact',
        namespace: NS,
        name: 'weights',
      });
      if (artifact.status?.progress) seen.add(artifact.status.progress.percentage);
      const pod = await client.get({ apiVersion: 'v1', kind: 'Pod', namespace: NS, name: 'download' });
      return pod.status?.phase === 'Succeeded' ? pod : undefined;
    });
    const artifact = await client.get({
      apiVersion: 'aim.eai.amd.com/v1alpha1',
      kind: 'AIMArtifact',
      namespace: NS,
      name: 'weights',
    });
    expect(artifact.status?.progress).toEqual({
      percentage: 100,
      displayPercentage: '100 %',
      downloadedBytes: 4096,
      totalBytes: 4096,
    });
    expect(artifact.status?.download).toMatchObject({
      protocol: 'XET',
      attempt: 1,
      message: 'Verifying integrity...',
    });
    expect(seen.has(100)).toBe(true);
    expect([...seen].some((p) => p < 100)).toBe(true);
  });

  it('touches nothing while the rules say enabled: false', async () => {
    await writeSimulatorRules(client, { ...rules, enabled: false });
    try {
      await client.create({
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: { name: 'left-alone', namespace: NS },
        spec: { containers: [{ name: 'main', image: 'x' }] },
      });
      // One whole simulator pass with the pod there: had it scheduled or run anything, it would have.
      await simulator?.tick();
      const pod = await client.get({ apiVersion: 'v1', kind: 'Pod', namespace: NS, name: 'left-alone' });
      expect(pod.spec?.nodeName).toBeUndefined();
      expect(pod.status?.conditions ?? []).toEqual([]);
    } finally {
      await writeSimulatorRules(client, rules);
    }
    await eventually('pod bound after re-enabling', async () => {
      const pod = await client.get({ apiVersion: 'v1', kind: 'Pod', namespace: NS, name: 'left-alone' });
      return pod.spec?.nodeName ? pod : undefined;
    });
  });

  it('stops without leaving its kubelet port open', async () => {
    const port = simulator?.kubeletPort ?? 0;
    expect(await portAcceptsConnections(port)).toBe(true);
    await simulator?.stop();
    expect(await portAcceptsConnections(port)).toBe(false);
  });
});
