/**
 * An in-memory `KubeClient` for reconciler unit tests.
 *
 * Faithful where reconcilers depend on it: uid/resourceVersion/generation bookkeeping, NotFound /
 * AlreadyExists / Conflict errors shaped like the API server's, selectors, finalizer-gated deletion,
 * status only through the status subresource, no-op writes leave resourceVersion unchanged.
 *
 * Simplifications (deliberate):
 * - `apply` (main resource) is not field-ownership aware: every top-level field present in the applied
 *   object (spec, data, …) replaces the stored one, and so do `metadata.labels`, `annotations`,
 *   `ownerReferences` and `finalizers` when present; absent fields are kept. `status` is ignored.
 * - `applyStatus` keeps one status layer per field manager and merges them (seeded status first, then
 *   managers in first-write order; `conditions` merge by `type` and `componentHealth` by `component`,
 *   anything else: last writer wins).
 *   A manager's new apply replaces its own layer, so dropping a field it applied before removes it,
 *   while other managers' fields stay — the multi-writer behaviour AIMService status relies on.
 *   Field-ownership conflicts between managers are not reported.
 * - `create`, `replace` and `mergePatch` ignore `status` (every kind here has a status subresource).
 * - No garbage collection of dependents, no admission, no namespace existence check.
 */
import { isDeepStrictEqual } from 'node:util';
import { deepFreeze } from '../../shared/cache/frozen.ts';
import type { KubeClientMethod } from '../../shared/kube/api-access.ts';
import { classifyHttpError, classifyNetworkError, KubeError } from '../../shared/kube/errors.ts';
import { qualifiedResourceName, resourceInfo, resourcePath } from '../../shared/kube/resources.ts';
import { matchesFieldSelector, matchesLabelSelector } from '../../shared/kube/selectors.ts';
import type {
  ApplyOptions,
  GroupVersionKind,
  KubeClient,
  KubeErrorReason,
  KubeObject,
  ListOptions,
  ObjectKey,
  ObjectList,
  ObjectMeta,
} from '../../shared/kube/types.ts';

/** The client methods the fake records and can fail: every one that reaches the API server. */
export type FakeMethod = KubeClientMethod;

/** One client call as the code under test made it (inputs cloned at call time). */
export interface FakeCall {
  method: FakeMethod;
  key?: ObjectKey;
  gvk?: GroupVersionKind;
  object?: KubeObject;
  patch?: unknown;
  options?: unknown;
}

interface PendingFailure {
  method: FakeMethod;
  error: Error;
  match: ((call: FakeCall) => boolean) | undefined;
}

interface Entry {
  object: KubeObject;
  /** Status the object was seeded with; the bottom layer. */
  seededStatus: Record<string, unknown> | undefined;
  /** Status applied per field manager, in first-write order. */
  statusLayers: Map<string, Record<string, unknown>>;
}

const HTTP_METHOD: Record<FakeMethod, string> = {
  get: 'GET',
  getOptional: 'GET',
  list: 'GET',
  apply: 'PATCH',
  applyStatus: 'PATCH',
  mergePatch: 'PATCH',
  create: 'POST',
  replace: 'PUT',
  delete: 'DELETE',
  podLog: 'GET',
  watch: 'GET',
};

const STATUS_CODE: Partial<Record<KubeErrorReason, number>> = {
  NotFound: 404,
  AlreadyExists: 409,
  Conflict: 409,
  Invalid: 422,
  Forbidden: 403,
  Unauthorized: 401,
  BadRequest: 400,
  Gone: 410,
  TooManyRequests: 429,
  InternalError: 500,
  ServiceUnavailable: 503,
  Timeout: 504,
};

const NON_SPEC_FIELDS = new Set(['apiVersion', 'kind', 'metadata', 'status']);
const APPLIED_METADATA_FIELDS = ['labels', 'annotations', 'ownerReferences', 'finalizers'] as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function clone<T>(value: T): T {
  return structuredClone(value);
}

/** RFC 7386 JSON merge patch. */
export function applyMergePatch(target: unknown, patch: unknown): unknown {
  if (!isRecord(patch)) return clone(patch);
  const result: Record<string, unknown> = isRecord(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete result[key];
    else result[key] = applyMergePatch(result[key], value);
  }
  return result;
}

/** Status lists the CRDs declare as `x-kubernetes-list-type: map`, with their key. */
const STATUS_LIST_MAP_KEYS: Readonly<Record<string, string>> = {
  conditions: 'type',
  componentHealth: 'component',
};

function mergeListMap(base: unknown[], overlay: unknown[], key: string): unknown[] {
  const merged = [...base];
  for (const item of overlay) {
    const value = isRecord(item) ? item[key] : undefined;
    const index = merged.findIndex((existing) => isRecord(existing) && existing[key] === value);
    if (value !== undefined && index >= 0) merged[index] = item;
    else merged.push(item);
  }
  return merged;
}

function mergeStatus(
  base: Record<string, unknown>,
  overlay: Record<string, unknown>,
): Record<string, unknown> {
  const result: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(overlay)) {
    const existing = result[key];
    const listKey = STATUS_LIST_MAP_KEYS[key];
    if (listKey !== undefined && Array.isArray(existing) && Array.isArray(value)) {
      result[key] = mergeListMap(existing, value, listKey);
    } else if (isRecord(existing) && isRecord(value)) {
      result[key] = mergeStatus(existing, value);
    } else {
      result[key] = clone(value);
    }
  }
  return result;
}

function composeStatus(entry: Entry): Record<string, unknown> | undefined {
  let status = entry.seededStatus ? clone(entry.seededStatus) : undefined;
  for (const layer of entry.statusLayers.values()) status = mergeStatus(status ?? {}, layer);
  return status;
}

function specOf(object: KubeObject): Record<string, unknown> {
  return Object.fromEntries(Object.entries(object).filter(([key]) => !NON_SPEC_FIELDS.has(key)));
}

function withoutResourceVersion(object: KubeObject): KubeObject {
  const copy = clone(object);
  delete copy.metadata.resourceVersion;
  return copy;
}

export interface FakeKubeOptions {
  /** Clock for creationTimestamp / deletionTimestamp. */
  now?: () => Date;
}

export class FakeKubeClient implements KubeClient {
  /** Every call in order, for assertions. */
  readonly calls: FakeCall[] = [];
  readonly #entries = new Map<string, Entry>();
  readonly #logs = new Map<string, string>();
  readonly #failures: PendingFailure[] = [];
  readonly #now: () => Date;
  #version = 0;
  #uids = 0;
  #requestCount = 0;

  constructor(options: FakeKubeOptions = {}) {
    this.#now = options.now ?? (() => new Date());
  }

  get requestCount(): number {
    return this.#requestCount;
  }

  /** The store's latest resourceVersion (what a LIST now answers with). */
  get version(): string {
    return String(this.#version);
  }

  // ---- test helpers (not counted as requests) ----

  /** Stores objects as given (status included, owned by no manager); fills uid/resourceVersion/generation. */
  seed(...objects: KubeObject[]): this {
    for (const object of objects) this.#seed(object, undefined);
    return this;
  }

  /** Like `seed`, but the status counts as applied by `fieldManager` (so that manager can later drop fields). */
  seedAs(fieldManager: string, ...objects: KubeObject[]): this {
    for (const object of objects) this.#seed(object, fieldManager);
    return this;
  }

  /** The next call of `method` (that `match` accepts) throws `error`; a reason builds an API-server-like error. */
  failNext(method: FakeMethod, error: Error | KubeErrorReason, match?: (call: FakeCall) => boolean): this {
    this.#failures.push({
      method,
      error: typeof error === 'string' ? injectedError(error, method) : error,
      match,
    });
    return this;
  }

  setPodLog(namespace: string, pod: string, container: string, text: string): this {
    this.#logs.set(`${namespace}/${pod}/${container}`, text);
    return this;
  }

  /** The stored object (a copy) without recording a call. */
  peek<T extends KubeObject = KubeObject>(key: ObjectKey): T | undefined {
    const entry = this.#entries.get(this.#storageKey(key));
    return entry ? (clone(entry.object) as T) : undefined;
  }

  /** All stored objects (copies), optionally of one kind, sorted by namespace and name. */
  objects<T extends KubeObject = KubeObject>(gvk?: GroupVersionKind): T[] {
    return [...this.#entries.values()]
      .map((entry) => entry.object)
      .filter((object) => !gvk || (object.apiVersion === gvk.apiVersion && object.kind === gvk.kind))
      .sort(compareObjects)
      .map((object) => clone(object) as T);
  }

  callsOf(method: FakeMethod): FakeCall[] {
    return this.calls.filter((call) => call.method === method);
  }

  resetCalls(): void {
    this.calls.length = 0;
    this.#requestCount = 0;
  }

  // ---- KubeClient ----

  async get<T extends KubeObject = KubeObject>(key: ObjectKey): Promise<T> {
    this.#begin({ method: 'get', key: clone(key) });
    return this.#readOnly(this.#require(key, 'get').object) as T;
  }

  async getOptional<T extends KubeObject = KubeObject>(key: ObjectKey): Promise<T | undefined> {
    this.#begin({ method: 'getOptional', key: clone(key) });
    const entry = this.#entries.get(this.#storageKey(key));
    return entry ? (this.#readOnly(entry.object) as T) : undefined;
  }

  async list<T extends KubeObject = KubeObject>(
    gvk: GroupVersionKind,
    options: ListOptions = {},
  ): Promise<ObjectList<T>> {
    this.#begin({
      method: 'list',
      gvk: { apiVersion: gvk.apiVersion, kind: gvk.kind },
      options: clone(options),
    });
    const info = resourceInfo(gvk);
    const items = this.objects<T>(gvk).filter(
      (object) =>
        (!info.namespaced || !options.namespace || object.metadata.namespace === options.namespace) &&
        (!options.labelSelector || matchesLabelSelector(options.labelSelector, object.metadata.labels)) &&
        (!options.fieldSelector || matchesFieldSelector(options.fieldSelector, object)),
    );
    return { items: items.map((item) => deepFreeze(item)), resourceVersion: String(this.#version) };
  }

  /**
   * Reads answer frozen copies, as the functions' object cache does (shared/cache/frozen.ts), so
   * that a reconciler changing what it read fails here rather than only under the cache.
   */
  #readOnly<T>(object: T): T {
    return deepFreeze(clone(object));
  }

  async apply<T extends KubeObject = KubeObject>(object: KubeObject, options: ApplyOptions): Promise<T> {
    this.#begin({ method: 'apply', object: clone(object), options: clone(options) });
    this.#requireFieldManager(options, 'apply', object);
    const key = this.#keyOf(object);
    const entry = this.#entries.get(this.#storageKey(key));
    if (!entry) return this.#insert(object, 'apply', options.dryRun ?? false) as T;
    this.#checkResourceVersion(entry, object, 'apply');
    const next = clone(entry.object);
    for (const [field, value] of Object.entries(specOf(object))) next[field] = clone(value);
    for (const field of APPLIED_METADATA_FIELDS) {
      if (object.metadata[field] !== undefined) next.metadata[field] = clone(object.metadata[field]) as never;
    }
    return this.#update(entry, next, 'apply', options.dryRun ?? false) as T;
  }

  async applyStatus<T extends KubeObject = KubeObject>(
    object: KubeObject,
    options: ApplyOptions,
  ): Promise<T> {
    this.#begin({ method: 'applyStatus', object: clone(object), options: clone(options) });
    this.#requireFieldManager(options, 'applyStatus', object);
    const entry = this.#require(this.#keyOf(object), 'applyStatus');
    this.#checkResourceVersion(entry, object, 'applyStatus');
    const layers = new Map(entry.statusLayers);
    layers.set(options.fieldManager, isRecord(object.status) ? clone(object.status) : {});
    const status = composeStatus({ ...entry, statusLayers: layers });
    if (isDeepStrictEqual(status, entry.object.status)) {
      if (!options.dryRun) entry.statusLayers = layers;
      return clone(entry.object) as T;
    }
    const next = clone(entry.object);
    if (status === undefined) delete next.status;
    else next.status = status;
    if (options.dryRun) return next as T;
    entry.statusLayers = layers;
    next.metadata.resourceVersion = this.#nextVersion();
    entry.object = next;
    return clone(next) as T;
  }

  async mergePatch<T extends KubeObject = KubeObject>(
    key: ObjectKey,
    patch: unknown,
    options: { fieldManager?: string } = {},
  ): Promise<T> {
    this.#begin({ method: 'mergePatch', key: clone(key), patch: clone(patch), options: clone(options) });
    const entry = this.#require(key, 'mergePatch');
    const patched = applyMergePatch(entry.object, patch) as KubeObject;
    this.#checkResourceVersion(entry, patched, 'mergePatch');
    return this.#update(entry, patched, 'mergePatch', false) as T;
  }

  async create<T extends KubeObject = KubeObject>(
    object: KubeObject,
    options: { fieldManager?: string } = {},
  ): Promise<T> {
    this.#begin({ method: 'create', object: clone(object), options: clone(options) });
    const named = clone(object);
    const generateName = (named.metadata as ObjectMeta & { generateName?: unknown }).generateName;
    if (!named.metadata.name && typeof generateName === 'string' && generateName !== '') {
      named.metadata.name = `${generateName}${this.#nextUid().slice(4).padStart(5, '0')}`;
    }
    if (!named.metadata.name) {
      throw this.#error(
        'BadRequest',
        'create',
        { apiVersion: named.apiVersion, kind: named.kind, name: '' },
        {
          message: 'metadata.name: Required value: name or generateName is required',
        },
      );
    }
    const key = this.#keyOf(named);
    if (this.#entries.has(this.#storageKey(key))) {
      throw this.#error('AlreadyExists', 'create', key, {
        message: `${qualifiedResourceName(key)} "${key.name}" already exists`,
      });
    }
    return this.#insert(named, 'create', false) as T;
  }

  async replace<T extends KubeObject = KubeObject>(
    object: KubeObject,
    options: { fieldManager?: string } = {},
  ): Promise<T> {
    this.#begin({ method: 'replace', object: clone(object), options: clone(options) });
    const entry = this.#require(this.#keyOf(object), 'replace');
    this.#checkResourceVersion(entry, object, 'replace');
    return this.#update(entry, clone(object), 'replace', false) as T;
  }

  async delete(
    key: ObjectKey,
    options: { propagationPolicy?: 'Foreground' | 'Background' | 'Orphan' } = {},
  ): Promise<void> {
    this.#begin({ method: 'delete', key: clone(key), options: clone(options) });
    const entry = this.#require(key, 'delete');
    const storageKey = this.#storageKey(key);
    if ((entry.object.metadata.finalizers ?? []).length === 0) {
      this.#entries.delete(storageKey);
      return;
    }
    if (entry.object.metadata.deletionTimestamp) return;
    const next = clone(entry.object);
    next.metadata.deletionTimestamp = this.#now().toISOString();
    next.metadata.generation = (next.metadata.generation ?? 1) + 1;
    next.metadata.resourceVersion = this.#nextVersion();
    entry.object = next;
  }

  async podLog(
    namespace: string,
    pod: string,
    options: { container?: string; tailLines?: number; limitBytes?: number } = {},
  ): Promise<string> {
    this.#begin({
      method: 'podLog',
      key: { apiVersion: 'v1', kind: 'Pod', namespace, name: pod },
      options: clone(options),
    });
    const key: ObjectKey = { apiVersion: 'v1', kind: 'Pod', namespace, name: pod };
    const prefix = `${namespace}/${pod}/`;
    const containers = [...this.#logs.keys()]
      .filter((k) => k.startsWith(prefix))
      .map((k) => k.slice(prefix.length));
    if (containers.length === 0) {
      throw this.#error('NotFound', 'podLog', key, { message: `pods "${pod}" not found` });
    }
    const container = options.container ?? (containers.length === 1 ? containers[0] : undefined);
    if (container === undefined) {
      throw this.#error('BadRequest', 'podLog', key, {
        message: `a container name must be specified for pod ${pod}, choose one of: [${containers.join(' ')}]`,
      });
    }
    const text = this.#logs.get(`${prefix}${container}`);
    if (text === undefined) {
      throw this.#error('BadRequest', 'podLog', key, {
        message: `container ${container} is not valid for pod ${pod}`,
      });
    }
    return limitLog(text, options.tailLines, options.limitBytes);
  }

  // ---- internals ----

  #begin(call: FakeCall): void {
    this.calls.push(call);
    this.#requestCount += 1;
    const index = this.#failures.findIndex(
      (failure) => failure.method === call.method && (!failure.match || failure.match(call)),
    );
    if (index >= 0) {
      const [failure] = this.#failures.splice(index, 1);
      if (failure) throw failure.error;
    }
  }

  #nextUid(): string {
    this.#uids += 1;
    return `uid-${this.#uids}`;
  }

  #nextVersion(): string {
    this.#version += 1;
    return String(this.#version);
  }

  /** The object's key; the namespace is dropped for cluster-scoped kinds and required for namespaced ones. */
  #keyOf(object: KubeObject): ObjectKey {
    const key: ObjectKey = { apiVersion: object.apiVersion, kind: object.kind, name: object.metadata?.name };
    if (object.metadata?.namespace) key.namespace = object.metadata.namespace;
    return this.#normalizeKey(key);
  }

  #normalizeKey(key: ObjectKey): ObjectKey {
    const info = resourceInfo(key);
    if (!info.namespaced) {
      const { namespace: _ignored, ...clusterKey } = key;
      return clusterKey;
    }
    if (!key.namespace)
      throw new Error(`${key.kind} ${key.name}: namespace is required for a namespaced kind`);
    return key;
  }

  #storageKey(key: ObjectKey): string {
    const normalized = this.#normalizeKey(key);
    return `${normalized.apiVersion}|${normalized.kind}|${normalized.namespace ?? ''}|${normalized.name}`;
  }

  #require(key: ObjectKey, method: FakeMethod): Entry {
    const entry = this.#entries.get(this.#storageKey(key));
    if (!entry) {
      throw this.#error('NotFound', method, key, {
        message: `${qualifiedResourceName(key)} "${key.name}" not found`,
      });
    }
    return entry;
  }

  #requireFieldManager(options: ApplyOptions, method: FakeMethod, object: KubeObject): void {
    if (!options.fieldManager) {
      throw this.#error('BadRequest', method, this.#keyOf(object), {
        message:
          'PatchOptions.meta.k8s.io "" is invalid: fieldManager: Required value: is required for apply patch',
      });
    }
  }

  #checkResourceVersion(entry: Entry, object: KubeObject, method: FakeMethod): void {
    const expected = object.metadata?.resourceVersion;
    if (expected !== undefined && expected !== entry.object.metadata.resourceVersion) {
      const key = this.#keyOf(entry.object);
      throw this.#error('Conflict', method, key, {
        message: `Operation cannot be fulfilled on ${qualifiedResourceName(key)} "${key.name}": the object has been modified; please apply your changes to the latest version and try again`,
      });
    }
  }

  #error(
    reason: KubeErrorReason,
    method: FakeMethod,
    key: ObjectKey,
    body: { message: string; causes?: { field: string; message: string }[] },
  ): KubeError {
    const code = STATUS_CODE[reason] ?? 500;
    const subresource = method === 'applyStatus' ? 'status' : method === 'podLog' ? 'log' : undefined;
    let path: string;
    try {
      path = resourcePath(subresource ? { ...key, subresource } : key);
    } catch {
      path = `(${key.kind} ${key.name})`;
    }
    return classifyHttpError(
      code,
      {
        kind: 'Status',
        apiVersion: 'v1',
        status: 'Failure',
        message: body.message,
        reason,
        code,
        ...(body.causes ? { details: { causes: body.causes } } : {}),
      },
      { method: HTTP_METHOD[method], path },
    );
  }

  #seed(object: KubeObject, fieldManager: string | undefined): void {
    const stored = clone(object);
    const key = this.#keyOf(stored);
    if (!resourceInfo(key).namespaced) delete stored.metadata.namespace;
    stored.metadata.uid ??= this.#nextUid();
    stored.metadata.resourceVersion ??= this.#nextVersion();
    stored.metadata.generation ??= 1;
    stored.metadata.creationTimestamp ??= this.#now().toISOString();
    const status = isRecord(stored.status) ? clone(stored.status) : undefined;
    const entry: Entry = { object: stored, seededStatus: undefined, statusLayers: new Map() };
    if (status && fieldManager) entry.statusLayers.set(fieldManager, status);
    else entry.seededStatus = status;
    this.#entries.set(this.#storageKey(key), entry);
  }

  #insert(object: KubeObject, method: FakeMethod, dryRun: boolean): KubeObject {
    const stored = clone(object);
    const key = this.#keyOf(stored);
    if (!resourceInfo(key).namespaced) delete stored.metadata.namespace;
    if (stored.metadata.resourceVersion !== undefined) {
      throw this.#error('Conflict', method, key, {
        message: `Operation cannot be fulfilled on ${qualifiedResourceName(key)} "${key.name}": resourceVersion should not be set on objects to be created`,
      });
    }
    delete stored.status;
    stored.metadata.uid = this.#nextUid();
    stored.metadata.generation = 1;
    stored.metadata.creationTimestamp = this.#now().toISOString();
    delete stored.metadata.deletionTimestamp;
    if (dryRun)
      return { ...stored, metadata: { ...stored.metadata, resourceVersion: String(this.#version) } };
    stored.metadata.resourceVersion = this.#nextVersion();
    this.#entries.set(this.#storageKey(key), {
      object: stored,
      seededStatus: undefined,
      statusLayers: new Map(),
    });
    return clone(stored);
  }

  /** Writes a main-resource change: system fields and status kept, generation bumped on spec change. */
  #update(entry: Entry, candidate: KubeObject, method: FakeMethod, dryRun: boolean): KubeObject {
    const current = entry.object;
    const next = clone(candidate);
    next.apiVersion = current.apiVersion;
    next.kind = current.kind;
    for (const field of ['name', 'namespace', 'uid', 'creationTimestamp', 'deletionTimestamp'] as const) {
      if (current.metadata[field] === undefined) delete next.metadata[field];
      else next.metadata[field] = current.metadata[field] as never;
    }
    next.metadata.generation = current.metadata.generation;
    next.metadata.resourceVersion = current.metadata.resourceVersion;
    if (current.status === undefined) delete next.status;
    else next.status = clone(current.status);

    const key = this.#keyOf(current);
    if (current.metadata.deletionTimestamp) {
      const before = new Set(current.metadata.finalizers ?? []);
      const added = (next.metadata.finalizers ?? []).filter((finalizer) => !before.has(finalizer));
      if (added.length > 0) {
        throw this.#error('Invalid', method, key, {
          message: `${qualifiedResourceName(key)} "${key.name}" is invalid: metadata.finalizers: Forbidden: no new finalizers can be added if the object is being deleted, found new finalizers ${JSON.stringify(added)}`,
          causes: [
            {
              field: 'metadata.finalizers',
              message: 'no new finalizers can be added if the object is being deleted',
            },
          ],
        });
      }
    }
    if (isDeepStrictEqual(withoutResourceVersion(next), withoutResourceVersion(current)))
      return clone(current);
    if (!isDeepStrictEqual(specOf(next), specOf(current))) {
      next.metadata.generation = (current.metadata.generation ?? 1) + 1;
    }
    if (dryRun) return next;
    next.metadata.resourceVersion = this.#nextVersion();
    if (next.metadata.deletionTimestamp && (next.metadata.finalizers ?? []).length === 0) {
      this.#entries.delete(this.#storageKey(key));
    } else {
      entry.object = next;
    }
    return clone(next);
  }
}

function compareObjects(a: KubeObject, b: KubeObject): number {
  const byNamespace = (a.metadata.namespace ?? '').localeCompare(b.metadata.namespace ?? '');
  return byNamespace !== 0 ? byNamespace : a.metadata.name.localeCompare(b.metadata.name);
}

/** `tailLines` keeps the last N lines, then `limitBytes` keeps the first N bytes, as the kubelet does. */
function limitLog(text: string, tailLines: number | undefined, limitBytes: number | undefined): string {
  let result = text;
  if (tailLines !== undefined) {
    const trailingNewline = result.endsWith('\n');
    const lines = (trailingNewline ? result.slice(0, -1) : result).split('\n');
    const kept = tailLines <= 0 ? [] : lines.slice(-tailLines);
    result = kept.length === 0 ? '' : `${kept.join('\n')}${trailingNewline ? '\n' : ''}`;
  }
  if (limitBytes !== undefined) result = Buffer.from(result, 'utf8').subarray(0, limitBytes).toString('utf8');
  return result;
}

function injectedError(reason: KubeErrorReason, method: FakeMethod): KubeError {
  if (reason === 'NetworkError') {
    return classifyNetworkError(
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6443'), { code: 'ECONNREFUSED' }),
    );
  }
  const code = STATUS_CODE[reason];
  if (code === undefined) {
    return new KubeError({ reason, retryable: false, message: `injected ${reason} error on ${method}` });
  }
  return classifyHttpError(
    code,
    {
      kind: 'Status',
      apiVersion: 'v1',
      status: 'Failure',
      reason,
      code,
      message: `injected ${reason} error`,
    },
    { method: HTTP_METHOD[method], path: `(fake ${method})` },
  );
}
