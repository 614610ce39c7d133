/**
 * Situations that between them reach every API call template-discover's code makes. The function's
 * limiter is process-wide; no scenario fills the discovery slots, so none leaves a memory of full
 * slots behind for the next (the Lease itself lives in each scenario's own cluster).
 */
import { definition as templateDiscover } from '../../../../functions/template-discover/reconcilers.ts';
import type { KubeObject } from '../../../../shared/kube/types.ts';
import type { FakeKubeClient } from '../../../support/fake-kube.ts';
import {
  clusterModel,
  clusterTemplate,
  DRY_RUN_LOG,
  GPU_MI300X,
  gpuNode,
  model,
  NS,
  OPERATOR_NS,
  template,
} from '../../templates/fixtures.ts';
import { completeJob, JOB } from '../../templates/harness.ts';
import type { Scenario } from '../permission-exercise.ts';

export const definition = () => templateDiscover;

const SOURCES = [{ modelId: 'a/b', sourceUri: 'hf://a/b' }];
const discovering = template('disc', { hardware: GPU_MI300X });
const cached = template('cached', { modelSources: SOURCES, caching: { enabled: true } });
const clusterDiscovering = clusterTemplate('cdisc', { hardware: GPU_MI300X });

function jobOf(kube: FakeKubeClient, namespace: string): KubeObject {
  const job = kube.objects(JOB).find((candidate) => candidate.metadata.namespace === namespace);
  if (job === undefined) throw new Error(`no discovery Job in ${namespace}`);
  return job;
}

/** A discovery pod the scheduler has not placed yet. */
function pendingPod(job: KubeObject): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: `${job.metadata.name}-p1`,
      namespace: job.metadata.namespace ?? '',
      labels: { 'job-name': job.metadata.name, ...job.metadata.labels },
    },
    status: { phase: 'Pending' },
  };
}

export const SCENARIOS: Scenario[] = [
  {
    name: 'a template starts its discovery Job under the lock, waits on a pending pod, reads the output',
    seed: [model(), gpuNode('n1', '74a1'), discovering],
    steps: [
      { event: 'add', object: discovering },
      { act: (kube) => void kube.seed(pendingPod(jobOf(kube, NS))) },
      { event: 'update', object: discovering },
      { act: (kube) => completeJob(kube, jobOf(kube, NS), DRY_RUN_LOG) },
      { event: 'update', object: discovering },
    ],
  },
  {
    name: 'a cluster template runs its Job in the operator namespace',
    seed: [clusterModel(), gpuNode('n1', '74a1'), clusterDiscovering],
    steps: [{ event: 'add', object: clusterDiscovering }],
  },
  {
    name: 'a template with caching enabled gets its own cache',
    seed: [model(), cached],
    steps: [{ event: 'add', object: cached }],
  },
  {
    name: 'a resync sweep lists what every template reads',
    seed: [model(), clusterModel(), gpuNode('n1', '74a1'), discovering, cached, clusterDiscovering],
    steps: [{ event: 'resync' }],
  },
  {
    name: 'Job, Pod, Node, model and runtime-config events find their templates',
    seed: [model(), clusterModel(), gpuNode('n1', '74a1'), discovering, clusterDiscovering],
    steps: [
      { event: 'add', object: discovering },
      { act: (kube) => void kube.seed(pendingPod(jobOf(kube, NS))) },
      { event: 'update', object: { ...JOB, metadata: { name: 'x', namespace: NS } }, reference: true },
      { act: (kube) => completeJob(kube, jobOf(kube, NS), DRY_RUN_LOG) },
      { event: 'update', object: (kube) => jobOf(kube, NS) },
      {
        event: 'update',
        object: {
          apiVersion: 'v1',
          kind: 'Pod',
          metadata: {
            name: 'p',
            namespace: OPERATOR_NS,
            labels: { 'job-name': 'j', 'aim.eai.amd.com/template': 'cdisc' },
          },
        },
      },
      {
        event: 'update',
        object: { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'x', namespace: NS } },
        reference: true,
      },
      { event: 'update', object: gpuNode('n1', '74a1'), reference: true },
      { event: 'update', object: gpuNode('n2', '74a5') },
      { event: 'update', object: model() },
      { event: 'update', object: clusterModel() },
      {
        event: 'update',
        object: {
          ...model(),
          kind: 'AIMRuntimeConfig',
          metadata: { name: 'default', namespace: NS },
          spec: {},
        },
      },
      {
        event: 'update',
        object: {
          ...clusterModel(),
          kind: 'AIMClusterRuntimeConfig',
          metadata: { name: 'default' },
          spec: {},
        },
      },
    ],
  },
];
