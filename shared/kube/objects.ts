import type { GroupVersionKind, KubeObject, ObjectKey } from './types.ts';

export function gvkOf(object: GroupVersionKind): GroupVersionKind {
  return { apiVersion: object.apiVersion, kind: object.kind };
}

/** The key that addresses `object` (namespace only when it has one). */
/** `apiVersion|kind`: a kind as a map key. */
export function kindId(gvk: GroupVersionKind): string {
  return `${gvk.apiVersion}|${gvk.kind}`;
}

export function objectKey(object: KubeObject): ObjectKey {
  const key: ObjectKey = { apiVersion: object.apiVersion, kind: object.kind, name: object.metadata.name };
  if (object.metadata.namespace) key.namespace = object.metadata.namespace;
  return key;
}

/**
 * Milliseconds left of a window of `windowMs` from the object's creation: 0 past it, or when the
 * creation time is unknown.
 */
export function creationWindowLeftMs(object: KubeObject, windowMs: number, now: Date): number {
  const created = Date.parse(object.metadata.creationTimestamp ?? '');
  if (!Number.isFinite(created)) return 0;
  return Math.max(0, created + windowMs - now.getTime());
}

/** An object's key as log fields. */
export function keyFields(key: ObjectKey): Record<string, string> {
  const fields: Record<string, string> = { kind: key.kind, name: key.name };
  if (key.namespace) fields.namespace = key.namespace;
  return fields;
}

/** `apiVersion/kind`, the order key upstream sorts applied children by (spec §5.1). */
export function gvkString(gvk: GroupVersionKind): string {
  return `${gvk.apiVersion}/${gvk.kind}`;
}

/** `Kind namespace/name` (or `Kind name`) for log lines and messages. */
export function describeObject(key: ObjectKey): string {
  return key.namespace ? `${key.kind} ${key.namespace}/${key.name}` : `${key.kind} ${key.name}`;
}

const LABEL_NAME = /^([A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?)$/;
const DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

/** Kubernetes label key syntax: `[prefix/]name`, name ≤ 63, prefix a DNS subdomain ≤ 253. */
export function isValidLabelKey(key: string): boolean {
  const slash = key.lastIndexOf('/');
  const prefix = slash >= 0 ? key.slice(0, slash) : undefined;
  const name = slash >= 0 ? key.slice(slash + 1) : key;
  if (name.length === 0 || name.length > 63 || !LABEL_NAME.test(name)) return false;
  if (prefix === undefined) return true;
  return prefix.length > 0 && prefix.length <= 253 && DNS_SUBDOMAIN.test(prefix);
}

/** Kubernetes label value syntax: empty, or ≤ 63 alphanumerics with `-_.` inside. */
export function isValidLabelValue(value: string): boolean {
  return value === '' || (value.length <= 63 && LABEL_NAME.test(value));
}

/**
 * An equality-based selector (`a=b,c=d`, keys sorted) from a record. Selector syntax has no escaping,
 * so keys and values are validated instead: anything a label cannot hold is rejected here rather than
 * silently matching something else at the API server.
 */
export function labelSelector(labels: Record<string, string>): string {
  return Object.keys(labels)
    .sort()
    .map((key) => {
      const value = labels[key] ?? '';
      if (!isValidLabelKey(key)) throw new Error(`invalid label key in selector: ${JSON.stringify(key)}`);
      if (!isValidLabelValue(value)) {
        throw new Error(`invalid label value for ${key} in selector: ${JSON.stringify(value)}`);
      }
      return `${key}=${value}`;
    })
    .join(',');
}
