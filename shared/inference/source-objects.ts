/**
 * Where the InferenceService's inputs come from: the model, template and template cache the other
 * writers recorded in the service's status (`status.resolvedModel`, `status.resolvedTemplate` by
 * service-resolve, `status.cache.templateCacheRef` by cache-manage). Those references are set once
 * the object was Ready and never cleared, so the objects are re-read on every reconcile and their
 * current state decides.
 */

import type { AIMServiceTemplateSpec, AIMServiceTemplateStatus } from '../api/aim-service-template.ts';
import { AIMServiceTemplateSpecSchema, AIMServiceTemplateStatusSchema } from '../api/aim-service-template.ts';
import { type AIMTemplateCacheStatus, AIMTemplateCacheStatusSchema } from '../api/aim-template-cache.ts';
import type { AIMResolvedReference, ObjectReference } from '../api/common/references.ts';
import { AIM_API_VERSION } from '../api/group.ts';
import { memoizeFrozen } from '../cache/frozen-memo.ts';
import type { KubeObject, ObjectKey } from '../kube/types.ts';
import { describeIssues } from '../reconcile/spec-issues.ts';

/** The key of a model or template reference: the cluster kind when the reference says so. */
function scopedKey(
  reference: AIMResolvedReference,
  namespace: string,
  kinds: { namespaced: string; cluster: string },
): ObjectKey {
  const cluster = reference.scope === 'Cluster' || reference.kind === kinds.cluster;
  return cluster
    ? { apiVersion: AIM_API_VERSION, kind: kinds.cluster, name: reference.name }
    : {
        apiVersion: AIM_API_VERSION,
        kind: kinds.namespaced,
        namespace: reference.namespace ?? namespace,
        name: reference.name,
      };
}

export function modelKey(reference: AIMResolvedReference, namespace: string): ObjectKey {
  return scopedKey(reference, namespace, { namespaced: 'AIMModel', cluster: 'AIMClusterModel' });
}

export function templateKey(reference: AIMResolvedReference, namespace: string): ObjectKey {
  return scopedKey(reference, namespace, {
    namespaced: 'AIMServiceTemplate',
    cluster: 'AIMClusterServiceTemplate',
  });
}

export function templateCacheKey(reference: ObjectReference, namespace: string): ObjectKey {
  return {
    apiVersion: AIM_API_VERSION,
    kind: 'AIMTemplateCache',
    namespace: reference.namespace ?? namespace,
    name: reference.name,
  };
}

function isReady(object: KubeObject): boolean {
  return object.status?.status === 'Ready';
}

export interface ModelSource {
  name: string;
  image: string;
  ready: boolean;
}

/** The model's image (a custom model's base image is its `spec.image`). */
export function readModel(object: KubeObject): ModelSource | undefined {
  const image: unknown = object.spec?.image;
  if (typeof image !== 'string' || image === '') return undefined;
  return { name: object.metadata.name, image, ready: isReady(object) };
}

export interface TemplateSource {
  name: string;
  spec: AIMServiceTemplateSpec;
  status: AIMServiceTemplateStatus;
  ready: boolean;
}

/** The template, or why it cannot be used (e.g. an env name its CRD accepted before it was checked). */
export const readTemplate = memoizeFrozen(parseTemplate);

function parseTemplate(
  object: KubeObject,
): { ok: true; template: TemplateSource } | { ok: false; message: string } {
  const spec = AIMServiceTemplateSpecSchema().safeParse(object.spec);
  const status = AIMServiceTemplateStatusSchema().safeParse(object.status ?? {});
  if (!spec.success || !status.success) {
    const issues = [
      ...(spec.success
        ? []
        : spec.error.issues.map((issue) => ({ ...issue, path: ['spec', ...issue.path] }))),
      ...(status.success
        ? []
        : status.error.issues.map((issue) => ({ ...issue, path: ['status', ...issue.path] }))),
    ];
    return {
      ok: false,
      message: `${object.kind} ${object.metadata.name} is invalid: ${describeIssues(issues)}`,
    };
  }
  return {
    ok: true,
    template: { name: object.metadata.name, spec: spec.data, status: status.data, ready: isReady(object) },
  };
}

export interface CacheSource {
  name: string;
  templateName: string;
  status: AIMTemplateCacheStatus;
  ready: boolean;
}

export const readTemplateCache = memoizeFrozen(parseTemplateCache);

function parseTemplateCache(object: KubeObject): CacheSource | undefined {
  const status = AIMTemplateCacheStatusSchema().safeParse(object.status ?? {});
  const templateName: unknown = object.spec?.templateName;
  if (!status.success || typeof templateName !== 'string') return undefined;
  return { name: object.metadata.name, templateName, status: status.data, ready: isReady(object) };
}
