/**
 * Reads of a template cache reconcile (spec §11.2): the template by the cache's scope and the
 * namespace's artifacts, then the pure compose step on what was read.
 */
import { isNotFound } from '../kube/errors.ts';
import type { KubeObject } from '../kube/types.ts';
import { captureFetch, type FetchResult } from '../reconcile/health.ts';
import type { KubeReader } from '../reconcile/read-cache.ts';
import type { ResolvedRuntimeConfig } from '../reconcile/runtime-config.ts';
import {
  ARTIFACT_GVK,
  type ArtifactObject,
  CLUSTER_TEMPLATE_GVK,
  TEMPLATE_GVK,
  type TemplateCacheObject,
  type TemplateObject,
} from './kinds.ts';
import { type CacheComposition, matchSources } from './template-cache-match.ts';

export interface TemplateCacheFetched {
  cache: TemplateCacheObject;
  runtimeConfig?: FetchResult<ResolvedRuntimeConfig | undefined> | undefined;
  /** NotFound is kept as the error: the cache then refers to nothing. */
  template: FetchResult<TemplateObject>;
  artifacts: FetchResult<ArtifactObject[]>;
  /** Undefined when a read failed for another reason than the template being absent. */
  composition?: CacheComposition | undefined;
}

/** Cluster → the cluster template; Namespace → the namespaced one; else namespaced, then cluster. */
export async function readCacheTemplate(
  client: KubeReader,
  cache: TemplateCacheObject,
): Promise<TemplateObject> {
  const name = cache.spec.templateName;
  const namespaced = { ...TEMPLATE_GVK, namespace: cache.metadata.namespace ?? '', name };
  const cluster = { ...CLUSTER_TEMPLATE_GVK, name };
  switch (cache.spec.templateScope) {
    case 'Cluster':
      return client.get<TemplateObject>(cluster);
    case 'Namespace':
      return client.get<TemplateObject>(namespaced);
    default:
      return (await client.getOptional<TemplateObject>(namespaced)) ?? client.get<TemplateObject>(cluster);
  }
}

export function composeCache(
  cache: TemplateCacheObject,
  template: FetchResult<TemplateObject>,
  artifacts: FetchResult<ArtifactObject[]>,
): CacheComposition | undefined {
  if (!template.ok) return isNotFound(template.error) ? { matched: new Map(), missing: [] } : undefined;
  if (!artifacts.ok) return undefined;
  return matchSources(cache, template.value.status?.modelSources ?? [], artifacts.value);
}

export async function fetchTemplateCache(
  client: KubeReader,
  object: KubeObject,
  runtimeConfig: FetchResult<ResolvedRuntimeConfig | undefined> | undefined,
): Promise<TemplateCacheFetched> {
  const cache = object as TemplateCacheObject;
  const [template, artifacts] = await Promise.all([
    captureFetch(() => readCacheTemplate(client, cache)),
    captureFetch(
      async () =>
        (await client.list<ArtifactObject>(ARTIFACT_GVK, { namespace: cache.metadata.namespace ?? '' }))
          .items,
    ),
  ]);
  return { cache, runtimeConfig, template, artifacts, composition: composeCache(cache, template, artifacts) };
}
