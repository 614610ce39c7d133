/** Situations that between them reach every API call cache-manage's code makes. */
import { definition as cacheManage } from '../../../../functions/cache-manage/reconcilers.ts';
import { checkSizeJobName, downloadJobName } from '../../../../shared/caching/artifact-jobs.ts';
import type { ArtifactObject } from '../../../../shared/caching/kinds.ts';
import type { KubeObject } from '../../../../shared/kube/types.ts';
import { artifactPvcName } from '../../../../shared/naming/artifact-names.ts';
import { isvcName } from '../../../../shared/naming/service-names.ts';
import type { FakeKubeClient } from '../../../support/fake-kube.ts';
import { aim, NS, readyTemplate } from '../../caching/fixtures.ts';
import type { Scenario } from '../permission-exercise.ts';

export const definition = () => cacheManage;

const API = 'aim.eai.amd.com/v1alpha1';
const SOURCES = [{ modelId: 'org/model', sourceUri: 'hf://org/model', size: '1Gi' }];
const namespace: KubeObject = { apiVersion: 'v1', kind: 'Namespace', metadata: { name: NS } };

const service = (name: string, scope: 'Namespace' | 'Cluster' = 'Namespace') =>
  aim(
    'AIMService',
    name,
    { model: { name: 'm' } },
    {
      metadata: { name, namespace: NS, uid: `uid-${name}` },
      status: { resolvedTemplate: { name: 'tpl', namespace: NS, scope } },
    },
  );
const isvc: KubeObject = {
  apiVersion: 'serving.kserve.io/v1beta1',
  kind: 'InferenceService',
  metadata: { name: isvcName({ name: 'svc', namespace: NS }), namespace: NS },
};
const cache = aim('AIMTemplateCache', 'c', {
  templateName: 'tpl',
  templateScope: 'Namespace',
  mode: 'Shared',
});
const clusterCache = aim('AIMTemplateCache', 'cc', { templateName: 'ctpl', templateScope: 'Cluster' });
const unsized = aim(
  'AIMArtifact',
  'weights',
  { sourceUri: 'hf://org/model' },
  { metadata: { name: 'weights', namespace: NS, uid: 'art-uid' } },
) as ArtifactObject;
const unfinished = aim(
  'AIMArtifact',
  'unfinished',
  { sourceUri: 'hf://org/other' },
  { metadata: { name: 'unfinished', namespace: NS, labels: { 'aim.eai.amd.com/template-cache.name': 'c' } } },
);

function setStatus(
  kube: FakeKubeClient,
  key: { apiVersion: string; kind: string; name: string },
  status: unknown,
) {
  const current = kube.peek({ ...key, namespace: NS });
  if (!current) throw new Error(`no ${key.kind} ${key.name}`);
  return kube.applyStatus({ ...current, status }, { fieldManager: 'cluster' });
}

function jobPod(
  job: string,
  phase: string,
  container: string,
  terminated?: Record<string, unknown>,
): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: `${job}-abcde`,
      namespace: NS,
      labels: { 'job-name': job, 'aim.eai.amd.com/cache.name': 'weights' },
    },
    spec: { containers: [{ name: container }] },
    status: {
      phase,
      containerStatuses: [
        {
          name: container,
          ready: false,
          state: terminated ? { terminated } : { waiting: { reason: 'ContainerCreating' } },
        },
      ],
    },
  };
}

const CHECK_SIZE = checkSizeJobName(unsized);
const DOWNLOAD = downloadJobName(unsized);
const checkSizePod = jobPod(CHECK_SIZE, 'Succeeded', 'check-size', { exitCode: 0, reason: 'Completed' });
const PVC = artifactPvcName({ name: 'weights', uid: 'art-uid' });
/** Not yet scheduled: the scheduler's Events say why. */
const pendingDownloadPod: KubeObject = {
  ...jobPod(DOWNLOAD, 'Pending', 'model-download'),
  status: { phase: 'Pending' },
};

export const SCENARIOS: Scenario[] = [
  {
    name: 'a service gets its Shared template cache; an InferenceService that lost it is noticed',
    seed: [
      readyTemplate('tpl', SOURCES),
      readyTemplate('tpl', SOURCES, {}, true),
      service('svc'),
      service('csvc', 'Cluster'),
      isvc,
    ],
    steps: [
      { event: 'add', object: service('svc') },
      { event: 'add', object: service('csvc', 'Cluster') },
    ],
  },
  {
    name: 'a template cache gets its finalizer and artifacts',
    seed: [readyTemplate('tpl', SOURCES), cache],
    steps: [{ event: 'add', object: cache }],
  },
  {
    name: 'an artifact of unknown size: RoleBinding, check-size Job and its log, PVC, download Job, a pending pod',
    seed: [unsized],
    podLogs: {
      [`${NS}/${checkSizePod.metadata.name}/check-size`]: '{"url": "hf://org/model", "sizeBytes": 1000000}\n',
    },
    steps: [
      { event: 'add', object: unsized },
      {
        act: async (kube) => {
          await setStatus(
            kube,
            { apiVersion: 'batch/v1', kind: 'Job', name: CHECK_SIZE },
            {
              conditions: [{ type: 'Complete', status: 'True' }],
            },
          );
          kube.seed(checkSizePod);
        },
      },
      { event: 'update', object: unsized },
      {
        act: (kube) =>
          setStatus(kube, { apiVersion: 'v1', kind: 'PersistentVolumeClaim', name: PVC }, { phase: 'Bound' }),
      },
      { event: 'update', object: unsized },
      { act: (kube) => void kube.seed(pendingDownloadPod) },
      { event: 'update', object: pendingDownloadPod },
    ],
  },
  {
    name: 'a deleted template cache takes its unfinished artifacts along',
    seed: [
      namespace,
      readyTemplate('tpl', SOURCES),
      { ...cache, metadata: { ...cache.metadata, finalizers: ['aim.eai.amd.com/artifactcleanup'] } },
      unfinished,
    ],
    steps: [
      { act: (kube) => kube.delete({ apiVersion: API, kind: 'AIMTemplateCache', namespace: NS, name: 'c' }) },
      { event: 'delete', object: cache },
    ],
  },
  {
    name: 'workload, artifact, template, cache and runtime-config events; a resync tick',
    seed: [cache, clusterCache, unsized, service('svc'), jobPod(DOWNLOAD, 'Running', 'model-download')],
    steps: [
      { event: 'update', object: jobPod(DOWNLOAD, 'Running', 'model-download'), reference: true },
      {
        event: 'update',
        object: { apiVersion: 'batch/v1', kind: 'Job', metadata: { name: DOWNLOAD, namespace: NS } },
        reference: true,
      },
      { event: 'update', object: unsized },
      { event: 'update', object: readyTemplate('tpl', SOURCES) },
      { event: 'update', object: readyTemplate('ctpl', SOURCES, {}, true) },
      { event: 'update', object: cache },
      { event: 'update', object: aim('AIMRuntimeConfig', 'default', {}) },
      {
        event: 'update',
        object: { apiVersion: API, kind: 'AIMClusterRuntimeConfig', metadata: { name: 'default' }, spec: {} },
      },
      { event: 'resync' },
    ],
  },
];
