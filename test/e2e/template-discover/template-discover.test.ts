import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalPlatform } from '../../../local/platform/local-platform.ts';
import { writeSimulatorRules } from '../../../local/simulator/rules-configmap.ts';
import type { KubeObject } from '../../../shared/kube/types.ts';
import { platformForTest, withSimulator } from '../support/platform.ts';
import { eventually } from '../support/wait.ts';
import {
  type AttemptWatch,
  conditionOf,
  createTemplate,
  discoveryJobs,
  getTemplate,
  isActiveJob,
  MI355X_NODE,
  namespace,
  readyModel,
  rules,
  watchDiscoveryAttempts,
} from './world.ts';

/**
 * template-discover alone on the local control plane: models are written by the test (paused,
 * Ready), the simulator runs the discovery pods with scripted dry-run logs, kube-controller-manager
 * runs the Job, TTL and GC controllers.
 */
const NS = 'td-e2e';
const BURST_NS = 'td-burst';
const GPU = { gpu: { requests: 1, model: 'MI300X' } };

let platform: LocalPlatform;
let failingAttempts: AttemptWatch | undefined;
const client = () => platform.client;

async function templateWhere(
  name: string,
  ns: string | undefined,
  test: (t: KubeObject) => boolean,
  what: string,
  timeoutMs = 90_000,
) {
  return eventually(
    `${what} (${ns ?? 'cluster'}/${name})`,
    async () => {
      const template = await getTemplate(client(), name, ns);
      return test(template) ? template : undefined;
    },
    { timeoutMs },
  );
}

const hasStatus = (status: string) => (template: KubeObject) => template.status?.status === status;

beforeAll(async () => {
  platform = await platformForTest('template-discover', {
    functions: ['template-discover'],
    resyncIntervalMs: 5_000,
    simulator: withSimulator,
  });
  await writeSimulatorRules(platform.client, rules());
  await namespace(client(), NS);
  await namespace(client(), BURST_NS);
  await readyModel(client(), 'llama', NS);
  await readyModel(client(), 'llama', BURST_NS);
  await readyModel(client(), 'llama');
  // Started first: its backoff runs while the other tests do, so its attempts are followed from
  // now on rather than looked at when the backoff test gets its turn.
  failingAttempts = watchDiscoveryAttempts(client(), 'e2e-fails', NS);
  await createTemplate(client(), 'e2e-fails', { modelName: 'llama', hardware: GPU }, NS);
});

afterAll(async () => {
  failingAttempts?.stop();
  await platform?.stop();
});

describe('template-discover on a real API server', () => {
  it('discovers a template from the dry-run log of its Job', async () => {
    await createTemplate(
      client(),
      'e2e-ok',
      { modelName: 'llama', hardware: GPU, metric: 'latency', precision: 'fp8' },
      NS,
    );
    const ready = await templateWhere('e2e-ok', NS, hasStatus('Ready'), 'Ready');
    expect(ready.status.modelSources).toEqual([
      { modelId: 'HuggingFaceTB/SmolLM2-135M', sourceUri: 'hf://HuggingFaceTB/SmolLM2-135M', size: '512Mi' },
    ]);
    expect(ready.status.profile.metadata).toMatchObject({
      engine: 'vllm',
      gpu: 'MI300X',
      precision: 'fp8',
      metric: 'latency',
    });
    expect(ready.status.hardwareSummary).toBe('1 x MI300X');
    expect(conditionOf(ready, 'Discovered')).toMatchObject({ status: 'True', reason: 'DiscoveryComplete' });
    expect(
      ready.status.resolvedNodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0]
        .matchExpressions[0].values,
    ).toEqual(['74a1', '74a9', '74b5', '74bd']);
    const job = (await discoveryJobs(client())).find(
      (j) => j.metadata.name === ready.status.discoveryJob.name,
    );
    expect(job?.metadata.namespace).toBe(NS);
    expect(job?.metadata.labels).toMatchObject({
      'app.kubernetes.io/name': 'aim-discovery',
      'app.kubernetes.io/component': 'discovery',
      'app.kubernetes.io/managed-by': 'aim-controller',
      'aim.eai.amd.com/template': 'e2e-ok',
    });
    expect(job?.metadata.ownerReferences?.[0]).toMatchObject({
      kind: 'AIMServiceTemplate',
      name: 'e2e-ok',
      blockOwnerDeletion: true,
    });
  });

  it('finds the result in a noisy log', async () => {
    await createTemplate(client(), 'e2e-noisy', { modelName: 'llama' }, NS);
    const ready = await templateWhere('e2e-noisy', NS, hasStatus('Ready'), 'Ready');
    expect(ready.status.modelSources).toEqual([
      { modelId: 'org/noisy-model', sourceUri: 'hf://org/noisy-model', size: '14Gi' },
    ]);
    expect(ready.status.hardwareSummary).toBe('2 x MI325X');
  });

  it('fails a discovery whose log holds no result, with a message', async () => {
    await createTemplate(client(), 'e2e-garbage', { modelName: 'llama' }, NS);
    const failed = await templateWhere('e2e-garbage', NS, hasStatus('Failed'), 'Failed');
    expect(conditionOf(failed, 'DiscoveryJobReady')).toMatchObject({
      status: 'False',
      reason: 'DiscoveryOutputInvalid',
      message: expect.stringContaining('holds no JSON array'),
    });
    expect(failed.status.modelSources).toBeUndefined();
  });

  it('runs a cluster template’s Job in the operator namespace', async () => {
    await createTemplate(client(), 'e2e-cluster', { modelName: 'llama', hardware: GPU });
    const ready = await templateWhere('e2e-cluster', undefined, hasStatus('Ready'), 'Ready');
    expect(ready.status.discoveryJob.namespace).toBe('aim-system');
    expect(conditionOf(ready, 'ClusterModelReady')).toMatchObject({
      status: 'True',
      reason: 'ClusterModelFound',
    });
  });

  it('runs at most 10 discovery Jobs at a time for 30 templates created at once, and all become Ready', async () => {
    let maxActive = 0;
    const jobUidsByTemplate = new Map<string, Set<string>>();
    let polling = true;
    const poller = (async () => {
      while (polling) {
        const jobs = await discoveryJobs(client()).catch(() => []);
        maxActive = Math.max(maxActive, jobs.filter(isActiveJob).length);
        for (const job of jobs) {
          const template = job.metadata.labels?.['aim.eai.amd.com/template'] ?? '';
          const uids = jobUidsByTemplate.get(template) ?? new Set<string>();
          uids.add(job.metadata.uid ?? '');
          jobUidsByTemplate.set(template, uids);
        }
        await new Promise((resolve) => setTimeout(resolve, 150));
      }
    })();
    const names = Array.from({ length: 30 }, (_, i) => `burst-${String(i).padStart(2, '0')}`);
    try {
      await Promise.all(
        names.map((name) => createTemplate(client(), name, { modelName: 'llama' }, BURST_NS)),
      );
      const waiting = await eventually('a template waiting for a discovery slot', async () => {
        const list = await client().list(
          { apiVersion: 'aim.eai.amd.com/v1alpha1', kind: 'AIMServiceTemplate' },
          { namespace: BURST_NS },
        );
        return list.items.find((t) => conditionOf(t, 'Discovered')?.message?.includes('free discovery slot'));
      });
      expect(conditionOf(waiting, 'Discovered')).toMatchObject({
        status: 'False',
        reason: 'AwaitingDiscovery',
      });
      await eventually(
        'all 30 burst templates Ready',
        async () => {
          const list = await client().list(
            { apiVersion: 'aim.eai.amd.com/v1alpha1', kind: 'AIMServiceTemplate' },
            { namespace: BURST_NS },
          );
          return list.items.filter(hasStatus('Ready')).length === 30;
        },
        { timeoutMs: 240_000, intervalMs: 500 },
      );
    } finally {
      polling = false;
      await poller;
    }
    expect(maxActive).toBeGreaterThan(0);
    expect(maxActive).toBeLessThanOrEqual(10);
    for (const name of names) expect(jobUidsByTemplate.get(name)?.size, name).toBe(1);
  }, 300_000);

  it('is NotAvailable for a GPU no node has, and becomes Ready when such a Node appears', async () => {
    await createTemplate(
      client(),
      'e2e-mi355x',
      { modelName: 'llama', hardware: { gpu: { requests: 1, model: 'MI355X' } } },
      NS,
    );
    const unavailable = await templateWhere('e2e-mi355x', NS, hasStatus('NotAvailable'), 'NotAvailable');
    expect(conditionOf(unavailable, 'GPUReady')).toMatchObject({
      status: 'False',
      reason: 'GPUNotAvailable',
      message: expect.stringContaining("Required GPU model 'MI355X' not available"),
    });
    await writeSimulatorRules(client(), rules([MI355X_NODE]));
    const ready = await templateWhere('e2e-mi355x', NS, hasStatus('Ready'), 'Ready');
    expect(conditionOf(ready, 'GPUReady')).toMatchObject({ status: 'True', reason: 'GPUAvailable' });
    expect(
      ready.status.resolvedNodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0]
        .matchExpressions[0].values,
    ).toEqual(['75a3', '75b3']);
  });

  it('fails a template naming a missing model, with the field and the value (issue 14)', async () => {
    await createTemplate(client(), 'e2e-orphan', { modelName: 'no-such-model', hardware: GPU }, NS);
    const failed = await templateWhere('e2e-orphan', NS, hasStatus('Failed'), 'Failed');
    const message = `spec.modelName "no-such-model": AIMModel not found in namespace "${NS}"`;
    expect(conditionOf(failed, 'ModelReady')).toMatchObject({
      status: 'False',
      reason: 'ReferenceNotFound',
      message: expect.stringContaining(message),
    });
    expect(conditionOf(failed, 'Ready')).toMatchObject({
      status: 'False',
      reason: 'ReferenceNotFound',
      message: expect.stringContaining(`Component Model is not ready: ${message}`),
    });
    expect(conditionOf(failed, 'ConfigValid')).toMatchObject({
      status: 'False',
      reason: 'ReferenceNotFound',
    });
    const jobs = await discoveryJobs(client());
    expect(jobs.filter((job) => job.metadata.labels?.['aim.eai.amd.com/template'] === 'e2e-orphan')).toEqual(
      [],
    );
  });

  it('backs a failing discovery off and retries it with a new Job only after the backoff', async () => {
    if (!failingAttempts) throw new Error('the attempts of e2e-fails are not being followed');
    // As first seen with attempt 1 recorded: later attempts overwrite status.discovery.
    const first = (await failingAttempts.sighting(1, 120_000)).template;
    expect(first.status.status).toBe('Failed');
    expect(first.status.discovery.lastFailureReason).toEqual(expect.any(String));
    expect(conditionOf(first, 'DiscoveryJobReady')?.reason).toBe('JobBackoffLimitExceeded');
    const recordedAt = Date.parse(first.status.discovery.lastAttemptTime);
    // As first seen with attempt 2 recorded, with the Jobs of that moment (a third attempt's Job
    // cannot exist yet: its backoff is longer still).
    const { template: second, jobs } = await failingAttempts.sighting(2, 150_000);
    // The retry's Job was created no earlier than the backoff allowed (timestamps have second precision).
    const retries = jobs.filter((job) => Date.parse(job.metadata.creationTimestamp ?? '') > recordedAt);
    expect(retries).toHaveLength(1);
    expect(Date.parse(retries[0]?.metadata.creationTimestamp ?? '')).toBeGreaterThanOrEqual(
      recordedAt + 60_000,
    );
    expect(second.status.status).not.toBe('Ready');
  }, 200_000);
});
