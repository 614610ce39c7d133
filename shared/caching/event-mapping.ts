/**
 * Which cache-manage objects an event concerns, beyond the object itself (spec §11.5, §12.3 and
 * §10.11 watches). Events are hints: the object they carry is only used for labels and immutable
 * fields; everything reconciled is re-read.
 *
 *   PVC / Job / Pod             → the artifact named by its `aim.eai.amd.com/cache.name` label
 *   AIMArtifact                 → the caches that created (label) or track (status) it
 *   AIM(Cluster)ServiceTemplate → caches of that template and scope; services resolved to it
 *   AIMTemplateCache            → services of the same namespace resolved to its template
 *   runtime configs             → the owned objects that use them
 */

import { LABELS } from '../constants/labels.ts';
import type { ApiServerEvent } from '../events/apiserver-event.ts';
import { isNotFound } from '../kube/errors.ts';
import type { GroupVersionKind, KubeClient, KubeObject, ObjectKey } from '../kube/types.ts';
import { LabelValueError, sanitizeLabelValue } from '../naming/label-value.ts';
import type { ReconcileRequest } from '../reconcile/reconciler.ts';
import type { EventMapper } from '../runtime/define-function.ts';
import { runtimeConfigDependents } from '../runtime/runtime-config-dependents.ts';
import {
  ARTIFACT_GVK,
  CLUSTER_TEMPLATE_GVK,
  JOB_GVK,
  POD_GVK,
  PVC_GVK,
  SERVICE_GVK,
  TEMPLATE_CACHE_GVK,
  TEMPLATE_GVK,
  type TemplateCacheObject,
} from './kinds.ts';

const WORKLOAD_KINDS: readonly GroupVersionKind[] = [PVC_GVK, JOB_GVK, POD_GVK];

function sameKind(a: GroupVersionKind, b: GroupVersionKind): boolean {
  return a.apiVersion === b.apiVersion && a.kind === b.kind;
}

function request(gvk: GroupVersionKind, name: string, namespace?: string): ReconcileRequest {
  return namespace ? { ...gvk, namespace, name } : { ...gvk, name };
}

/** The event's object: the hint it carries, else (reference mode) a fresh read. */
async function objectOf(client: KubeClient, event: ApiServerEvent): Promise<KubeObject | undefined> {
  const hint = event.object as KubeObject | undefined;
  if (hint?.metadata !== undefined) return hint;
  if (event.action === 'delete') return undefined;
  try {
    return await client.get(event.ref);
  } catch (err) {
    if (isNotFound(err)) return undefined;
    throw err;
  }
}

function workloadRequests(ref: ObjectKey, object: KubeObject | undefined): ReconcileRequest[] {
  const artifact = object?.metadata.labels?.[LABELS.cacheName];
  return artifact && ref.namespace ? [request(ARTIFACT_GVK, artifact, ref.namespace)] : [];
}

function labelValueOf(name: string): string | undefined {
  try {
    return sanitizeLabelValue(name);
  } catch (err) {
    if (err instanceof LabelValueError) return undefined;
    throw err;
  }
}

async function cachesOfArtifact(
  client: KubeClient,
  ref: ObjectKey,
  object: KubeObject | undefined,
): Promise<ReconcileRequest[]> {
  if (!ref.namespace) return [];
  const creator = object?.metadata.labels?.[LABELS.templateCacheName];
  const caches = await client.list<TemplateCacheObject>(TEMPLATE_CACHE_GVK, { namespace: ref.namespace });
  return caches.items
    .filter(
      (cache) =>
        (creator !== undefined && labelValueOf(cache.metadata.name) === creator) ||
        Object.hasOwn(cache.status?.artifacts ?? {}, ref.name),
    )
    .map((cache) => request(TEMPLATE_CACHE_GVK, cache.metadata.name, ref.namespace));
}

function scopeServes(scope: unknown, cluster: boolean): boolean {
  if (scope === 'Unknown' || scope === undefined || scope === '') return true;
  return cluster ? scope === 'Cluster' : scope === 'Namespace';
}

async function templateDependents(
  client: KubeClient,
  ref: ObjectKey,
  cluster: boolean,
): Promise<ReconcileRequest[]> {
  const where = cluster ? {} : { namespace: ref.namespace ?? '' };
  const [caches, services] = await Promise.all([
    client.list<TemplateCacheObject>(TEMPLATE_CACHE_GVK, where),
    client.list(SERVICE_GVK, where),
  ]);
  const cacheRequests = caches.items
    .filter(
      (cache) => cache.spec?.templateName === ref.name && scopeServes(cache.spec?.templateScope, cluster),
    )
    .map((cache) => request(TEMPLATE_CACHE_GVK, cache.metadata.name, cache.metadata.namespace));
  const serviceRequests = services.items
    .filter((service) => {
      const resolved = service.status?.resolvedTemplate;
      return resolved?.name === ref.name && (resolved.scope === 'Cluster') === cluster;
    })
    .map((service) => request(SERVICE_GVK, service.metadata.name, service.metadata.namespace));
  return [...cacheRequests, ...serviceRequests];
}

async function servicesOfCache(
  client: KubeClient,
  ref: ObjectKey,
  object: KubeObject | undefined,
): Promise<ReconcileRequest[]> {
  if (!ref.namespace) return [];
  const owners = (object?.metadata.ownerReferences ?? [])
    .filter((owner) => owner.kind === SERVICE_GVK.kind && owner.apiVersion === SERVICE_GVK.apiVersion)
    .map((owner) => request(SERVICE_GVK, owner.name, ref.namespace));
  const templateName: unknown = object?.spec?.templateName;
  if (typeof templateName !== 'string') return owners;
  const services = await client.list(SERVICE_GVK, { namespace: ref.namespace });
  return [
    ...owners,
    ...services.items
      .filter((service) => service.status?.resolvedTemplate?.name === templateName)
      .map((service) => request(SERVICE_GVK, service.metadata.name, ref.namespace)),
  ];
}

/** The requests `event` adds to the object itself (see the module comment). */
export async function cacheManageRequests(
  client: KubeClient,
  owned: readonly GroupVersionKind[],
  event: ApiServerEvent,
): Promise<ReconcileRequest[]> {
  const { ref } = event;
  if (WORKLOAD_KINDS.some((gvk) => sameKind(gvk, ref)))
    return workloadRequests(ref, await objectOf(client, event));
  if (sameKind(ref, ARTIFACT_GVK)) return cachesOfArtifact(client, ref, await objectOf(client, event));
  if (sameKind(ref, TEMPLATE_GVK)) return templateDependents(client, ref, false);
  if (sameKind(ref, CLUSTER_TEMPLATE_GVK)) return templateDependents(client, ref, true);
  if (sameKind(ref, TEMPLATE_CACHE_GVK)) return servicesOfCache(client, ref, await objectOf(client, event));
  return runtimeConfigDependents(client, owned, event);
}

export const mapCacheManageEvents: EventMapper = (ctx, event) =>
  cacheManageRequests(ctx.client, ctx.owned, event);
