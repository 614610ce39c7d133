/**
 * Which templates an event concerns (spec §8.9). Events are hints: each mapping only names
 * templates to reconcile, which then re-read everything.
 *
 *   Job / Pod of a discovery   → the template that owns it (owner reference, controller label,
 *                                else the `aim.eai.amd.com/template` label: the namespaced template
 *                                of that name, or — in the operator namespace with no such
 *                                template — the cluster template); a Job that finished or went
 *                                away also wakes templates waiting for a discovery slot
 *   AIMModel / AIMClusterModel → the templates whose spec.modelName names it
 *   runtime configs            → the templates using them
 *   Node                       → every template requiring a GPU, when the node's GPU labels changed
 *   AIMTemplateCache           → the template owning it
 */
import { AIM_API_VERSION } from '../api/group.ts';
import { CONDITION_TYPES } from '../constants/conditions.ts';
import {
  CONTROLLER_NAMES,
  controllerNameLabel,
  K8S_LABELS,
  LABEL_VALUES,
  LABELS,
} from '../constants/labels.ts';
import { MAX_CONCURRENT_DISCOVERY_JOBS } from '../constants/limits.ts';
import { operatorNamespace as defaultOperatorNamespace } from '../constants/operator-namespace.ts';
import { TEMPLATE_COMPONENTS, TEMPLATE_REASONS } from '../constants/template-conditions.ts';
import type { ApiServerEvent } from '../events/apiserver-event.ts';
import { templateRequiresGPU } from '../gpu/requirements.ts';
import type { KubeClient, KubeObject, ObjectKey } from '../kube/types.ts';
import type { ReconcileRequest } from '../reconcile/reconciler.ts';
import type { EventMapper } from '../runtime/define-function.ts';
import { runtimeConfigDependents } from '../runtime/runtime-config-dependents.ts';
import { jobPhase } from '../workloads/job-inspector.ts';
import { countActiveDiscoveryJobs, type DiscoveryLimiter } from './discovery-admission.ts';
import { DiscoveryPodChanges } from './discovery-pod-changes.ts';
import { NodeGpuChanges } from './node-gpu-changes.ts';
import { CLUSTER_TEMPLATE, NAMESPACED_TEMPLATE, TEMPLATE_SCOPES } from './scope.ts';

export interface TemplateEventMapperOptions {
  operatorNamespace?: () => string;
  /** The process's limiter: its slot count, and its memory of "full" to clear when a Job finishes. */
  limiter?: Pick<DiscoveryLimiter, 'maxActiveJobs' | 'slots'>;
}

type Reader = Pick<KubeClient, 'list' | 'getOptional'>;

function isKubeObject(value: unknown): value is KubeObject {
  return typeof value === 'object' && value !== null && 'metadata' in value;
}

function namespacedTemplate(namespace: string, name: string): ReconcileRequest {
  return { ...NAMESPACED_TEMPLATE.gvk, namespace, name };
}

function clusterTemplate(name: string): ReconcileRequest {
  return { ...CLUSTER_TEMPLATE.gvk, name };
}

function keyOf(object: KubeObject, gvk: { apiVersion: string; kind: string }): ReconcileRequest {
  const { name, namespace } = object.metadata;
  return namespace ? { ...gvk, namespace, name } : { ...gvk, name };
}

/** The event's object: its Resource-mode body, else read by reference (undefined when gone). */
async function eventObject(client: Reader, event: ApiServerEvent): Promise<KubeObject | undefined> {
  if (isKubeObject(event.object)) return event.object;
  if (event.action === 'delete') return undefined;
  return client.getOptional(event.ref as ObjectKey);
}

/** The template a discovery Job or Pod belongs to. */
async function workloadTemplate(
  client: Reader,
  object: KubeObject,
  operatorNamespace: string,
): Promise<ReconcileRequest[]> {
  const namespace = object.metadata.namespace ?? '';
  for (const ref of object.metadata.ownerReferences ?? []) {
    if (ref.apiVersion !== AIM_API_VERSION) continue;
    if (ref.kind === NAMESPACED_TEMPLATE.gvk.kind) return [namespacedTemplate(namespace, ref.name)];
    if (ref.kind === CLUSTER_TEMPLATE.gvk.kind) return [clusterTemplate(ref.name)];
  }
  const labels = object.metadata.labels ?? {};
  const clusterName = labels[controllerNameLabel(CONTROLLER_NAMES.clusterServiceTemplate)];
  if (clusterName) return [clusterTemplate(clusterName)];
  const namespacedName = labels[controllerNameLabel(CONTROLLER_NAMES.serviceTemplate)];
  if (namespacedName) return [namespacedTemplate(namespace, namespacedName)];
  const name = labels[LABELS.template];
  if (!name) return [];
  if (namespace !== operatorNamespace) return [namespacedTemplate(namespace, name)];
  const local = await client.getOptional({ ...NAMESPACED_TEMPLATE.gvk, namespace, name });
  return [local ? namespacedTemplate(namespace, name) : clusterTemplate(name)];
}

function isDiscoveryJob(object: KubeObject): boolean {
  return object.metadata.labels?.[K8S_LABELS.name] === LABEL_VALUES.discoveryAppName;
}

interface Condition {
  type?: string;
  status?: string;
  reason?: string;
}

/** Its last status says it could not start a discovery Job (no slot, lock busy). */
export function isWaitingForDiscoverySlot(template: KubeObject): boolean {
  const conditions: Condition[] = Array.isArray(template.status?.conditions)
    ? template.status.conditions
    : [];
  const find = (type: string) => conditions.find((condition) => condition.type === type);
  const discovered = find(CONDITION_TYPES.discovered);
  const job = find(`${TEMPLATE_COMPONENTS.discoveryJob}Ready`);
  return (
    discovered?.status === 'False' &&
    discovered.reason === TEMPLATE_REASONS.awaitingDiscovery &&
    job?.reason === TEMPLATE_REASONS.jobNotCreated
  );
}

function creationTime(object: KubeObject): number {
  const time = Date.parse(object.metadata.creationTimestamp ?? '');
  return Number.isFinite(time) ? time : 0;
}

/** The oldest templates waiting for a slot, as many as there are free slots now. */
async function waitingTemplates(client: Reader, maxActiveJobs: number): Promise<ReconcileRequest[]> {
  const free = maxActiveJobs - (await countActiveDiscoveryJobs(client));
  if (free <= 0) return [];
  const waiting: { request: ReconcileRequest; created: number }[] = [];
  for (const scope of TEMPLATE_SCOPES) {
    for (const template of (await client.list(scope.gvk)).items) {
      if (isWaitingForDiscoverySlot(template)) {
        waiting.push({ request: keyOf(template, scope.gvk), created: creationTime(template) });
      }
    }
  }
  waiting.sort((a, b) => a.created - b.created);
  return waiting.slice(0, free).map((entry) => entry.request);
}

async function discoveryWorkloadRequests(
  client: Reader,
  event: ApiServerEvent,
  operatorNamespace: string,
  limiter: Pick<DiscoveryLimiter, 'maxActiveJobs' | 'slots'>,
  pods: DiscoveryPodChanges,
): Promise<ReconcileRequest[]> {
  const object = await eventObject(client, event);
  if (object === undefined) return [];
  const isJob = event.ref.kind === 'Job';
  // Inference pods carry the template label too (KServe copies the ISVC's labels); only Job pods matter here.
  if (!isJob && object.metadata.labels?.[K8S_LABELS.jobName] === undefined) return [];
  if (!isJob && !pods.significant(object, event.action === 'delete')) return [];
  const requests = await workloadTemplate(client, object, operatorNamespace);
  if (isJob && isDiscoveryJob(object) && (event.action === 'delete' || jobPhase(object) !== 'Running')) {
    limiter.slots?.forget();
    requests.push(...(await waitingTemplates(client, limiter.maxActiveJobs)));
  }
  return requests;
}

async function modelDependents(client: Reader, event: ApiServerEvent): Promise<ReconcileRequest[]> {
  const scope = event.ref.kind === 'AIMModel' ? NAMESPACED_TEMPLATE : CLUSTER_TEMPLATE;
  const options =
    scope === NAMESPACED_TEMPLATE && event.ref.namespace ? { namespace: event.ref.namespace } : {};
  const templates = await client.list(scope.gvk, options);
  return templates.items
    .filter((template) => template.spec?.modelName === event.ref.name)
    .map((template) => keyOf(template, scope.gvk));
}

async function gpuTemplates(client: Reader): Promise<ReconcileRequest[]> {
  const requests: ReconcileRequest[] = [];
  for (const scope of TEMPLATE_SCOPES) {
    for (const template of (await client.list(scope.gvk)).items) {
      if (templateRequiresGPU(template.spec?.hardware)) requests.push(keyOf(template, scope.gvk));
    }
  }
  return requests;
}

async function cacheOwner(client: Reader, event: ApiServerEvent): Promise<ReconcileRequest[]> {
  const cache = await eventObject(client, event);
  const namespace = cache?.metadata.namespace ?? event.ref.namespace ?? '';
  return (cache?.metadata.ownerReferences ?? [])
    .filter((ref) => ref.apiVersion === AIM_API_VERSION && ref.kind === NAMESPACED_TEMPLATE.gvk.kind)
    .map((ref) => namespacedTemplate(namespace, ref.name));
}

export function createTemplateEventMapper(options: TemplateEventMapperOptions = {}): EventMapper {
  const nodes = new NodeGpuChanges();
  const pods = new DiscoveryPodChanges();
  const operatorNamespace = options.operatorNamespace ?? defaultOperatorNamespace;
  const limiter = options.limiter ?? { maxActiveJobs: MAX_CONCURRENT_DISCOVERY_JOBS };
  return async (ctx, event) => {
    const { apiVersion, kind } = event.ref;
    if (apiVersion === 'batch/v1' && kind === 'Job') {
      return discoveryWorkloadRequests(ctx.client, event, operatorNamespace(), limiter, pods);
    }
    if (apiVersion === 'v1' && kind === 'Pod') {
      return discoveryWorkloadRequests(ctx.client, event, operatorNamespace(), limiter, pods);
    }
    if (apiVersion === 'v1' && kind === 'Node') {
      return (await nodes.changed(ctx.client, event)) ? gpuTemplates(ctx.client) : [];
    }
    if (apiVersion !== AIM_API_VERSION) return [];
    if (kind === 'AIMModel' || kind === 'AIMClusterModel') return modelDependents(ctx.client, event);
    if (kind === 'AIMTemplateCache') return cacheOwner(ctx.client, event);
    return runtimeConfigDependents(ctx.client, ctx.owned, event);
  };
}
