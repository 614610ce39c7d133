/**
 * All reads of a template reconcile (spec §8.1): runtime config (from the pipeline), the model,
 * the GPU inventory when a GPU is required, and — while discovery is outstanding and could run —
 * the template's newest discovery Job, its pods and, once it completed, its output. Reads that
 * tolerate a snapshot go through `readerOf(ctx)` (a resync sweep lists those kinds once); pods and
 * logs are always read live.
 */

import { K8S_LABELS, LABEL_VALUES, LABELS } from '../constants/labels.ts';
import { TEMPLATE_REASONS } from '../constants/template-conditions.ts';
import { gpuInventoryFromNodes } from '../gpu/inventory.ts';
import { isValidLabelValue, labelSelector } from '../kube/objects.ts';
import type { KubeObject } from '../kube/types.ts';
import { ERROR_CATEGORIES, StateError } from '../reconcile/categorize.ts';
import { captureFetch, type FetchResult, fetched, fetchFailed } from '../reconcile/health.ts';
import { readerOf } from '../reconcile/read-cache.ts';
import type { FetchInput, ReconcileContext } from '../reconcile/reconciler.ts';
import { jobPhase, newestJob } from '../workloads/job-inspector.ts';
import { observePods, type PodsObservation } from '../workloads/observe-pods.ts';
import { podPhase } from '../workloads/pod-status.ts';
import { DISCOVERY_CONTAINER_NAME } from './discovery-job.ts';
import { type DiscoveryOutput, parseDiscoveryLog } from './discovery-output.ts';
import type { DiscoveryObservation, TemplateFetched } from './fetched.ts';
import {
  type AnyTemplate,
  discoveryNamespace,
  isCachingEnabled,
  modelKey,
  type TemplateScope,
} from './scope.ts';
import { gpuVerdict, isGpuAvailable, needsDiscovery, requiresGpu } from './template-facts.ts';

const JOB = { apiVersion: 'batch/v1', kind: 'Job' } as const;
const NODE = { apiVersion: 'v1', kind: 'Node' } as const;
const TEMPLATE_CACHE = { apiVersion: 'aim.eai.amd.com/v1alpha1', kind: 'AIMTemplateCache' } as const;

/** The label selector of a template's discovery Jobs (the app label first lets a sweep serve it from one list). */
export function discoveryJobSelector(templateName: string): string {
  return labelSelector({ [K8S_LABELS.name]: LABEL_VALUES.discoveryAppName, [LABELS.template]: templateName });
}

function controlledBy(object: KubeObject, uid: string | undefined): boolean {
  return (object.metadata.ownerReferences ?? []).some((ref) => ref.controller === true && ref.uid === uid);
}

function outputError(job: KubeObject, message: string): StateError {
  return new StateError(
    ERROR_CATEGORIES.invalidSpec,
    TEMPLATE_REASONS.discoveryOutputInvalid,
    `Discovery job ${job.metadata.name} completed but ${message}`,
  );
}

/** The result of a Complete Job, from the log of its Succeeded pod (spec §8.4). */
async function readOutput(
  ctx: ReconcileContext,
  job: KubeObject,
  pods: PodsObservation,
): Promise<FetchResult<DiscoveryOutput>> {
  const succeeded = pods.pods.find((pod) => podPhase(pod) === 'Succeeded');
  if (succeeded === undefined) return fetchFailed(outputError(job, 'none of its pods succeeded'));
  const log = await captureFetch(
    ctx.client.podLog(succeeded.metadata.namespace ?? '', succeeded.metadata.name, {
      container: DISCOVERY_CONTAINER_NAME,
    }),
  );
  if (!log.ok) return log;
  const parsed = parseDiscoveryLog(log.value);
  return parsed.ok ? fetched(parsed.output) : fetchFailed(outputError(job, parsed.message));
}

async function observeDiscovery(
  ctx: ReconcileContext,
  scope: TemplateScope,
  template: AnyTemplate,
  object: KubeObject,
): Promise<DiscoveryObservation> {
  const name = template.metadata.name;
  if (!isValidLabelValue(name)) {
    const error = new StateError(
      ERROR_CATEGORIES.invalidSpec,
      TEMPLATE_REASONS.templateNameNotLabelable,
      `Template name ${name} is longer than 63 characters: its discovery job cannot carry it as a label`,
    );
    return { jobs: fetchFailed(error) };
  }
  const namespace = discoveryNamespace(scope, template, ctx.operatorNamespace);
  const listed = await captureFetch(
    readerOf(ctx).list(JOB, { namespace, labelSelector: discoveryJobSelector(name) }),
  );
  if (!listed.ok) return { jobs: listed };
  const jobs = listed.value.items.filter((job) => controlledBy(job, object.metadata.uid));
  const observation: DiscoveryObservation = { jobs: fetched(jobs) };
  const job = newestJob(jobs);
  if (job === undefined) return observation;
  observation.job = job;
  const pods = await captureFetch(
    observePods(ctx.client, namespace, labelSelector({ [K8S_LABELS.jobName]: job.metadata.name })),
  );
  observation.pods = pods;
  if (jobPhase(job) === 'Complete') {
    observation.output = pods.ok ? await readOutput(ctx, job, pods.value) : pods;
  }
  return observation;
}

export async function fetchTemplate(
  ctx: ReconcileContext,
  scope: TemplateScope,
  template: AnyTemplate,
  input: FetchInput,
): Promise<TemplateFetched> {
  const reader = readerOf(ctx);
  const [model, gpu, caches] = await Promise.all([
    captureFetch(reader.get(modelKey(scope, template))),
    requiresGpu(template)
      ? captureFetch(async () => gpuInventoryFromNodes((await reader.list(NODE)).items))
      : Promise.resolve(undefined),
    scope.scope === 'Namespace' && isCachingEnabled(template)
      ? captureFetch(
          async () => (await reader.list(TEMPLATE_CACHE, { namespace: template.metadata.namespace })).items,
        )
      : Promise.resolve(undefined),
  ]);
  const result: TemplateFetched = {
    scope,
    template,
    object: input.object,
    operatorNamespace: ctx.operatorNamespace,
    runtimeConfig: input.runtimeConfig ?? fetched(undefined),
    model,
  };
  if (gpu !== undefined) result.gpu = gpu;
  if (caches !== undefined) result.caches = caches;
  if (needsDiscovery(template) && isGpuAvailable(gpuVerdict(template, gpu))) {
    result.discovery = await observeDiscovery(ctx, scope, template, input.object);
  }
  return result;
}
