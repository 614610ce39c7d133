/** Situations that between them reach every API call service-resolve's code makes. */
import { definition as serviceResolve } from '../../../../functions/service-resolve/reconcilers.ts';
import type { KubeObject } from '../../../../shared/kube/types.ts';
import { derivedTemplateName } from '../../../../shared/naming/template-names.ts';
import {
  API,
  clusterModel,
  clusterTemplate,
  MI300X_NODE,
  model,
  NS,
  service,
  template,
} from '../../service-resolution/fixtures.ts';
import type { Scenario } from '../permission-exercise.ts';

export const definition = () => serviceResolve;

const FINALIZER = 'aim.eai.amd.com/template-cache-cleanup';
const namespace: KubeObject = { apiVersion: 'v1', kind: 'Namespace', metadata: { name: NS } };
const OVERRIDES = { metric: 'throughput', precision: 'fp16' };

const byImage = service('by-image', { model: { image: 'reg.example/org/llama:1' } });
const byName = service('by-name', { model: { name: 'llama' } });
const derived = service('derived', {
  model: { name: 'llama' },
  template: { name: 'base' },
  overrides: OVERRIDES,
});
const onClusterTemplate = service('on-cluster', { model: { name: 'shared' }, template: { name: 'ct' } });
/** Resolved earlier to a template that is no longer selectable while its InferenceService runs. */
const kept = service(
  'kept',
  { model: { name: 'llama' } },
  {
    status: {
      resolvedModel: { name: 'llama', scope: 'Namespace' },
      resolvedTemplate: { name: 'gone', scope: 'Namespace' },
    },
  },
);
const deleting: KubeObject = {
  ...service('deleting', { model: { name: 'llama' } }),
  metadata: { name: 'deleting', namespace: NS, finalizers: [FINALIZER] },
};
const unreadyCache: KubeObject = {
  apiVersion: API,
  kind: 'AIMTemplateCache',
  metadata: { name: 'c', namespace: NS, labels: { 'aim.eai.amd.com/service': 'deleting' } },
  spec: { templateName: 'base', templateScope: 'Namespace' },
  status: { status: 'Failed' },
};
const isvcOfKept: KubeObject = {
  apiVersion: 'serving.kserve.io/v1beta1',
  kind: 'InferenceService',
  metadata: { name: 'kept', namespace: NS },
};

const runtimeConfig: KubeObject = {
  apiVersion: API,
  kind: 'AIMRuntimeConfig',
  metadata: { name: 'team', namespace: NS, generation: 1 },
  spec: { routing: { enabled: true } },
};
const clusterRuntimeConfig: KubeObject = {
  apiVersion: API,
  kind: 'AIMClusterRuntimeConfig',
  metadata: { name: 'cluster', generation: 1 },
  spec: { labelPropagation: { enabled: true, match: ['team-['] } },
};

export const SCENARIOS: Scenario[] = [
  {
    // A status write that keeps conflicting is retried from a timer, which shutdown hands to the
    // wake-up call.
    name: 'a status write that keeps conflicting, retried after the instance is gone',
    seed: [byName, MI300X_NODE, template('llama-t', 'llama')],
    steps: [
      {
        act: (kube) => {
          for (let i = 0; i < 20; i++) kube.failNext('applyStatus', 'Conflict');
        },
      },
      { event: 'add', object: byName },
    ],
  },
  {
    name: 'an image service auto-creates its model and auto-selects a template',
    seed: [byImage, MI300X_NODE, template('llama-t', 'llama'), clusterTemplate('shared-t', 'shared')],
    steps: [{ event: 'add', object: byImage }],
  },
  {
    name: 'a named model falls back to the cluster model; a cluster template is resolved by name',
    seed: [onClusterTemplate, clusterModel('shared', 'img:2'), clusterTemplate('ct', 'shared')],
    steps: [{ event: 'add', object: onClusterTemplate }],
  },
  {
    name: 'spec.overrides derive a template from a namespaced base',
    seed: [derived, model('llama', 'img:1'), template('base', 'llama')],
    steps: [{ event: 'add', object: derived }],
  },
  {
    name: 'a service keeps its template while its InferenceService runs',
    seed: [
      kept,
      model('llama', 'img:1'),
      template('other', 'llama', { gpu: 'MI325X' }),
      isvcOfKept,
      MI300X_NODE,
    ],
    steps: [{ event: 'update', object: kept }],
  },
  {
    name: 'deleting a service cleans up its unready caches',
    seed: [namespace, deleting, unreadyCache, model('llama', 'img:1')],
    steps: [
      {
        act: (kube) => kube.delete({ apiVersion: API, kind: 'AIMService', namespace: NS, name: 'deleting' }),
      },
      { event: 'delete', object: deleting },
    ],
  },
  {
    name: 'a resync tick and model, template and runtime-config events find the services',
    seed: [byName, model('llama', 'img:1'), clusterModel('shared', 'img:2'), template('t', 'llama')],
    steps: [
      { event: 'resync' },
      { event: 'update', object: model('llama', 'img:1'), reference: true },
      { event: 'update', object: clusterModel('shared', 'img:2') },
      { event: 'update', object: template(derivedTemplateName('base', OVERRIDES), 'llama') },
      { event: 'update', object: clusterTemplate('ct', 'shared') },
      {
        event: 'update',
        object: {
          apiVersion: API,
          kind: 'AIMRuntimeConfig',
          metadata: { name: 'default', namespace: NS },
          spec: {},
        },
      },
      {
        event: 'update',
        object: { apiVersion: API, kind: 'AIMClusterRuntimeConfig', metadata: { name: 'default' }, spec: {} },
      },
    ],
  },
  {
    name: 'runtime configs get their status: a valid one Ready, one with a bad glob Failed',
    seed: [runtimeConfig, clusterRuntimeConfig],
    steps: [
      { event: 'add', object: runtimeConfig },
      { event: 'add', object: clusterRuntimeConfig },
    ],
  },
];
