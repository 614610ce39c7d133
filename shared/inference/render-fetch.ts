/**
 * Every read isvc-render makes for one AIMService (spec §10.2), captured as values:
 *
 *   at once:       the InferenceService, the HTTPRoute (routing on, or a route left from when it
 *                  was) and any route the service controls under another name (an earlier
 *                  controller's, from the informer's memory), the model and template named in the service status, the template cache
 *                  it names, and the cache the service may use (cache-manage's selection, for the
 *                  Cache component: isvc-render reports it, cache-manage only creates caches);
 *   when the InferenceService exists:  the Events about it, its predictor pods (and what the pods
 *                  inspector needs), the KEDA HPA when autoscaling;
 *   only when the cache would replace the InferenceService's volumes: whether the claims those
 *                  volumes name still exist.
 */
import type { AIMService } from '../api/aim-service.ts';
import { AIM_API_VERSION } from '../api/group.ts';
import type { TemplateCacheObject, TemplateObject } from '../caching/kinds.ts';
import {
  findServiceCache,
  type ServiceCacheFetched,
  serviceCacheFetched,
} from '../caching/service-cache-fetch.ts';
import { INFERENCE_SERVICE, KSERVE_LABELS } from '../constants/kserve.ts';
import { isNotFound } from '../kube/errors.ts';
import type { KubeObject, ObjectKey } from '../kube/types.ts';
import { isvcName, kedaHpaName } from '../naming/service-names.ts';
import { captureFetch, type FetchResult } from '../reconcile/health.ts';
import { type CachedKind, type KubeReader, readerOf } from '../reconcile/read-cache.ts';
import type { FetchInput, ReconcileContext } from '../reconcile/reconciler.ts';
import type { ResolvedRuntimeConfig } from '../reconcile/runtime-config.ts';
import { earlierRoutesOf } from './earlier-routes.ts';
import { HPA_GVK } from './hpa-health.ts';
import { isAutoscaling } from './isvc-scaling.ts';
import { cacheVolumesFromArtifacts, cacheVolumesOf, claimNamesOf } from './isvc-volumes.ts';
import { observePredictorPods, type PredictorPodsObservation } from './predictor-pods.ts';
import { INFERENCE_SERVICE_GVK } from './render-isvc.ts';
import { HTTP_ROUTE_GVK } from './render-route.ts';
import { aimRouteName } from './route-name.ts';
import { type EffectiveRouting, effectiveRouting } from './routing-config.ts';
import { modelKey, readTemplateCache, templateCacheKey, templateKey } from './source-objects.ts';

const EVENT = { apiVersion: 'v1', kind: 'Event' } as const;
const PVC = { apiVersion: 'v1', kind: 'PersistentVolumeClaim' } as const;

export type NameResult = { ok: true; name: string } | { ok: false; error: Error };

export interface RenderFetched {
  /** The AIMService as read (metadata intact); path templates are evaluated on it. */
  service: KubeObject;
  runtimeConfig: FetchResult<ResolvedRuntimeConfig | undefined> | undefined;
  routing: EffectiveRouting;
  autoscaling: boolean;
  isvcName: NameResult;
  routeName: string;
  isvc?: FetchResult<KubeObject | undefined>;
  isvcEvents?: FetchResult<KubeObject[]>;
  pods?: FetchResult<PredictorPodsObservation>;
  hpa?: FetchResult<KubeObject | undefined>;
  route?: FetchResult<KubeObject | undefined>;
  /** Routes the service controls under another name (an earlier controller's): earlier-routes.ts. */
  earlierRoutes?: FetchResult<KubeObject[]>;
  model?: FetchResult<KubeObject | undefined>;
  template?: FetchResult<KubeObject | undefined>;
  /** The cache named in status.cache (read as named, Ready or not), else the usable one. */
  cache?: FetchResult<KubeObject | undefined>;
  /** The Cache component's inputs (spec §10.6), as cache-manage selects the cache. */
  serviceCache: ServiceCacheFetched;
  /** Claims the existing InferenceService mounts that no longer exist. */
  missingClaims: string[];
}

function nameOf(svc: AIMService): NameResult {
  try {
    return { ok: true, name: isvcName({ name: svc.metadata.name, namespace: svc.metadata.namespace ?? '' }) };
  } catch (error) {
    return { ok: false, error: error as Error };
  }
}

function optional<T extends KubeObject>(reader: KubeReader, key: ObjectKey) {
  return captureFetch(() => reader.getOptional<T>(key));
}

/** Claims (of `claims`) that are gone; a claim whose read fails counts as present. */
async function missingClaimsOf(
  client: KubeReader,
  namespace: string,
  claims: readonly string[],
): Promise<string[]> {
  const missing: string[] = [];
  for (const name of claims) {
    try {
      await client.get({ ...PVC, namespace, name });
    } catch (err) {
      if (isNotFound(err)) missing.push(name);
    }
  }
  return missing;
}

/** Whether the cache offers other claims than the InferenceService mounts (only then can one be missing). */
function cacheDiffers(isvc: KubeObject, cache: FetchResult<KubeObject | undefined> | undefined): boolean {
  const source = cache?.ok && cache.value !== undefined ? readTemplateCache(cache.value) : undefined;
  if (source === undefined || !source.ready) return false;
  const current = claimNamesOf(cacheVolumesOf(isvc)).sort();
  const offered = claimNamesOf(cacheVolumesFromArtifacts(source.status.artifacts)).sort();
  return current.length > 0 && current.join('\n') !== offered.join('\n');
}

export async function fetchRenderState(
  ctx: ReconcileContext,
  svc: AIMService,
  input: FetchInput,
): Promise<RenderFetched> {
  const { client } = ctx;
  // The sweep read cache in a resync sweep (RENDER_SWEEP_KINDS listed once); the API server otherwise.
  const reader = readerOf(ctx);
  const namespace = svc.metadata.namespace ?? '';
  const runtimeConfigSpec = input.runtimeConfig?.ok ? input.runtimeConfig.value?.spec : undefined;
  const base: Omit<RenderFetched, 'serviceCache'> = {
    service: input.object,
    runtimeConfig: input.runtimeConfig,
    routing: effectiveRouting(svc.spec.routing, runtimeConfigSpec?.routing),
    autoscaling: isAutoscaling(svc.spec),
    isvcName: nameOf(svc),
    routeName: aimRouteName({ name: svc.metadata.name, namespace }),
    missingClaims: [],
  };
  const status = svc.status;
  const name = base.isvcName.ok ? base.isvcName.name : undefined;
  // A route is read when routing is on, or when one may be left from when it was (to remove it).
  const readRoute = base.routing.enabled || status?.routing !== undefined;

  const cacheRef = status?.cache?.templateCacheRef;
  const [isvc, route, earlierRoutes, model, template, usableCache, namedCache] = await Promise.all([
    name === undefined ? undefined : optional(reader, { ...INFERENCE_SERVICE_GVK, namespace, name }),
    readRoute ? optional(reader, { ...HTTP_ROUTE_GVK, namespace, name: base.routeName }) : undefined,
    readRoute
      ? captureFetch(async () =>
          earlierRoutesOf(
            (await reader.list(HTTP_ROUTE_GVK, { namespace })).items,
            input.object,
            base.routeName,
          ),
        )
      : undefined,
    status?.resolvedModel ? optional(reader, modelKey(status.resolvedModel, namespace)) : undefined,
    status?.resolvedTemplate ? optional(reader, templateKey(status.resolvedTemplate, namespace)) : undefined,
    captureFetch<TemplateCacheObject | undefined>(() => findServiceCache(reader, svc, input.object)),
    cacheRef ? optional(reader, templateCacheKey(cacheRef, namespace)) : undefined,
  ]);
  // Before status.cache names it (written with the first CacheReady), the cache found is the one.
  const cache = namedCache ?? usableCache;
  const fetched: RenderFetched = {
    ...base,
    cache,
    serviceCache: serviceCacheFetched(svc, input.object, {
      runtimeConfig: input.runtimeConfig,
      cache: usableCache,
      template: template as FetchResult<TemplateObject | undefined> | undefined,
      inferenceService: isvc,
    }),
  };
  if (isvc !== undefined) fetched.isvc = isvc;
  if (route !== undefined) fetched.route = route;
  if (earlierRoutes !== undefined) fetched.earlierRoutes = earlierRoutes;
  if (model !== undefined) fetched.model = model;
  if (template !== undefined) fetched.template = template;

  const existing = isvc?.ok ? isvc.value : undefined;
  if (existing !== undefined && name !== undefined) {
    const uid = existing.metadata.uid;
    const [events, pods, hpa, missing] = await Promise.all([
      captureFetch(async () =>
        (
          await reader.list(EVENT, {
            namespace,
            fieldSelector: `involvedObject.kind=${INFERENCE_SERVICE.kind},involvedObject.name=${name}`,
          })
        ).items.filter((event) => {
          const involvedUid = (event.involvedObject as { uid?: unknown } | undefined)?.uid;
          return uid === undefined || involvedUid === undefined || involvedUid === uid;
        }),
      ),
      captureFetch(() =>
        observePredictorPods(
          { list: reader.list.bind(reader), podLog: client.podLog.bind(client) },
          namespace,
          name,
        ),
      ),
      fetched.autoscaling ? optional(reader, { ...HPA_GVK, namespace, name: kedaHpaName(name) }) : undefined,
      cacheDiffers(existing, cache)
        ? missingClaimsOf(client, namespace, claimNamesOf(cacheVolumesOf(existing)))
        : Promise.resolve([]),
    ]);
    fetched.isvcEvents = events;
    fetched.pods = pods;
    if (hpa !== undefined) fetched.hpa = hpa;
    fetched.missingClaims = missing;
  }
  return fetched;
}

/**
 * What a resync sweep of AIMServices lists once instead of reading per service: runtime configs,
 * models, templates, caches, InferenceServices, routes, HPAs and predictor pods. Events stay
 * per-service reads (a cluster-wide Events LIST would be unbounded).
 */
export const RENDER_SWEEP_KINDS: readonly CachedKind[] = [
  { gvk: { apiVersion: AIM_API_VERSION, kind: 'AIMRuntimeConfig' } },
  { gvk: { apiVersion: AIM_API_VERSION, kind: 'AIMClusterRuntimeConfig' } },
  { gvk: { apiVersion: AIM_API_VERSION, kind: 'AIMModel' } },
  { gvk: { apiVersion: AIM_API_VERSION, kind: 'AIMClusterModel' } },
  { gvk: { apiVersion: AIM_API_VERSION, kind: 'AIMServiceTemplate' } },
  { gvk: { apiVersion: AIM_API_VERSION, kind: 'AIMClusterServiceTemplate' } },
  { gvk: { apiVersion: AIM_API_VERSION, kind: 'AIMTemplateCache' } },
  { gvk: INFERENCE_SERVICE_GVK },
  { gvk: HTTP_ROUTE_GVK },
  { gvk: HPA_GVK },
  { gvk: { apiVersion: 'v1', kind: 'Pod' }, labelSelector: KSERVE_LABELS.inferenceService },
];
