/** Situations that between them reach every API call isvc-render's code makes. */
import { definition as isvcRender } from '../../../../functions/isvc-render/reconcilers.ts';
import { AIM_API_VERSION } from '../../../../shared/api/group.ts';
import { aimRouteName } from '../../../../shared/inference/route-name.ts';
import type { KubeObject } from '../../../../shared/kube/types.ts';
import { isvcName, kedaHpaName } from '../../../../shared/naming/service-names.ts';
import {
  artifact,
  cache,
  ISVC,
  model,
  NS,
  predictorPod,
  resolvedStatus,
  SVC,
  SVC_UID,
  service,
  template,
} from '../../inference/fixtures.ts';
import type { Scenario } from '../permission-exercise.ts';

export const definition = () => isvcRender;

const GATEWAY = { name: 'llm', namespace: 'gateways' };
const OLD_CLAIM = 'hf---meta-llama-llama-3-8b-0123456789-cache-aa11bb22';
const owner = { apiVersion: AIM_API_VERSION, kind: 'AIMService', name: SVC, uid: SVC_UID, controller: true };

function resolved(spec: Record<string, unknown> = {}, extraStatus: Record<string, unknown> = {}): KubeObject {
  return { ...service(spec), status: { ...resolvedStatus(), ...extraStatus } };
}

/** A running InferenceService that mounts a claim the cache no longer offers. */
const runningIsvc: KubeObject = {
  apiVersion: 'serving.kserve.io/v1beta1',
  kind: 'InferenceService',
  metadata: { name: ISVC, namespace: NS, ownerReferences: [owner] },
  spec: {
    predictor: {
      volumes: [{ name: 'old', persistentVolumeClaim: { claimName: OLD_CLAIM } }],
      containers: [
        {
          name: 'kserve-container',
          image: 'img',
          volumeMounts: [{ name: 'old', mountPath: '/workspace/cache/m' }],
        },
      ],
    },
  },
  status: { conditions: [{ type: 'Ready', status: 'False' }] },
};
const crashingPod = predictorPod({
  phase: 'Running',
  containerStatuses: [
    {
      name: 'kserve-container',
      ready: false,
      state: { waiting: { reason: 'CrashLoopBackOff' } },
      lastState: { terminated: { exitCode: 1, reason: 'Error' } },
    },
  ],
});
const hpa: KubeObject = {
  apiVersion: 'autoscaling/v2',
  kind: 'HorizontalPodAutoscaler',
  metadata: { name: kedaHpaName(ISVC), namespace: NS },
  spec: { minReplicas: 1, maxReplicas: 3 },
};
/** A second service in the sweep, on cluster-scoped sources, routed and autoscaled. */
const clusterScoped: KubeObject = {
  ...service({ routing: { enabled: true, gatewayRef: GATEWAY }, minReplicas: 1 }),
  metadata: { name: 'other', namespace: NS, uid: 'other-uid', generation: 1 },
  status: {
    ...resolvedStatus(),
    resolvedModel: { name: 'shared', scope: 'Cluster', kind: 'AIMClusterModel' },
    resolvedTemplate: { name: 'shared-t', scope: 'Cluster', kind: 'AIMClusterServiceTemplate' },
  },
};
const otherIsvc: KubeObject = {
  ...runningIsvc,
  metadata: { name: isvcName({ name: 'other', namespace: NS }), namespace: NS },
};
const leftoverRoute: KubeObject = {
  apiVersion: 'gateway.networking.k8s.io/v1',
  kind: 'HTTPRoute',
  metadata: { name: aimRouteName({ name: SVC, namespace: NS }), namespace: NS, ownerReferences: [owner] },
  spec: {},
};

export const SCENARIOS: Scenario[] = [
  {
    // Its first summary waits for service-resolve (a timer), which shutdown hands to the wake-up call.
    name: 'a service just created waits for its resolution, and the wait outlives the instance',
    seed: [service(), model(), template()],
    steps: [{ event: 'add', object: service() }],
  },
  {
    name: 'resolved services get their InferenceService and route',
    seed: [
      resolved({ routing: { enabled: true, gatewayRef: GATEWAY } }),
      model(),
      template(),
      cache(),
      clusterScoped,
    ],
    steps: [
      { event: 'add', object: service() },
      { event: 'add', object: clusterScoped },
    ],
  },
  {
    name: 'a running autoscaled service: events, crash-looping pods, HPA and a replaced cache claim',
    seed: [
      resolved({ minReplicas: 1, maxReplicas: 3 }),
      model(),
      template(),
      cache('Ready', { next: artifact('next', 'meta-llama/Llama-3-8B', 'next-pvc') }),
      runningIsvc,
      crashingPod,
      hpa,
    ],
    podLogs: { [`${NS}/${crashingPod.metadata.name}/kserve-container`]: 'INFO start\nRuntimeError: boom\n' },
    steps: [{ event: 'update', object: service() }],
  },
  {
    name: 'routing switched off: the leftover route is deleted',
    seed: [resolved({}, { routing: { path: '/team-a/chat' } }), model(), template(), cache(), leftoverRoute],
    steps: [{ event: 'update', object: service() }],
  },
  {
    name: 'a resync sweep lists every kind it reads',
    seed: [resolved(), model(), template(), cache(), runningIsvc, clusterScoped, otherIsvc],
    steps: [{ event: 'resync' }],
  },
  {
    name: 'workload and AIM events in Reference mode find their service',
    seed: [resolved(), runningIsvc, crashingPod, hpa],
    steps: [
      { event: 'update', object: crashingPod, reference: true },
      { event: 'update', object: hpa, reference: true },
      { event: 'update', object: runningIsvc, reference: true },
      { event: 'update', object: leftoverRoute, reference: true },
      { event: 'update', object: model() },
      {
        event: 'update',
        object: { apiVersion: AIM_API_VERSION, kind: 'AIMClusterModel', metadata: { name: 'm' }, spec: {} },
      },
      {
        event: 'update',
        object: {
          apiVersion: AIM_API_VERSION,
          kind: 'AIMRuntimeConfig',
          metadata: { name: 'default', namespace: NS },
          spec: {},
        },
      },
      {
        event: 'update',
        object: {
          apiVersion: AIM_API_VERSION,
          kind: 'AIMClusterRuntimeConfig',
          metadata: { name: 'default' },
          spec: {},
        },
      },
    ],
  },
];
