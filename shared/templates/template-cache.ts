/**
 * The template-owned AIMTemplateCache (spec §8.7): a namespaced template with
 * `spec.caching.enabled` hands its sources to caching by creating a cache named after itself,
 * owned by it (the pipeline adds the controller reference); cache-manage does the rest.
 */
import type { AIMServiceTemplate } from '../api/aim-service-template.ts';
import { AIM_API_VERSION } from '../api/group.ts';
import type { KubeObject } from '../kube/types.ts';

export function buildTemplateCache(template: AIMServiceTemplate): KubeObject {
  const spec: Record<string, unknown> = { templateName: template.metadata.name, templateScope: 'Namespace' };
  if (template.spec.caching?.env !== undefined) spec.env = structuredClone(template.spec.caching.env);
  if (template.spec.runtimeConfigName) spec.runtimeConfigName = template.spec.runtimeConfigName;
  const metadata: KubeObject['metadata'] = { name: template.metadata.name };
  if (template.metadata.namespace) metadata.namespace = template.metadata.namespace;
  return { apiVersion: AIM_API_VERSION, kind: 'AIMTemplateCache', metadata, spec };
}

/** Whether one of `caches` already belongs to the template (an owner reference with its uid). */
export function hasOwnedCache(caches: readonly KubeObject[], templateUid: string | undefined): boolean {
  if (templateUid === undefined) return false;
  return caches.some((cache) =>
    (cache.metadata.ownerReferences ?? []).some((ref) => ref.uid === templateUid),
  );
}
