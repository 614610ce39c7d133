import { beforeEach, describe, expect, it } from 'vitest';
import { AIM_API_VERSION } from '../../../shared/api/group.ts';
import type { KubeObject } from '../../../shared/kube/types.ts';
import { isRetryableError } from '../../../shared/reconcile/retryable-error.ts';
import { FakeKubeClient } from '../../support/fake-kube.ts';
import {
  clusterModel,
  clusterTemplate,
  DRY_RUN_LOG,
  DRY_RUN_METADATA,
  GPU_MI300X,
  gpuNode,
  model,
  NS,
  template,
} from './fixtures.ts';
import {
  activeJobs,
  Clock,
  completeJob,
  condition,
  deleteJob,
  failJob,
  Instance,
  JOB,
  jobsOf,
} from './harness.ts';

const key = (name: string, namespace: string = NS) => ({
  apiVersion: AIM_API_VERSION,
  kind: 'AIMServiceTemplate',
  namespace,
  name,
});
const clusterKey = (name: string) => ({
  apiVersion: AIM_API_VERSION,
  kind: 'AIMClusterServiceTemplate',
  name,
});

let clock: Clock;
let kube: FakeKubeClient;
let instance: Instance;

beforeEach(() => {
  clock = new Clock();
  kube = new FakeKubeClient({ now: clock.now });
  instance = new Instance(kube, clock);
});

function stored(name: string): KubeObject {
  return kube.peek(key(name))!;
}

describe('in-line model sources', () => {
  const sources = [{ modelId: 'Qwen/Qwen3-32B', sourceUri: 'hf://Qwen/Qwen3-32B', size: '16Gi' }];

  it('are copied to status and make the template Ready without a Job', async () => {
    kube.seed(
      model(),
      gpuNode('n1', '74a1'),
      template('qwen', {
        modelSources: sources,
        metric: 'latency',
        precision: 'fp16',
        type: 'optimized',
        ...{ hardware: GPU_MI300X },
      }),
    );
    const outcome = await instance.reconcile('qwen');
    expect(outcome.status).toBe('Ready');
    const status = stored('qwen').status;
    expect(status.modelSources).toEqual(sources);
    expect(status.profile).toEqual({
      metadata: { gpuCount: 1, gpu: 'MI300X', metric: 'latency', precision: 'fp16', type: 'optimized' },
    });
    expect(status.resolvedHardware).toEqual({
      gpu: { requests: 1, model: 'MI300X', resourceName: 'amd.com/gpu' },
    });
    expect(status.hardwareSummary).toBe('1 x MI300X');
    expect(status.resolvedNodeAffinity).toEqual({
      requiredDuringSchedulingIgnoredDuringExecution: {
        nodeSelectorTerms: [
          {
            matchExpressions: [
              { key: 'amd.com/gpu.device-id', operator: 'In', values: ['74a1', '74a9', '74b5', '74bd'] },
            ],
          },
        ],
      },
    });
    expect(status.resolvedModel).toEqual({ name: 'llama', namespace: NS });
    expect(condition(stored('qwen'), 'Discovered')).toMatchObject({
      status: 'True',
      reason: 'InlineModelSources',
      message: 'Model sources provided in-line in spec',
    });
    expect(jobsOf(kube)).toEqual([]);
  });

  it("keep the node affinity's device ids in the order already written (the Go operator's map order)", async () => {
    const goOrder = ['74a9', '74a1', '74bd', '74b5'];
    const written = {
      requiredDuringSchedulingIgnoredDuringExecution: {
        nodeSelectorTerms: [
          { matchExpressions: [{ key: 'amd.com/gpu.device-id', operator: 'In', values: goOrder }] },
        ],
      },
    };
    const qwen = template('qwen', { modelSources: sources, type: 'optimized', ...{ hardware: GPU_MI300X } });
    kube.seed(model(), gpuNode('n1', '74a1'), { ...qwen, status: { resolvedNodeAffinity: written } });
    await instance.reconcile('qwen');
    expect(stored('qwen').status.resolvedNodeAffinity).toEqual(written);
  });

  it('hand over to caching: the owned AIMTemplateCache is created once', async () => {
    kube.seed(
      model(),
      template('qwen', {
        modelSources: sources,
        runtimeConfigName: 'default',
        caching: { enabled: true, env: [{ name: 'HF_HUB_OFFLINE', value: '0' }] },
      }),
    );
    await instance.reconcile('qwen');
    const cache = kube.peek({
      apiVersion: AIM_API_VERSION,
      kind: 'AIMTemplateCache',
      namespace: NS,
      name: 'qwen',
    });
    expect(cache?.spec).toEqual({
      templateName: 'qwen',
      templateScope: 'Namespace',
      env: [{ name: 'HF_HUB_OFFLINE', value: '0' }],
      runtimeConfigName: 'default',
    });
    expect(cache?.metadata.ownerReferences).toEqual([
      expect.objectContaining({ kind: 'AIMServiceTemplate', name: 'qwen', controller: true }),
    ]);
    kube.resetCalls();
    await instance.reconcile('qwen');
    expect(kube.callsOf('apply')).toHaveLength(0);
    expect(kube.callsOf('applyStatus')).toHaveLength(0);
  });
});

describe('discovery', () => {
  beforeEach(() => {
    kube.seed(
      model('llama', { serviceAccountName: 'model-sa', imagePullSecrets: [{ name: 'regcred' }] }),
      gpuNode('n1', '74a1'),
    );
  });

  it('runs a Job, reads the result from the Succeeded pod and becomes Ready', async () => {
    kube.seed(template('llama-mi300x', { hardware: GPU_MI300X, metric: 'latency', precision: 'fp8' }));
    const first = await instance.reconcile('llama-mi300x');
    expect(first.status).toBe('Progressing');
    const [job] = jobsOf(kube, 'llama-mi300x');
    expect(job?.metadata.namespace).toBe(NS);
    expect(job?.spec.template.spec.serviceAccountName).toBe('model-sa');
    expect(condition(stored('llama-mi300x'), 'DiscoveryJobReady')).toMatchObject({
      status: 'False',
      reason: 'JobRunning',
    });
    expect(condition(stored('llama-mi300x'), 'Discovered')).toMatchObject({
      status: 'False',
      reason: 'AwaitingDiscovery',
      message: `Discovery job ${job?.metadata.name} is running`,
    });
    expect(stored('llama-mi300x').status.discoveryJob).toEqual({ name: job?.metadata.name, namespace: NS });

    await completeJob(kube, job!, DRY_RUN_LOG);
    const second = await instance.reconcile('llama-mi300x');
    expect(second.status).toBe('Ready');
    const status = stored('llama-mi300x').status;
    expect(status.modelSources).toEqual([
      { modelId: 'HuggingFaceTB/SmolLM2-135M', sourceUri: 'hf://HuggingFaceTB/SmolLM2-135M', size: '512Mi' },
    ]);
    expect(status.profile.metadata).toEqual(DRY_RUN_METADATA);
    expect(status.hardwareSummary).toBe('1 x MI300X');
    expect(condition(stored('llama-mi300x'), 'Discovered')).toMatchObject({
      status: 'True',
      reason: 'DiscoveryComplete',
    });
    expect(condition(stored('llama-mi300x'), 'DiscoveryPodsReady')).toMatchObject({
      status: 'True',
      reason: 'PodsReady',
    });
    expect(instance.events.map((event) => event.reason)).toEqual(
      expect.arrayContaining(['JobRunning', 'DiscoveryComplete', 'AllComponentsReady']),
    );

    // Steady state: a Ready template reads no Jobs and writes nothing.
    kube.resetCalls();
    const third = await instance.reconcile('llama-mi300x');
    expect(third.status).toBe('Ready');
    expect(
      kube.calls.filter(
        (call) => call.method !== 'get' && call.method !== 'getOptional' && call.method !== 'list',
      ),
    ).toEqual([]);
    expect(kube.callsOf('list').map((call) => call.gvk?.kind)).toEqual(['Node']);
  });

  it('counts a failed Job once, backs off, and retries with one new Job after the backoff', async () => {
    kube.seed(template('broken', { hardware: GPU_MI300X }));
    await instance.reconcile('broken');
    const [job] = jobsOf(kube, 'broken');
    await failJob(kube, job!);
    clock.advance(5);
    const failed = await instance.reconcile('broken');
    expect(failed.status).toBe('Failed');
    expect(stored('broken').status.discovery).toMatchObject({
      attempts: 1,
      lastFailureReason: 'Job has reached the specified backoff limit',
      lastAttemptTime: '2026-05-01T12:00:05Z',
    });
    expect(condition(stored('broken'), 'DiscoveryJobReady')).toMatchObject({
      reason: 'JobBackoffLimitExceeded',
    });
    expect(condition(stored('broken'), 'Discovered')).toMatchObject({
      status: 'False',
      reason: 'DiscoveryFailed',
    });
    expect(condition(stored('broken'), 'ConfigValid')).toMatchObject({
      status: 'False',
      reason: 'InvalidSpec',
    });

    clock.advance(10);
    await instance.reconcile('broken');
    expect(stored('broken').status.discovery.attempts).toBe(1);

    // The TTL controller removes the failed Job; the backoff still holds the next attempt back.
    await deleteJob(kube, job!);
    clock.advance(20);
    const waiting = await instance.reconcile('broken');
    expect(jobsOf(kube, 'broken')).toEqual([]);
    expect(waiting).toMatchObject({ status: 'Failed', requeueAfterSeconds: 30 });
    expect(condition(stored('broken'), 'DiscoveryJobReady')).toMatchObject({
      status: 'False',
      reason: 'DiscoveryFailed',
      message: expect.stringContaining('next attempt after 2026-05-01T12:01:05.000Z'),
    });

    clock.advance(30);
    kube.resetCalls();
    await instance.reconcile('broken');
    expect(kube.callsOf('create').filter((call) => call.object?.kind === 'Job')).toHaveLength(1);
    await instance.reconcile('broken');
    expect(kube.callsOf('create').filter((call) => call.object?.kind === 'Job')).toHaveLength(1);
    const [retry] = jobsOf(kube, 'broken');
    await failJob(kube, retry!, 'DeadlineExceeded', 'Job was active longer than specified deadline');
    clock.advance(1);
    await instance.reconcile('broken');
    expect(stored('broken').status.discovery).toMatchObject({
      attempts: 2,
      lastFailureReason: 'Job was active longer than specified deadline',
    });
    expect(condition(stored('broken'), 'DiscoveryJobReady')).toMatchObject({ reason: 'JobDeadlineExceeded' });
    expect(
      instance.events.filter((event) => event.type === 'Warning').map((event) => event.reason),
    ).toContain('JobBackoffLimitExceeded');
  });

  it('treats a log without a result as a failed discovery, not a Ready template', async () => {
    kube.seed(template('noisy', {}));
    await instance.reconcile('noisy');
    const [job] = jobsOf(kube, 'noisy');
    await completeJob(kube, job!, 'Segmentation fault (core dumped)\n[error] no profile matched\n');
    const outcome = await instance.reconcile('noisy');
    expect(outcome.status).toBe('Failed');
    expect(condition(stored('noisy'), 'DiscoveryJobReady')).toMatchObject({
      status: 'False',
      reason: 'DiscoveryOutputInvalid',
      message: expect.stringContaining('holds no JSON array'),
    });
    expect(stored('noisy').status.modelSources).toBeUndefined();
    expect(stored('noisy').status.discovery.attempts).toBe(1);
  });

  it('starts a new Job when the running one was deleted, without counting a failure', async () => {
    kube.seed(template('gone', {}));
    await instance.reconcile('gone');
    const [job] = jobsOf(kube, 'gone');
    await deleteJob(kube, job!);
    const outcome = await instance.reconcile('gone');
    expect(outcome.status).toBe('Progressing');
    expect(jobsOf(kube, 'gone')).toHaveLength(1);
    expect(stored('gone').status.discovery).toBeUndefined();
  });

  it('surfaces an image pull failure of the discovery pod', async () => {
    kube.seed(template('private', {}));
    await instance.reconcile('private');
    const [job] = jobsOf(kube, 'private');
    kube.seed({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'p', namespace: NS, labels: { 'job-name': job!.metadata.name } },
      status: {
        phase: 'Pending',
        containerStatuses: [
          {
            name: 'discovery',
            state: { waiting: { reason: 'ErrImagePull', message: 'failed to pull: 401 Unauthorized' } },
          },
        ],
      },
    });
    const outcome = await instance.reconcile('private');
    expect(outcome.status).toBe('Failed');
    expect(condition(stored('private'), 'DiscoveryPodsReady')).toMatchObject({
      status: 'False',
      reason: 'ImagePullAuthFailure',
      message: 'Container discovery: failed to pull: 401 Unauthorized',
    });
    expect(condition(stored('private'), 'AuthValid')).toMatchObject({ status: 'False' });
  });

  it('runs the Job of a cluster template in the operator namespace', async () => {
    kube.seed(clusterModel('llama'), clusterTemplate('llama-c', { hardware: GPU_MI300X }));
    await instance.reconcileCluster('llama-c');
    const [job] = jobsOf(kube, 'llama-c');
    expect(job?.metadata.namespace).toBe('aim-system');
    expect(job?.metadata.ownerReferences?.[0]).toMatchObject({
      kind: 'AIMClusterServiceTemplate',
      name: 'llama-c',
    });
    await completeJob(kube, job!, DRY_RUN_LOG);
    expect((await instance.reconcileCluster('llama-c')).status).toBe('Ready');
    expect(condition(kube.peek(clusterKey('llama-c')), 'ClusterModelReady')).toMatchObject({
      status: 'True',
      reason: 'ClusterModelFound',
    });
  });
});

describe('the model and the GPU', () => {
  const unlabelable = `t${'x'.repeat(70)}`;
  it.each([
    {
      situation: 'the model does not exist (no cluster fallback)',
      objects: [clusterModel('llama'), template('orphan', {})],
      name: 'orphan',
      conditions: {
        ModelReady: { status: 'False', reason: 'ReferenceNotFound' },
        ConfigValid: { status: 'False', reason: 'ReferenceNotFound' },
      },
    },
    {
      situation: 'its model names no image',
      objects: [model('llama', { image: ' ' }), template('t', {})],
      name: 't',
      conditions: { ModelReady: { status: 'False', reason: 'ImageNotSpecified' } },
    },
    {
      situation: 'its precision is invalid (past the CRD), naming the field',
      objects: [model(), template('t', { precision: 'fp7' })],
      name: 't',
      conditions: {
        ConfigValid: {
          status: 'False',
          reason: 'InvalidSpec',
          message: expect.stringContaining('spec.precision'),
        },
      },
    },
    {
      situation: 'its name cannot label a Job',
      objects: [template(unlabelable, {})],
      name: unlabelable,
      conditions: { DiscoveryJobReady: { reason: 'TemplateNameNotLabelable' } },
    },
  ])('fails, creating nothing, when $situation', async ({ objects, name, conditions }) => {
    kube.seed(...objects);
    expect((await instance.reconcile(name)).status).toBe('Failed');
    for (const [type, expected] of Object.entries(conditions)) {
      expect(condition(stored(name), type)).toMatchObject(expected);
    }
    expect(jobsOf(kube)).toEqual([]);
  });

  it('follows a model that fails for its own reasons (Degraded while its metadata is missing)', async () => {
    const degraded = model('llama');
    degraded.status = {
      status: 'Degraded',
      conditions: [
        { type: 'ImageMetadataReady', status: 'False', reason: 'ImagePullBackOff', message: 'registry down' },
      ],
    };
    kube.seed(degraded, template('t', { modelSources: [{ modelId: 'a/b', sourceUri: 'hf://a/b' }] }));
    expect((await instance.reconcile('t')).status).toBe('Degraded');
    expect(condition(stored('t'), 'ModelReady')).toMatchObject({ status: 'False', reason: 'ModelFailed' });
  });

  it('ignores a model that fails only because its templates are not ready (no deadlock)', async () => {
    const waiting = model('llama');
    waiting.status = {
      status: 'Failed',
      conditions: [
        { type: 'ImageMetadataReady', status: 'True', reason: 'ImageMetadataFound', message: '' },
        { type: 'ServiceTemplatesReady', status: 'False', reason: 'AllTemplatesFailed', message: '' },
        { type: 'Ready', status: 'False', reason: 'AllTemplatesFailed', message: '' },
      ],
    };
    kube.seed(waiting, template('t', { modelSources: [{ modelId: 'a/b', sourceUri: 'hf://a/b' }] }));
    expect((await instance.reconcile('t')).status).toBe('Ready');
    expect(condition(stored('t'), 'ModelReady')).toMatchObject({ status: 'True', reason: 'ModelFound' });
  });

  it('is NotAvailable for a GPU no node has, and recovers when such a node appears', async () => {
    kube.seed(
      model(),
      gpuNode('n1', '74a1'),
      template('mi355', { hardware: { gpu: { requests: 1, model: 'MI355X' } } }),
    );
    const outcome = await instance.reconcile('mi355');
    expect(outcome.status).toBe('NotAvailable');
    expect(condition(stored('mi355'), 'GPUReady')).toMatchObject({
      status: 'False',
      reason: 'GPUNotAvailable',
      message: "Required GPU model 'MI355X' not available in cluster. Available: MI300X",
    });
    expect(jobsOf(kube)).toEqual([]);
    expect(instance.events).toContainEqual(
      expect.objectContaining({ type: 'Warning', reason: 'GPUNotAvailable' }),
    );

    kube.seed(gpuNode('n2', '75a3'));
    expect((await instance.reconcile('mi355')).status).toBe('Progressing');
    expect(jobsOf(kube, 'mi355')).toHaveLength(1);
  });

  it('is NotAvailable when minVram exceeds every GPU, Ready-able when one is large enough', async () => {
    const sources = [{ modelId: 'a/b', sourceUri: 'hf://a/b' }];
    kube.seed(
      model(),
      gpuNode('n1', '74a1'),
      template('big', { modelSources: sources, hardware: { gpu: { requests: 1, minVram: '512Gi' } } }),
      template('fits', { modelSources: sources, hardware: { gpu: { requests: 1, minVram: '150Gi' } } }),
    );
    expect((await instance.reconcile('big')).status).toBe('NotAvailable');
    expect(condition(stored('big'), 'GPUReady')).toMatchObject({ reason: 'VRAMNotAvailable' });
    expect((await instance.reconcile('fits')).status).toBe('Ready');
    expect(condition(stored('fits'), 'GPUReady')).toMatchObject({ status: 'True', reason: 'GPUAvailable' });
    expect(
      stored('fits').status.resolvedNodeAffinity.requiredDuringSchedulingIgnoredDuringExecution
        .nodeSelectorTerms[0].matchExpressions[0].values,
    ).toEqual(['74a1', '74a9', '74b5', '74bd']);
  });

  it('treats a node list failure as an infrastructure error worth a retry', async () => {
    kube.seed(model(), template('t', { hardware: GPU_MI300X }));
    kube.failNext('list', 'ServiceUnavailable', (call) => call.gvk?.kind === 'Node');
    const error = await instance.reconcile('t').catch((err: unknown) => err);
    expect(isRetryableError(error)).toBe(true);
    expect(stored('t').status.status).toBe('Degraded');
    expect(condition(stored('t'), 'GPUReady')).toMatchObject({ status: 'False', reason: 'GPUCheckFailed' });
    expect(jobsOf(kube)).toEqual([]);
  });

  it('ignores a node with malformed GPU labels', async () => {
    kube.seed(
      model(),
      {
        apiVersion: 'v1',
        kind: 'Node',
        metadata: { name: 'weird', labels: { 'amd.com/gpu.device-id': '  ', 'amd.com/gpu.vram': 'lots' } },
      },
      template('t', { hardware: GPU_MI300X }),
    );
    expect((await instance.reconcile('t')).status).toBe('NotAvailable');
  });
});

describe('the global discovery limit', () => {
  function busyJob(name: string): KubeObject {
    return {
      ...JOB,
      metadata: {
        name,
        namespace: 'other',
        labels: {
          'app.kubernetes.io/name': 'aim-discovery',
          'app.kubernetes.io/component': 'discovery',
          'app.kubernetes.io/managed-by': 'aim-controller',
          'aim.eai.amd.com/template': name,
        },
      },
      spec: {},
    };
  }

  it('makes a template wait for a slot when 10 discovery Jobs are active', async () => {
    kube.seed(model(), template('late', {}), ...Array.from({ length: 10 }, (_, i) => busyJob(`busy-${i}`)));
    const outcome = await instance.reconcile('late');
    expect(outcome).toMatchObject({ status: 'Pending', requeueAfterSeconds: 5 });
    expect(jobsOf(kube, 'late')).toEqual([]);
    expect(condition(stored('late'), 'Discovered')).toMatchObject({
      status: 'False',
      reason: 'AwaitingDiscovery',
      message: 'Waiting for a free discovery slot: 10 of 10 discovery jobs are active',
    });
    expect(condition(stored('late'), 'DiscoveryJobReady')).toMatchObject({ reason: 'JobNotCreated' });

    await kube.applyStatus(
      {
        ...JOB,
        metadata: { name: 'busy-3', namespace: 'other' },
        status: { conditions: [{ type: 'Complete', status: 'True' }] },
      },
      { fieldManager: 'job-controller' },
    );
    // Within the memory of "full" the lock is not even taken; the finished Job's event clears it.
    kube.resetCalls();
    expect((await instance.reconcile('late')).status).toBe('Pending');
    expect(kube.calls.filter((call) => call.key?.kind === 'Lease' || call.object?.kind === 'Lease')).toEqual(
      [],
    );
    instance.limiter.slots?.forget();
    expect((await instance.reconcile('late')).status).toBe('Progressing');
    expect(jobsOf(kube, 'late')).toHaveLength(1);
  });

  it('checks the slots once per memory window when many templates wait', async () => {
    const names = Array.from({ length: 5 }, (_, i) => `w-${i}`);
    kube.seed(
      model(),
      ...names.map((name) => template(name, {})),
      ...Array.from({ length: 10 }, (_, i) => busyJob(`busy-${i}`)),
    );
    kube.resetCalls();
    for (const name of names) await instance.reconcile(name);
    // A check is a count of the active Jobs under the Lease: a LIST across namespaces.
    const slotChecks = () =>
      kube.calls.filter(
        (call) =>
          call.method === 'list' &&
          call.gvk?.kind === 'Job' &&
          (call.options as { namespace?: string } | undefined)?.namespace === undefined,
      );
    expect(slotChecks()).toHaveLength(1);
    expect(names.map((name) => condition(stored(name), 'Discovered')?.reason)).toEqual(
      names.map(() => 'AwaitingDiscovery'),
    );
    clock.advance(5);
    await instance.reconcile('w-0');
    expect(slotChecks()).toHaveLength(2);
  });

  it('never lets concurrent instances run more than 10 Jobs, and every template gets its turn', async () => {
    const names = Array.from({ length: 30 }, (_, i) => `t-${String(i).padStart(2, '0')}`);
    kube.seed(model(), ...names.map((name) => template(name, {})));
    const instances = [
      instance,
      new Instance(kube, clock, 'instance-2'),
      new Instance(kube, clock, 'instance-3'),
    ];
    let maxActive = 0;
    for (let round = 0; round < 10; round++) {
      // One round per resync tick: the memory of "full" (5 s) has passed by the next one.
      clock.advance(5);
      await Promise.all(names.map((name, i) => instances[i % instances.length]!.reconcile(name)));
      maxActive = Math.max(maxActive, activeJobs(kube).length);
      for (const job of activeJobs(kube)) await completeJob(kube, job, DRY_RUN_LOG);
      if (names.every((name) => stored(name).status?.status === 'Ready')) break;
    }
    expect(maxActive).toBe(10);
    expect(names.filter((name) => stored(name).status?.status !== 'Ready')).toEqual([]);
    // One Job per template: nobody created a second one for the same attempt.
    expect(jobsOf(kube)).toHaveLength(30);
  });
});

describe('resync sweeps', () => {
  it('list each kind once instead of reading per template', async () => {
    const sources = [{ modelId: 'a/b', sourceUri: 'hf://a/b' }];
    const seedTemplates = (count: number, namespace: string) =>
      Array.from({ length: count }, (_, i) =>
        template(
          `t-${i}`,
          { modelName: `m-${i}`, modelSources: sources, hardware: GPU_MI300X },
          { namespace },
        ),
      );
    const seedModels = (count: number, namespace: string) =>
      Array.from({ length: count }, (_, i) => model(`m-${i}`, {}, namespace));
    kube.seed(gpuNode('n1', '74a1'), ...seedModels(10, 'a'), ...seedTemplates(10, 'a'));
    await instance.sweep();
    const small = (await instance.sweep()).apiRequests;
    kube.seed(...seedModels(40, 'b'), ...seedTemplates(40, 'b'));
    await instance.sweep();
    kube.resetCalls();
    const large = await instance.sweep();
    expect(large.failed).toBe(0);
    expect(large.apiRequests).toBe(small);
    expect(kube.callsOf('get')).toHaveLength(0);
    expect(kube.callsOf('getOptional')).toHaveLength(0);
    expect(kube.callsOf('applyStatus')).toHaveLength(0);
  });
});
