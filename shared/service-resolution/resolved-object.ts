/** A model or template as resolution found it, and the status reference that records it. */
import type { AIMResolvedReference } from '../api/common/references.ts';
import type { KubeObject } from '../kube/types.ts';
import type { ResolutionScope } from './kinds.ts';

export interface ResolvedObject {
  object: KubeObject;
  scope: ResolutionScope;
}

/** `status.status` of a fetched object; empty when it has none. */
export function objectStatus(object: KubeObject): string {
  const status: unknown = object.status?.status;
  return typeof status === 'string' ? status : '';
}

/**
 * `<text>: <the object's Ready message>` when it has one: a service whose model or template fails
 * repeats why, so its own top-level condition does not hide the cause (issue 14).
 */
export function withReadyMessage(text: string, object: KubeObject): string {
  const conditions: unknown = object.status?.conditions;
  if (!Array.isArray(conditions)) return text;
  const ready = (conditions as { type?: unknown; message?: unknown }[]).find((c) => c.type === 'Ready');
  return typeof ready?.message === 'string' && ready.message !== '' ? `${text}: ${ready.message}` : text;
}

export function isReady(resolved: ResolvedObject): boolean {
  return objectStatus(resolved.object) === 'Ready';
}

/** `AIMModel llama`: how condition messages name it (upstream wording). */
export function describeResolved(resolved: ResolvedObject): string {
  const { kind, metadata } = resolved.object;
  return `${kind} ${metadata.name}`;
}

/** `AIMModel team/llama` / `AIMClusterModel llama`: where exactly it lives. */
export function qualifiedName(resolved: ResolvedObject): string {
  const { kind, metadata } = resolved.object;
  return metadata.namespace ? `${kind} ${metadata.namespace}/${metadata.name}` : `${kind} ${metadata.name}`;
}

/** `{name, namespace?, scope, kind, uid}` for status.resolvedModel / resolvedTemplate. */
export function resolvedReference(resolved: ResolvedObject): AIMResolvedReference {
  const { metadata, kind } = resolved.object;
  const reference: AIMResolvedReference = { name: metadata.name, scope: resolved.scope, kind };
  if (resolved.scope === 'Namespace' && metadata.namespace) reference.namespace = metadata.namespace;
  if (metadata.uid) reference.uid = metadata.uid;
  return reference;
}
