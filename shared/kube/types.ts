/**
 * The Kubernetes access contract every function and the reconcile pipeline code against.
 * `shared/kube/client.ts` implements it on @kubernetes/client-node; tests may substitute fakes.
 */
import type { WatchEvent, WatchHandle, WatchOptions } from './watch.ts';

export interface ObjectMeta {
  name: string;
  namespace?: string;
  uid?: string;
  resourceVersion?: string;
  generation?: number;
  creationTimestamp?: string;
  deletionTimestamp?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  ownerReferences?: OwnerReference[];
  finalizers?: string[];
}

export interface OwnerReference {
  apiVersion: string;
  kind: string;
  name: string;
  uid: string;
  controller?: boolean;
  blockOwnerDeletion?: boolean;
}

/** Any Kubernetes object as it travels over the wire. */
export interface KubeObject {
  apiVersion: string;
  kind: string;
  metadata: ObjectMeta;
  // biome-ignore lint/suspicious/noExplicitAny: wire objects are untyped until a schema parses them
  spec?: any;
  // biome-ignore lint/suspicious/noExplicitAny: wire objects are untyped until a schema parses them
  status?: any;
  [key: string]: unknown;
}

export interface ObjectList<T extends KubeObject = KubeObject> {
  items: T[];
  resourceVersion?: string;
}

/** Identifies a kind; `apiVersion` is `group/version` (or `v1` for core). */
export interface GroupVersionKind {
  apiVersion: string;
  kind: string;
}

export interface ObjectKey extends GroupVersionKind {
  namespace?: string;
  name: string;
}

export interface ListOptions {
  namespace?: string;
  labelSelector?: string;
  fieldSelector?: string;
  limit?: number;
}

export interface ApplyOptions {
  /** Field manager, one per function (e.g. `aim-model-inspect`). */
  fieldManager: string;
  /** Take ownership of conflicting fields. Default false. */
  force?: boolean;
  dryRun?: boolean;
}

/** Error categories (spec aim-engine.md §5.2) plus the HTTP-level facts callers branch on. */
export type KubeErrorReason =
  | 'NotFound'
  | 'AlreadyExists'
  | 'Conflict'
  | 'Invalid'
  | 'Forbidden'
  | 'Unauthorized'
  | 'BadRequest'
  | 'TooManyRequests'
  | 'Timeout'
  | 'ServiceUnavailable'
  | 'InternalError'
  | 'Gone'
  | 'NetworkError'
  | 'Unknown';

export interface KubeClient {
  get<T extends KubeObject = KubeObject>(key: ObjectKey): Promise<T>;
  /** Like get, but NotFound resolves to undefined. */
  getOptional<T extends KubeObject = KubeObject>(key: ObjectKey): Promise<T | undefined>;
  list<T extends KubeObject = KubeObject>(
    gvk: GroupVersionKind,
    options?: ListOptions,
  ): Promise<ObjectList<T>>;
  /** Server-side apply of a full desired object (apply-patch+yaml with the given field manager). */
  apply<T extends KubeObject = KubeObject>(object: KubeObject, options: ApplyOptions): Promise<T>;
  /**
   * Server-side apply to the status subresource. When `object.metadata.resourceVersion` is set
   * the API server rejects a stale write with 409 (optimistic concurrency).
   */
  applyStatus<T extends KubeObject = KubeObject>(object: KubeObject, options: ApplyOptions): Promise<T>;
  /** JSON merge patch (used for finalizers and small metadata edits). */
  mergePatch<T extends KubeObject = KubeObject>(
    key: ObjectKey,
    patch: unknown,
    options?: { fieldManager?: string },
  ): Promise<T>;
  create<T extends KubeObject = KubeObject>(
    object: KubeObject,
    options?: { fieldManager?: string },
  ): Promise<T>;
  /** Full update (PUT); fails with Conflict when metadata.resourceVersion is stale. */
  replace<T extends KubeObject = KubeObject>(
    object: KubeObject,
    options?: { fieldManager?: string },
  ): Promise<T>;
  delete(
    key: ObjectKey,
    options?: { propagationPolicy?: 'Foreground' | 'Background' | 'Orphan' },
  ): Promise<void>;
  /** Plain text of a pod container's log (`pods/log`). */
  podLog(
    namespace: string,
    pod: string,
    options?: { container?: string; tailLines?: number; limitBytes?: number },
  ): Promise<string>;
  /**
   * Streams a kind's changes from `options.resourceVersion` on (optional: a client without it is
   * read live, never cached). See `watch.ts`.
   */
  watch?(gvk: GroupVersionKind, options: WatchOptions, onEvent: (event: WatchEvent) => void): WatchHandle;
  /** Number of HTTP requests this client issued (benchmarks report API requests per reconcile). */
  readonly requestCount: number;
}
