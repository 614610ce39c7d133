/**
 * The discovery Job (spec §8.4, exact shape): a dry run of the model's image that prints the
 * runtime profile and the model sources as JSON. It runs as the *model's* service account with the
 * model's pull secrets (quirk 11 kept), once (backoffLimit 0: retries are the circuit breaker's),
 * and is cleaned up a minute after it finishes.
 */
import type { AIMModel } from '../api/aim-model.ts';
import type { EnvVar } from '../api/common/env.ts';
import type { LabelPropagation } from '../api/common/label-propagation.ts';
import { ENV, ENV_VALUES } from '../constants/env.ts';
import { K8S_LABELS, LABEL_VALUES, LABELS } from '../constants/labels.ts';
import { DISCOVERY_JOB_BACKOFF_LIMIT, DISCOVERY_JOB_TTL_SECONDS } from '../constants/limits.ts';
import { controllerOwnerReference } from '../kube/owner.ts';
import type { KubeObject } from '../kube/types.ts';
import { discoveryJobName, discoverySpecHash } from '../naming/discovery-job-name.ts';
import { labelChild } from '../reconcile/labels.ts';
import type { AnyTemplate, TemplateScope } from './scope.ts';

export const DISCOVERY_CONTAINER_NAME = 'discovery';
export const DISCOVERY_ARGS = ['dry-run', '--format=json'] as const;
/** Pod and container run as this non-root user. */
export const DISCOVERY_RUN_AS_USER = 65532;

/** What the job takes from the model: its image, pull secrets and service account. */
export type DiscoveryModel = Pick<AIMModel['spec'], 'image' | 'imagePullSecrets' | 'serviceAccountName'>;

/** The labels every discovery Job carries; the global concurrency count selects on them. */
export const DISCOVERY_JOB_LABELS: Readonly<Record<string, string>> = {
  [K8S_LABELS.name]: LABEL_VALUES.discoveryAppName,
  [K8S_LABELS.component]: LABEL_VALUES.component.discovery,
  [K8S_LABELS.managedBy]: LABEL_VALUES.managedBy.controller,
};

/** The template's env only reaches the job for namespaced templates (spec §8.4). */
function templateEnv(scope: TemplateScope, template: AnyTemplate): EnvVar[] {
  return scope.scope === 'Namespace' ? (template.spec.env ?? []) : [];
}

function gpuInput(template: AnyTemplate): { model?: string; requests?: number } | undefined {
  const gpu = template.spec.hardware?.gpu;
  if (gpu === undefined) return undefined;
  const input: { model?: string; requests?: number } = {};
  if (gpu.model !== undefined) input.model = gpu.model;
  if (gpu.requests !== undefined) input.requests = gpu.requests;
  return input;
}

export function templateDiscoveryJobName(
  scope: TemplateScope,
  template: AnyTemplate,
  model: DiscoveryModel,
): string {
  const { spec } = template;
  const gpu = gpuInput(template);
  return discoveryJobName({
    templateName: template.metadata.name,
    modelName: spec.modelName,
    image: model.image,
    ...(model.serviceAccountName !== undefined ? { serviceAccountName: model.serviceAccountName } : {}),
    env: templateEnv(scope, template),
    ...(model.imagePullSecrets !== undefined ? { imagePullSecrets: model.imagePullSecrets } : {}),
    ...(spec.metric !== undefined ? { metric: spec.metric } : {}),
    ...(spec.precision !== undefined ? { precision: spec.precision } : {}),
    ...(gpu !== undefined ? { gpu } : {}),
    ...(spec.profileId !== undefined ? { profileId: spec.profileId } : {}),
  });
}

/** What the circuit breaker's attempts are counted for (spec §8.6). */
export function templateDiscoverySpecHash(template: AnyTemplate, image: string): string {
  const { spec } = template;
  const gpu = gpuInput(template);
  return discoverySpecHash({
    modelName: spec.modelName,
    image,
    ...(spec.metric !== undefined ? { metric: spec.metric } : {}),
    ...(spec.precision !== undefined ? { precision: spec.precision } : {}),
    ...(gpu !== undefined ? { gpu } : {}),
    ...(spec.profileId !== undefined ? { profileId: spec.profileId } : {}),
  });
}

/** Env in upstream order: log levels, the template's env, then the profile selectors that are set. */
export function discoveryEnv(scope: TemplateScope, template: AnyTemplate): EnvVar[] {
  const { spec } = template;
  const env: EnvVar[] = [
    { name: ENV.aimLogLevelRoot, value: ENV_VALUES.discoveryLogLevel },
    { name: ENV.aimLogLevel, value: ENV_VALUES.discoveryLogLevel },
    ...templateEnv(scope, template),
  ];
  if (spec.metric) env.push({ name: ENV.aimMetric, value: spec.metric });
  if (spec.precision) env.push({ name: ENV.aimPrecision, value: spec.precision });
  const gpu = spec.hardware?.gpu;
  if (gpu?.model) env.push({ name: ENV.aimGpuModel, value: gpu.model });
  if ((gpu?.requests ?? 0) > 0) env.push({ name: ENV.aimGpuCount, value: String(gpu?.requests) });
  if (spec.profileId) env.push({ name: ENV.aimProfileId, value: spec.profileId });
  return env;
}

export interface DiscoveryJobInput {
  scope: TemplateScope;
  template: AnyTemplate;
  /** The template as read (uid for the owner reference, labels to propagate). */
  object: KubeObject;
  model: DiscoveryModel;
  namespace: string;
  /** The merged runtime config's label propagation (spec §5.6). */
  runtimeConfig?: { labelPropagation?: LabelPropagation | undefined } | undefined;
}

/**
 * The Job as it is created: the builder's labels, the template's propagated labels and the
 * controller labels (also on the pod template, as the pipeline labels every child), and a
 * controller owner reference that blocks the template's deletion while the Job exists.
 */
export function buildDiscoveryJob(input: DiscoveryJobInput): KubeObject {
  const { scope, template, model } = input;
  const templateName = template.metadata.name;
  const podSpec: Record<string, unknown> = {
    restartPolicy: 'Never',
    securityContext: {
      runAsNonRoot: true,
      runAsUser: DISCOVERY_RUN_AS_USER,
      seccompProfile: { type: 'RuntimeDefault' },
    },
    containers: [
      {
        name: DISCOVERY_CONTAINER_NAME,
        image: model.image,
        args: [...DISCOVERY_ARGS],
        env: discoveryEnv(scope, template),
        securityContext: {
          allowPrivilegeEscalation: false,
          runAsNonRoot: true,
          capabilities: { drop: ['ALL'] },
        },
      },
    ],
  };
  if (model.imagePullSecrets !== undefined && model.imagePullSecrets.length > 0) {
    podSpec.imagePullSecrets = model.imagePullSecrets;
  }
  if (model.serviceAccountName) podSpec.serviceAccountName = model.serviceAccountName;
  const job: KubeObject = {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: {
      name: templateDiscoveryJobName(scope, template, model),
      namespace: input.namespace,
      labels: { ...DISCOVERY_JOB_LABELS, [LABELS.template]: templateName },
    },
    spec: {
      backoffLimit: DISCOVERY_JOB_BACKOFF_LIMIT,
      ttlSecondsAfterFinished: DISCOVERY_JOB_TTL_SECONDS,
      template: {
        metadata: { labels: { [LABELS.template]: templateName } },
        spec: podSpec,
      },
    },
  };
  const labelled = labelChild(input.object, job, scope.controllerName, input.runtimeConfig);
  labelled.metadata.ownerReferences = [controllerOwnerReference(input.object, { blockOwnerDeletion: true })];
  return labelled;
}
