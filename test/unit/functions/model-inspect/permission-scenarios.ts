/** Situations that between them reach every API call model-inspect's code makes. */
import { modelInspectDefinition } from '../../../../functions/model-inspect/reconcilers.ts';
import { AIM_API_VERSION } from '../../../../shared/api/group.ts';
import { InspectionCache } from '../../../../shared/models/inspection-cache.ts';
import { FakeSourceLister, modelSource } from '../../model-sources/support.ts';
import { dockerSecret, FakeInspector, labelsInspection } from '../../models/support.ts';
import { aimObject, NOW } from '../function-http-harness.ts';
import type { Scenario } from '../permission-exercise.ts';

const NS = 'team';
const IMAGE = 'reg.example/team/model:1';
const LABELS = {
  'com.amd.aim.model.canonicalName': 'org/model',
  'com.amd.aim.model.recommendedDeployments': JSON.stringify([
    { gpuModel: 'MI300X', gpuCount: 1, precision: 'fp8', metric: 'latency' },
  ]),
};

export const definition = () =>
  modelInspectDefinition({
    inspector: new FakeInspector().set(IMAGE, labelsInspection(LABELS)),
    cache: new InspectionCache({ now: () => NOW.getTime() }),
    modelSources: {
      lister: new FakeSourceLister().registry('reg.example', {
        repositories: { 'team/model': ['1', '2'] },
        user: { username: 'r', password: 'p' },
      }),
    },
  });

const secret = dockerSecret('regcred', NS, { 'reg.example': { username: 'robot', password: 'pw' } });
const operatorSecret = dockerSecret('regcred', 'aim-system', {
  'reg.example': { username: 'r', password: 'p' },
});
const model = aimObject('AIMModel', 'm', { image: IMAGE, imagePullSecrets: [{ name: 'regcred' }] }, NS);
const clusterModel = aimObject('AIMClusterModel', 'cm', {
  image: IMAGE,
  imagePullSecrets: [{ name: 'regcred' }],
});
const template = { ...aimObject('AIMServiceTemplate', 't', { modelName: 'm' }, NS) };
const clusterTemplate = aimObject('AIMClusterServiceTemplate', 'ct', { modelName: 'cm' });
const runtimeConfig = aimObject('AIMRuntimeConfig', 'default', {}, NS);
const clusterRuntimeConfig = aimObject('AIMClusterRuntimeConfig', 'default', {});

const source = modelSource('catalog', {
  registry: 'reg.example',
  filters: [{ image: 'team/*' }],
  imagePullSecrets: [{ name: 'regcred' }],
});

export const SCENARIOS: Scenario[] = [
  {
    name: 'a model source lists its registry with the operator-namespace pull secret and creates models',
    seed: [operatorSecret, source],
    steps: [
      { event: 'add', object: source },
      { event: 'resync' },
      {
        event: 'delete',
        object: (kube) => kube.objects({ apiVersion: AIM_API_VERSION, kind: 'AIMClusterModel' })[0]!,
      },
    ],
  },
  {
    name: 'a model with a pull secret generates its templates',
    seed: [secret, model],
    steps: [{ event: 'add', object: model }],
  },
  {
    name: 'a cluster model reads its pull secret in the operator namespace',
    seed: [operatorSecret, clusterModel],
    steps: [{ event: 'add', object: clusterModel }],
  },
  { name: 'a resync tick lists every model', seed: [model, clusterModel], steps: [{ event: 'resync' }] },
  {
    name: 'Reference-mode template events are read to find their model',
    seed: [model, clusterModel, template, clusterTemplate],
    steps: [
      { event: 'update', object: template, reference: true },
      { event: 'update', object: clusterTemplate, reference: true },
    ],
  },
  {
    name: 'runtime config events reach the models using them',
    seed: [model, clusterModel, runtimeConfig, clusterRuntimeConfig],
    steps: [
      { event: 'update', object: runtimeConfig },
      { event: 'update', object: clusterRuntimeConfig },
    ],
  },
];
