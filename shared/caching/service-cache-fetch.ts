/**
 * Reads behind a service's cache planning (spec §10.6): the cache it may use and — only when it has
 * none — its resolved template and its InferenceService. A service with a usable cache therefore
 * costs a single GET (or one namespace LIST for Shared services without a Ready cache reference).
 */
import type { AIMService } from '../api/aim-service.ts';
import type { KubeObject } from '../kube/types.ts';
import { InferenceServiceNameError, isvcName } from '../naming/service-names.ts';
import { captureFetch, type FetchResult, fetched } from '../reconcile/health.ts';
import type { KubeReader } from '../reconcile/read-cache.ts';
import type { ResolvedRuntimeConfig } from '../reconcile/runtime-config.ts';
import { serviceCacheMode } from './cache-mode.ts';
import { bestSharedCache, isReadyCache, isUsableCache } from './cache-selection.ts';
import {
  type CacheMode,
  CLUSTER_TEMPLATE_GVK,
  INFERENCE_SERVICE_GVK,
  TEMPLATE_CACHE_GVK,
  TEMPLATE_GVK,
  type TemplateCacheObject,
  type TemplateObject,
} from './kinds.ts';
import { type CachingService, serviceCacheName } from './service-cache-build.ts';

export interface ResolvedTemplateRef {
  name: string;
  namespace?: string | undefined;
  scope?: string | undefined;
}

export interface ServiceCacheFetched {
  service: CachingService;
  mode: CacheMode;
  runtimeConfig?: FetchResult<ResolvedRuntimeConfig | undefined> | undefined;
  /** status.resolvedTemplate, written by service-resolve once the template is Ready. */
  templateRef?: ResolvedTemplateRef | undefined;
  cache: FetchResult<TemplateCacheObject | undefined>;
  /** Only read when there is no usable cache. */
  template?: FetchResult<TemplateObject | undefined>;
  /** cache-manage reads it only when there is no usable cache; isvc-render always has it. */
  inferenceService?: FetchResult<KubeObject | undefined>;
  /** The uid of the cache status.cache names (written once it was Ready). */
  referencedCacheUid?: string | undefined;
}

export function cachingService(service: AIMService, object: KubeObject): CachingService {
  return {
    name: object.metadata.name,
    namespace: object.metadata.namespace ?? '',
    uid: object.metadata.uid ?? '',
    env: service.spec.env,
    defaultStorageClassName: service.spec.storage?.defaultStorageClassName,
    runtimeConfigName: service.spec.runtimeConfigName,
  };
}

function templateRefOf(service: AIMService): ResolvedTemplateRef | undefined {
  const ref = service.status?.resolvedTemplate;
  if (ref === undefined || ref.name === '') return undefined;
  return { name: ref.name, namespace: ref.namespace, scope: ref.scope };
}

async function findUsableCache(
  client: KubeReader,
  service: CachingService,
  mode: CacheMode,
  referenced: string | undefined,
  templateName: string | undefined,
): Promise<TemplateCacheObject | undefined> {
  const key = (name: string) => ({ ...TEMPLATE_CACHE_GVK, namespace: service.namespace, name });
  if (referenced) {
    const cache = await client.getOptional<TemplateCacheObject>(key(referenced));
    if (cache !== undefined && isReadyCache(cache) && isUsableCache(cache, mode, service.uid)) return cache;
  }
  if (templateName === undefined) return undefined;
  if (mode === 'Dedicated') {
    const cache = await client.getOptional<TemplateCacheObject>(
      key(serviceCacheName(service, templateName, mode)),
    );
    return cache !== undefined && isUsableCache(cache, mode, service.uid) ? cache : undefined;
  }
  const caches = await client.list<TemplateCacheObject>(TEMPLATE_CACHE_GVK, { namespace: service.namespace });
  return bestSharedCache(caches.items, templateName);
}

function readTemplate(
  client: KubeReader,
  service: CachingService,
  ref: ResolvedTemplateRef,
): Promise<TemplateObject | undefined> {
  if (ref.scope === 'Cluster')
    return client.getOptional<TemplateObject>({ ...CLUSTER_TEMPLATE_GVK, name: ref.name });
  return client.getOptional<TemplateObject>({
    ...TEMPLATE_GVK,
    namespace: ref.namespace || service.namespace,
    name: ref.name,
  });
}

function readInferenceService(client: KubeReader, service: CachingService): Promise<KubeObject | undefined> {
  let name: string;
  try {
    name = isvcName(service);
  } catch (err) {
    // A namespace too long for KServe names: no InferenceService can exist.
    if (err instanceof InferenceServiceNameError) return Promise.resolve(undefined);
    throw err;
  }
  return client.getOptional({ ...INFERENCE_SERVICE_GVK, namespace: service.namespace, name });
}

/**
 * The cache a service uses, found as cache-manage finds it: the one its status references when
 * that is still Ready and usable, else by its caching mode and resolved template (undefined: none
 * yet). isvc-render reads it before cache-manage has written the reference, so that an
 * InferenceService is not created a status write later than its cache turned Ready.
 */
export function findServiceCache(
  client: KubeReader,
  service: AIMService,
  object: KubeObject,
): Promise<TemplateCacheObject | undefined> {
  return findUsableCache(
    client,
    cachingService(service, object),
    serviceCacheMode(service.spec.caching?.mode),
    service.status?.cache?.templateCacheRef?.name,
    templateRefOf(service)?.name,
  );
}

/** Reads already made, arranged as the cache health and plan expect them. */
export interface ServiceCacheReads {
  runtimeConfig: FetchResult<ResolvedRuntimeConfig | undefined> | undefined;
  cache: FetchResult<TemplateCacheObject | undefined>;
  /** Needed only without a usable cache: the resolved template. */
  template?: FetchResult<TemplateObject | undefined> | undefined;
  /** Needed without a usable cache, and to tell a recreated cache from a new one. */
  inferenceService?: FetchResult<KubeObject | undefined> | undefined;
}

export function serviceCacheFetched(
  service: AIMService,
  object: KubeObject,
  reads: ServiceCacheReads,
): ServiceCacheFetched {
  const templateRef = templateRefOf(service);
  const result: ServiceCacheFetched = {
    service: cachingService(service, object),
    mode: serviceCacheMode(service.spec.caching?.mode),
    runtimeConfig: reads.runtimeConfig,
    templateRef,
    cache: reads.cache,
    referencedCacheUid: service.status?.cache?.templateCacheRef?.uid,
  };
  if (reads.inferenceService !== undefined) result.inferenceService = reads.inferenceService;
  if (!reads.cache.ok || reads.cache.value !== undefined) return result;
  result.template = templateRef === undefined ? fetched(undefined) : (reads.template ?? fetched(undefined));
  result.inferenceService = reads.inferenceService ?? fetched(undefined);
  return result;
}

export async function fetchServiceCache(
  client: KubeReader,
  service: AIMService,
  object: KubeObject,
  runtimeConfig: FetchResult<ResolvedRuntimeConfig | undefined> | undefined,
): Promise<ServiceCacheFetched> {
  const caching = cachingService(service, object);
  const templateRef = templateRefOf(service);
  const cache = await captureFetch(() => findServiceCache(client, service, object));
  if (!cache.ok || cache.value !== undefined) {
    return serviceCacheFetched(service, object, { runtimeConfig, cache });
  }
  const template =
    templateRef === undefined
      ? undefined
      : await captureFetch(() => readTemplate(client, caching, templateRef));
  const inferenceService = await captureFetch(() => readInferenceService(client, caching));
  return serviceCacheFetched(service, object, { runtimeConfig, cache, template, inferenceService });
}
