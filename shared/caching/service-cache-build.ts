/**
 * The template cache a service asks for when it has no usable one (spec §10.6): its upstream name,
 * the service label, the template's scope, a storage class and the merged download env.
 */
import type { EnvVar } from '../api/common/env.ts';
import { LABELS } from '../constants/labels.ts';
import { sanitizeLabelValue } from '../naming/label-value.ts';
import { templateCacheName } from '../naming/service-names.ts';
import { mergeEnv } from '../reconcile/env-merge.ts';
import type { RuntimeConfigSpec } from '../reconcile/runtime-config.ts';
import {
  type CacheMode,
  isClusterTemplate,
  TEMPLATE_CACHE_GVK,
  type TemplateCacheObject,
  type TemplateObject,
} from './kinds.ts';

export interface CachingService {
  name: string;
  namespace: string;
  uid: string;
  env?: readonly EnvVar[] | undefined;
  defaultStorageClassName?: string | undefined;
  runtimeConfigName?: string | undefined;
}

export function serviceCacheName(service: CachingService, templateName: string, mode: CacheMode): string {
  return templateCacheName({
    templateName,
    namespace: service.namespace,
    serviceName: service.name,
    serviceUid: service.uid,
    mode,
  });
}

/**
 * template env, then (namespaced templates) the template's caching env — even when caching is not
 * enabled on the template — then the service env; a later entry replaces an earlier one in place.
 */
export function serviceCacheEnv(
  template: TemplateObject,
  serviceEnv: readonly EnvVar[] | undefined,
): EnvVar[] {
  const cachingEnv = isClusterTemplate(template) ? undefined : template.spec?.caching?.env;
  return mergeEnv([template.spec?.env, cachingEnv, serviceEnv], { deepMergeNames: [] });
}

/** Service storage class, else the runtime config's default, else none (the cluster default). */
export function serviceCacheStorageClass(
  service: CachingService,
  runtimeConfig: RuntimeConfigSpec | undefined,
): string {
  return service.defaultStorageClassName || runtimeConfig?.storage?.defaultStorageClassName || '';
}

export function buildServiceCache(
  service: CachingService,
  template: TemplateObject,
  mode: CacheMode,
  runtimeConfig: RuntimeConfigSpec | undefined,
): TemplateCacheObject {
  const spec: TemplateCacheObject['spec'] = {
    templateName: template.metadata.name,
    templateScope: isClusterTemplate(template) ? 'Cluster' : 'Namespace',
    mode,
  };
  const storageClassName = serviceCacheStorageClass(service, runtimeConfig);
  if (storageClassName !== '') spec.storageClassName = storageClassName;
  if (service.runtimeConfigName) spec.runtimeConfigName = service.runtimeConfigName;
  const env = serviceCacheEnv(template, service.env);
  if (env.length > 0) spec.env = env;
  return {
    apiVersion: TEMPLATE_CACHE_GVK.apiVersion,
    kind: TEMPLATE_CACHE_GVK.kind,
    metadata: {
      name: serviceCacheName(service, template.metadata.name, mode),
      namespace: service.namespace,
      labels: { [LABELS.service]: sanitizeLabelValue(service.name) },
    },
    spec,
  };
}
