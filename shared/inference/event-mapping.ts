/**
 * Which AIMServices an event concerns, for isvc-render (spec §10.11). Events are hints: the object
 * in an event body is used only to find the service; the reconcile re-reads everything.
 *
 *   InferenceService, HTTPRoute  → the owning service (controller owner reference, else the
 *                                  `aim.eai.amd.com/service.name` label)
 *   KEDA HPA                     → the service label, else `keda-hpa-<isvc>-predictor` → the ISVC's owner
 *   predictor Pod                → the service label KServe copies from the ISVC, else
 *                                  `serving.kserve.io/inferenceservice` → the ISVC's owner
 *   model / template / cache     → the services whose status references it (cluster-scoped
 *                                  kinds: in every namespace)
 *   runtime configs              → the services that use it
 *
 * Core Events about an InferenceService (ServerlessModeRejected, InternalError) are not watched:
 * ApiServerSource can filter only by label and Events carry none, so it would stream every Event
 * of the cluster. They are read when the service is reconciled, which KServe's accompanying
 * status change or the periodic resync brings about.
 */
import type { AIMService } from '../api/aim-service.ts';
import { AIM_API_VERSION } from '../api/group.ts';
import { INFERENCE_SERVICE, KSERVE_LABELS } from '../constants/kserve.ts';
import { CONTROLLER_NAMES, controllerNameLabel } from '../constants/labels.ts';
import type { ApiServerEvent } from '../events/apiserver-event.ts';
import { controllerOf } from '../kube/owner.ts';
import type { KubeClient, KubeObject, ObjectKey } from '../kube/types.ts';
import type { ReconcileRequest } from '../reconcile/reconciler.ts';
import type { EventMapper } from '../runtime/define-function.ts';
import { runtimeConfigDependents } from '../runtime/runtime-config-dependents.ts';
import { HPA_GVK } from './hpa-health.ts';
import { INFERENCE_SERVICE_GVK } from './render-isvc.ts';
import { HTTP_ROUTE_GVK } from './render-route.ts';

const SERVICE_GVK = { apiVersion: AIM_API_VERSION, kind: 'AIMService' } as const;
const SERVICE_NAME_LABEL = controllerNameLabel(CONTROLLER_NAMES.service);
const HPA_NAME = new RegExp(
  `^${INFERENCE_SERVICE.kedaHpaPrefix}(.+)${INFERENCE_SERVICE.predictorServiceSuffix}$`,
);

function serviceRequest(namespace: string, name: string): ReconcileRequest {
  return { ...SERVICE_GVK, namespace, name };
}

function isKubeObject(value: unknown): value is KubeObject {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as KubeObject).metadata === 'object' &&
    (value as KubeObject).metadata !== null
  );
}

/** The event's object: the body in Resource mode, else a fresh read (absent once deleted). */
async function objectOf(client: KubeClient, event: ApiServerEvent): Promise<KubeObject | undefined> {
  if (isKubeObject(event.object)) return event.object;
  return client.getOptional(event.ref);
}

/** The service that owns `object` (controller reference), else the one its service label names. */
function owningService(object: KubeObject): ReconcileRequest | undefined {
  const namespace = object.metadata.namespace;
  if (namespace === undefined) return undefined;
  const owner = controllerOf(object);
  if (owner?.apiVersion === AIM_API_VERSION && owner.kind === SERVICE_GVK.kind)
    return serviceRequest(namespace, owner.name);
  const label = object.metadata.labels?.[SERVICE_NAME_LABEL];
  return label ? serviceRequest(namespace, label) : undefined;
}

async function ownerOfInferenceService(client: KubeClient, namespace: string, name: string) {
  const isvc = await client.getOptional({ ...INFERENCE_SERVICE_GVK, namespace, name });
  return isvc === undefined ? undefined : owningService(isvc);
}

type ReferenceField = 'resolvedModel' | 'resolvedTemplate' | 'cache';

function references(service: AIMService, field: ReferenceField, name: string, cluster: boolean): boolean {
  const status = service.status;
  if (field === 'cache') return status?.cache?.templateCacheRef?.name === name;
  const reference = status?.[field];
  return reference?.name === name && (reference.scope === 'Cluster') === cluster;
}

/** Services (in `namespace`, or everywhere) whose status names the object. */
async function referencingServices(
  client: KubeClient,
  namespace: string | undefined,
  matches: (service: AIMService) => boolean,
): Promise<ReconcileRequest[]> {
  const list = await client.list<KubeObject>(SERVICE_GVK, namespace ? { namespace } : {});
  return list.items
    .filter((item) => matches(item as unknown as AIMService))
    .map((item) => serviceRequest(item.metadata.namespace ?? '', item.metadata.name));
}

async function aimDependents(client: KubeClient, event: ApiServerEvent): Promise<ReconcileRequest[]> {
  const { kind, name, namespace } = event.ref;
  switch (kind) {
    case 'AIMModel':
      return referencingServices(client, namespace, (s) => references(s, 'resolvedModel', name, false));
    case 'AIMClusterModel':
      return referencingServices(client, undefined, (s) => references(s, 'resolvedModel', name, true));
    case 'AIMServiceTemplate':
      return referencingServices(client, namespace, (s) => references(s, 'resolvedTemplate', name, false));
    case 'AIMClusterServiceTemplate':
      return referencingServices(client, undefined, (s) => references(s, 'resolvedTemplate', name, true));
    case 'AIMTemplateCache': {
      const cache = isKubeObject(event.object) ? event.object : undefined;
      const templateName: unknown = cache?.spec?.templateName;
      return referencingServices(
        client,
        namespace,
        (s) =>
          references(s, 'cache', name, false) ||
          (typeof templateName === 'string' && s.status?.resolvedTemplate?.name === templateName),
      );
    }
    default:
      return [];
  }
}

async function workloadOwner(client: KubeClient, event: ApiServerEvent): Promise<ReconcileRequest[]> {
  const { ref } = event;
  const namespace = ref.namespace;
  if (namespace === undefined) return [];
  const object = await objectOf(client, event);
  const direct = object === undefined ? undefined : owningService(object);
  if (direct !== undefined) return [direct];
  let isvcName: string | undefined;
  if (ref.kind === 'Pod') isvcName = object?.metadata.labels?.[KSERVE_LABELS.inferenceService];
  else if (ref.kind === HPA_GVK.kind) isvcName = HPA_NAME.exec(ref.name)?.[1];
  if (isvcName === undefined) return [];
  const owner = await ownerOfInferenceService(client, namespace, isvcName);
  return owner === undefined ? [] : [owner];
}

function isKind(ref: ObjectKey, gvk: { apiVersion: string; kind: string }): boolean {
  return ref.apiVersion === gvk.apiVersion && ref.kind === gvk.kind;
}

export const mapIsvcRenderEvents: EventMapper = async (ctx, event) => {
  const { ref } = event;
  if (ref.apiVersion === AIM_API_VERSION) {
    return [
      ...(await runtimeConfigDependents(ctx.client, ctx.owned, event)),
      ...(await aimDependents(ctx.client, event)),
    ];
  }
  if (
    isKind(ref, INFERENCE_SERVICE_GVK) ||
    isKind(ref, HTTP_ROUTE_GVK) ||
    isKind(ref, HPA_GVK) ||
    isKind(ref, { apiVersion: 'v1', kind: 'Pod' })
  ) {
    return workloadOwner(ctx.client, event);
  }
  return [];
};
