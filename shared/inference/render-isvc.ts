/**
 * The KServe InferenceService of an AIMService (spec §10.7), as a pure function of everything it
 * depends on. The pipeline adds the propagated service labels, the controller label
 * `aim.eai.amd.com/service.name` and the owner reference when it applies the object.
 */
import type { AIMServiceSpec } from '../api/aim-service.ts';
import type { EnvVar } from '../api/common/env.ts';
import type { ResourceRequirements } from '../api/common/resources.ts';
import { INFERENCE_SERVICE } from '../constants/kserve.ts';
import { K8S_LABELS, LABEL_VALUES, LABELS } from '../constants/labels.ts';
import type { KubeObject } from '../kube/types.ts';
import { buildInferenceEnv, type InferenceEnvInputs } from './isvc-env.ts';
import { buildResources, type ResolvedGpu } from './isvc-resources.ts';
import { planScaling } from './isvc-scaling.ts';
import { type CacheVolume, SHARED_MEMORY_MOUNT, SHARED_MEMORY_VOLUME } from './isvc-volumes.ts';
import { safeLabelValue } from './label-values.ts';
import { envNameProblems, replicaProblems, resourceProblems, type SpecProblem } from './spec-problems.ts';

export const INFERENCE_SERVICE_GVK = {
  apiVersion: INFERENCE_SERVICE.apiVersion,
  kind: INFERENCE_SERVICE.kind,
} as const;

export interface InferenceServiceInputs {
  isvcName: string;
  service: {
    name: string;
    namespace: string;
    spec: Partial<
      Pick<
        AIMServiceSpec,
        | 'env'
        | 'resources'
        | 'imagePullSecrets'
        | 'serviceAccountName'
        | 'replicas'
        | 'minReplicas'
        | 'maxReplicas'
        | 'autoScaling'
      >
    >;
  };
  /** The resolved model's `spec.image` (a custom model's base image). */
  modelImage: string;
  template: {
    name: string;
    spec: InferenceEnvInputs['template'] & {
      modelName?: string | undefined;
      resources?: ResourceRequirements | undefined;
    };
    status: {
      resolvedHardware?: { gpu?: ResolvedGpu | undefined } | undefined;
      resolvedNodeAffinity?: Record<string, unknown> | undefined;
      profile?: { metadata?: { metric?: string | undefined; precision?: string | undefined } } | undefined;
    };
  };
  runtimeConfigEnv?: readonly EnvVar[] | undefined;
  cacheVolumes: readonly CacheVolume[];
}

export type RenderResult = { ok: true; isvc: KubeObject } | { ok: false; problems: SpecProblem[] };

function inferenceLabels(inputs: InferenceServiceInputs): Record<string, string> {
  const labels: Record<string, string> = {
    [K8S_LABELS.component]: LABEL_VALUES.component.inference,
    [K8S_LABELS.managedBy]: LABEL_VALUES.managedBy.engine,
  };
  const add = (key: string, value: string | undefined) => {
    const sanitized = safeLabelValue(value);
    if (sanitized !== undefined) labels[key] = sanitized;
  };
  add(LABELS.template, inputs.template.name);
  add(LABELS.service, inputs.service.name);
  add(LABELS.model, inputs.template.spec.modelName);
  add(LABELS.metric, inputs.template.status.profile?.metadata?.metric);
  add(LABELS.precision, inputs.template.status.profile?.metadata?.precision);
  return labels;
}

/** A deep copy with every `values` list sorted (upstream's device-id order is random, quirk 8). */
function withSortedValues(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withSortedValues);
  if (typeof value !== 'object' || value === null) return value;
  const result: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    result[key] =
      key === 'values' && Array.isArray(item) && item.every((v) => typeof v === 'string')
        ? [...item].sort()
        : withSortedValues(item);
  }
  return result;
}

export function renderInferenceService(inputs: InferenceServiceInputs): RenderResult {
  const { service, template } = inputs;
  const env = buildInferenceEnv({
    runtimeConfigEnv: inputs.runtimeConfigEnv,
    template: template.spec,
    serviceEnv: service.spec.env,
  });
  const resources = buildResources(
    template.status.resolvedHardware?.gpu,
    template.spec.resources,
    service.spec.resources,
  );
  const scaling = planScaling(service.spec, inputs.isvcName);
  const problems = [
    ...envNameProblems(env),
    ...resourceProblems(resources),
    ...replicaProblems(scaling.minReplicas, scaling.maxReplicas),
  ];
  if (problems.length > 0) return { ok: false, problems };

  const container = {
    name: INFERENCE_SERVICE.containerName,
    image: inputs.modelImage,
    ports: [
      { containerPort: INFERENCE_SERVICE.httpPort, name: INFERENCE_SERVICE.httpPortName, protocol: 'TCP' },
    ],
    env,
    resources,
    volumeMounts: [
      structuredClone(SHARED_MEMORY_MOUNT),
      ...inputs.cacheVolumes.map((v) => structuredClone(v.mount)),
    ],
  };
  const predictor: Record<string, unknown> = {
    minReplicas: scaling.minReplicas,
    maxReplicas: scaling.maxReplicas,
  };
  if (scaling.autoScaling !== undefined) predictor.autoScaling = scaling.autoScaling;
  if (service.spec.imagePullSecrets !== undefined && service.spec.imagePullSecrets.length > 0) {
    predictor.imagePullSecrets = service.spec.imagePullSecrets.map((secret) => ({ name: secret.name }));
  }
  if (service.spec.serviceAccountName) predictor.serviceAccountName = service.spec.serviceAccountName;
  const nodeAffinity = template.status.resolvedNodeAffinity;
  if (nodeAffinity !== undefined && Object.keys(nodeAffinity).length > 0) {
    predictor.affinity = { nodeAffinity: withSortedValues(nodeAffinity) };
  }
  predictor.containers = [container];
  predictor.volumes = [
    structuredClone(SHARED_MEMORY_VOLUME),
    ...inputs.cacheVolumes.map((v) => structuredClone(v.volume)),
  ];

  return {
    ok: true,
    isvc: {
      ...INFERENCE_SERVICE_GVK,
      metadata: {
        name: inputs.isvcName,
        namespace: service.namespace,
        labels: inferenceLabels(inputs),
        annotations: scaling.annotations,
      },
      spec: { predictor },
    },
  };
}
