import { beforeEach, describe, expect, it } from 'vitest';
import { AIM_API_VERSION } from '../../../shared/api/group.ts';
import type { ApiServerEvent } from '../../../shared/events/apiserver-event.ts';
import type { KubeObject } from '../../../shared/kube/types.ts';
import { createLogger } from '../../../shared/observability/logger.ts';
import type { EventMapper } from '../../../shared/runtime/define-function.ts';
import { createTemplateEventMapper } from '../../../shared/templates/event-mapping.ts';
import { FakeKubeClient } from '../../support/fake-kube.ts';
import { clusterTemplate, GPU_MI300X, gpuNode, template } from './fixtures.ts';

const OWNED = [
  { apiVersion: AIM_API_VERSION, kind: 'AIMServiceTemplate' },
  { apiVersion: AIM_API_VERSION, kind: 'AIMClusterServiceTemplate' },
];

function resourceEvent(object: KubeObject, action: 'add' | 'update' | 'delete' = 'update'): ApiServerEvent {
  const ref = {
    apiVersion: object.apiVersion,
    kind: object.kind,
    name: object.metadata.name,
    ...(object.metadata.namespace ? { namespace: object.metadata.namespace } : {}),
  };
  return {
    action,
    mode: 'resource',
    ref,
    object,
    eventId: 'e1',
    type: `dev.knative.apiserver.resource.${action}`,
    source: 's',
  };
}

function discoveryJob(
  labels: Record<string, string>,
  extra: Partial<KubeObject['metadata']> = {},
  status?: unknown,
): KubeObject {
  return {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: {
      name: 'discover-x-12345678',
      namespace: 'aim-system',
      labels: { 'app.kubernetes.io/name': 'aim-discovery', ...labels },
      ...extra,
    },
    ...(status ? { status } : {}),
  };
}

function waitingTemplate(name: string, created: string, namespace = 'team-a'): KubeObject {
  const object = template(
    name,
    {},
    {
      namespace,
      status: {
        status: 'Pending',
        conditions: [
          {
            type: 'DiscoveryJobReady',
            status: 'False',
            reason: 'JobNotCreated',
            message: '',
            lastTransitionTime: created,
          },
          {
            type: 'Discovered',
            status: 'False',
            reason: 'AwaitingDiscovery',
            message: '',
            lastTransitionTime: created,
          },
        ],
      },
    },
  );
  object.metadata.creationTimestamp = created;
  return object;
}

let kube: FakeKubeClient;
let mapEvent: EventMapper;
const log = createLogger({ function: 'test', level: 'silent' });
const map = (event: ApiServerEvent) => mapEvent({ client: kube, log, owned: OWNED }, event);

beforeEach(() => {
  kube = new FakeKubeClient();
  mapEvent = createTemplateEventMapper({
    operatorNamespace: () => 'aim-system',
    limiter: { maxActiveJobs: 2 },
  });
});

describe('Job and Pod events', () => {
  it('map to the owning template by owner reference, controller label, then template label', async () => {
    const owned = discoveryJob(
      {},
      {
        namespace: 'team-a',
        ownerReferences: [
          {
            apiVersion: AIM_API_VERSION,
            kind: 'AIMServiceTemplate',
            name: 'llama',
            uid: 'u',
            controller: true,
          },
        ],
      },
    );
    expect(await map(resourceEvent(owned))).toEqual([
      { apiVersion: AIM_API_VERSION, kind: 'AIMServiceTemplate', namespace: 'team-a', name: 'llama' },
    ]);
    const pod: KubeObject = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: {
        name: 'p',
        namespace: 'aim-system',
        labels: {
          'job-name': 'discover-llama-c-1',
          'aim.eai.amd.com/cluster-service-template.name': 'llama-c',
        },
      },
    };
    expect(await map(resourceEvent(pod))).toEqual([
      { apiVersion: AIM_API_VERSION, kind: 'AIMClusterServiceTemplate', name: 'llama-c' },
    ]);
    const inferencePod: KubeObject = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: {
        name: 'chat-predictor-1',
        namespace: 'team-a',
        labels: { 'aim.eai.amd.com/template': 'llama' },
      },
    };
    expect(await map(resourceEvent(inferencePod))).toEqual([]);
  });

  it('map a discovery pod’s update only when it is significant (spec §8.9), and always its deletion', async () => {
    const template = [{ apiVersion: AIM_API_VERSION, kind: 'AIMClusterServiceTemplate', name: 'llama-c' }];
    const pod = (
      status: Record<string, unknown>,
      metadata: Partial<KubeObject['metadata']> = {},
    ): KubeObject => ({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: {
        name: 'p',
        uid: 'pod-1',
        namespace: 'aim-system',
        labels: {
          'job-name': 'discover-llama-c-1',
          'aim.eai.amd.com/cluster-service-template.name': 'llama-c',
        },
        ...metadata,
      },
      spec: { containers: [{ name: 'discovery' }], nodeName: 'n1' },
      status,
    });
    const waiting = (reason: string) => ({
      phase: 'Pending',
      containerStatuses: [{ name: 'discovery', state: { waiting: { reason } } }],
    });
    expect(await map(resourceEvent(pod({ phase: 'Pending' }), 'add'))).toEqual(template);
    // Bound, a condition added: nothing the template shows.
    expect(
      await map(
        resourceEvent(pod({ phase: 'Pending', conditions: [{ type: 'PodScheduled', status: 'True' }] })),
      ),
    ).toEqual([]);
    expect(await map(resourceEvent(pod(waiting('ContainerCreating'))))).toEqual(template);
    expect(await map(resourceEvent(pod(waiting('ImagePullBackOff'))))).toEqual(template);
    expect(await map(resourceEvent(pod(waiting('ImagePullBackOff'))))).toEqual([]);
    expect(await map(resourceEvent(pod({ ...waiting('ContainerCreating'), phase: 'Running' })))).toEqual(
      template,
    );
    expect(await map(resourceEvent(pod({ ...waiting('ContainerCreating'), phase: 'Succeeded' })))).toEqual(
      template,
    );
    expect(
      await map(
        resourceEvent(pod({ phase: 'Succeeded' }, { deletionTimestamp: '2026-01-01T00:00:00Z' }), 'update'),
      ),
    ).toEqual(template);
    expect(await map(resourceEvent(pod({ phase: 'Succeeded' }), 'delete'))).toEqual(template);
  });

  it('read a bare template label in the operator namespace as the cluster template unless a namespaced one exists', async () => {
    const job = discoveryJob({ 'aim.eai.amd.com/template': 'shared' });
    expect(await map(resourceEvent(job))).toEqual([
      { apiVersion: AIM_API_VERSION, kind: 'AIMClusterServiceTemplate', name: 'shared' },
    ]);
    kube.seed(template('shared', {}, { namespace: 'aim-system' }));
    expect(await map(resourceEvent(job))).toEqual([
      { apiVersion: AIM_API_VERSION, kind: 'AIMServiceTemplate', namespace: 'aim-system', name: 'shared' },
    ]);
  });

  it('wake the oldest templates waiting for a slot when a discovery Job finishes, as many as slots are free', async () => {
    kube.seed(
      waitingTemplate('w-new', '2026-05-01T12:00:03Z'),
      waitingTemplate('w-old', '2026-05-01T12:00:01Z'),
      waitingTemplate('w-mid', '2026-05-01T12:00:02Z'),
      template('not-waiting', {}),
    );
    const finished = discoveryJob(
      { 'aim.eai.amd.com/cluster-service-template.name': 'done' },
      {},
      { conditions: [{ type: 'Complete', status: 'True' }] },
    );
    const requests = await map(resourceEvent(finished));
    expect(requests.map((request) => request.name)).toEqual(['done', 'w-old', 'w-mid']);
    const running = discoveryJob({ 'aim.eai.amd.com/cluster-service-template.name': 'busy' });
    expect((await map(resourceEvent(running))).map((request) => request.name)).toEqual(['busy']);
  });

  it('resolve Reference-mode events by reading the object, and give up quietly when it is gone', async () => {
    const job = discoveryJob({ 'aim.eai.amd.com/service-template.name': 'llama' }, { namespace: 'team-a' });
    kube.seed(job);
    const reference: ApiServerEvent = { ...resourceEvent(job), mode: 'reference' };
    delete reference.object;
    expect((await map(reference)).map((request) => request.name)).toEqual(['llama']);
    expect(await map({ ...reference, action: 'delete' })).toEqual([]);
  });
});

describe('model, cache and runtime config events', () => {
  it('map a model to the templates that name it, in its namespace or cluster-wide', async () => {
    kube.seed(
      template('a', { modelName: 'llama' }),
      template('b', { modelName: 'qwen' }),
      template('c', { modelName: 'llama' }, { namespace: 'team-b' }),
      clusterTemplate('d', { modelName: 'llama' }),
    );
    const aimModel = {
      apiVersion: AIM_API_VERSION,
      kind: 'AIMModel',
      metadata: { name: 'llama', namespace: 'team-a' },
    };
    expect((await map(resourceEvent(aimModel))).map((request) => request.name)).toEqual(['a']);
    const cluster = { apiVersion: AIM_API_VERSION, kind: 'AIMClusterModel', metadata: { name: 'llama' } };
    expect(await map(resourceEvent(cluster))).toEqual([
      { apiVersion: AIM_API_VERSION, kind: 'AIMClusterServiceTemplate', name: 'd' },
    ]);
  });

  it('map a template cache to its owning template', async () => {
    const cache: KubeObject = {
      apiVersion: AIM_API_VERSION,
      kind: 'AIMTemplateCache',
      metadata: {
        name: 'qwen',
        namespace: 'team-a',
        ownerReferences: [
          {
            apiVersion: AIM_API_VERSION,
            kind: 'AIMServiceTemplate',
            name: 'qwen',
            uid: 'u',
            controller: true,
          },
        ],
      },
    };
    expect(await map(resourceEvent(cache, 'delete'))).toEqual([
      { apiVersion: AIM_API_VERSION, kind: 'AIMServiceTemplate', namespace: 'team-a', name: 'qwen' },
    ]);
  });

  it('map a runtime config to the templates using it', async () => {
    kube.seed(template('uses-default', {}), template('uses-other', { runtimeConfigName: 'other' }));
    const config = {
      apiVersion: AIM_API_VERSION,
      kind: 'AIMRuntimeConfig',
      metadata: { name: 'default', namespace: 'team-a' },
    };
    expect((await map(resourceEvent(config))).map((request) => request.name)).toEqual(['uses-default']);
  });
});

describe('Node events', () => {
  beforeEach(() => {
    kube.seed(
      gpuNode('n1', '74a1'),
      {
        apiVersion: 'v1',
        kind: 'Node',
        metadata: { name: 'cpu-1', labels: { 'kubernetes.io/os': 'linux' } },
      },
      template('gpu', { hardware: GPU_MI300X }),
      template('cpu', { hardware: { cpu: { requests: '1' } } }),
      clusterTemplate('gpu-c', { hardware: { gpu: { requests: 2 } } }),
    );
  });

  it('fan out to GPU templates only when a node’s GPU labels change', async () => {
    // The first event seeds the memory from a LIST: a replayed `add` or a heartbeat changes nothing.
    expect(await map(resourceEvent(gpuNode('n1', '74a1'), 'add'))).toEqual([]);
    const heartbeat = gpuNode('n1', '74a1');
    expect(await map(resourceEvent(heartbeat))).toEqual([]);
    const relabelled = gpuNode('n1', '74a5');
    expect((await map(resourceEvent(relabelled))).map((request) => request.name)).toEqual(['gpu', 'gpu-c']);
    expect(await map(resourceEvent(relabelled))).toEqual([]);
    const cpu = {
      apiVersion: 'v1',
      kind: 'Node',
      metadata: { name: 'cpu-1', labels: { 'kubernetes.io/os': 'linux', x: 'y' } },
    };
    expect(await map(resourceEvent(cpu))).toEqual([]);
  });

  it('fan out when a GPU node appears or goes away', async () => {
    await map(resourceEvent(gpuNode('n1', '74a1')));
    expect((await map(resourceEvent(gpuNode('n2', '75a3'), 'add'))).map((r) => r.name)).toEqual([
      'gpu',
      'gpu-c',
    ]);
    expect((await map(resourceEvent(gpuNode('n1', '74a1'), 'delete'))).map((r) => r.name)).toEqual([
      'gpu',
      'gpu-c',
    ]);
  });
});
