import { KubeError } from './errors.ts';
import { type KubeClientOptions, loadConnection } from './kubeconfig.ts';
import { resourcePath } from './resources.ts';
import {
  createTransport,
  type KubeTransport,
  type QueryValue,
  type TransportOptions,
  type TransportRequest,
} from './transport.ts';
import type {
  ApplyOptions,
  GroupVersionKind,
  KubeClient,
  KubeObject,
  ListOptions,
  ObjectKey,
  ObjectList,
} from './types.ts';
import { type WatchEvent, type WatchHandle, type WatchOptions, watchKind } from './watch.ts';

export { type KubeClientOptions, loadConnection, loadKubeConfig } from './kubeconfig.ts';

const APPLY_PATCH = 'application/apply-patch+yaml';
const MERGE_PATCH = 'application/merge-patch+json';
/* A bound on list restarts after the continue token expired (410) mid-pagination. */
const LIST_RESTARTS = 1;

function parseJson<T>(text: string, request: TransportRequest): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new KubeError({
      reason: 'Unknown',
      retryable: false,
      message: `${request.method} ${request.path}: response is not JSON`,
    });
  }
}

function objectKeyOf(object: KubeObject): ObjectKey {
  const key: ObjectKey = { apiVersion: object.apiVersion, kind: object.kind, name: object.metadata?.name };
  if (object.metadata?.namespace) key.namespace = object.metadata.namespace;
  return key;
}

/*
 * The API server rejects an apply whose metadata.managedFields is set; an object read back and
 * re-applied (read → modify status → apply) carries them, so they are dropped here.
 */
function withoutManagedFields(object: KubeObject): KubeObject {
  const { managedFields, ...metadata } = object.metadata as KubeObject['metadata'] & {
    managedFields?: unknown;
  };
  return managedFields === undefined ? object : { ...object, metadata };
}

interface ListPage {
  metadata?: { resourceVersion?: string; continue?: string };
  items?: Record<string, unknown>[];
}

class HttpKubeClient implements KubeClient {
  readonly #transport: KubeTransport;

  constructor(transport: KubeTransport) {
    this.#transport = transport;
  }

  get requestCount(): number {
    return this.#transport.requestCount;
  }

  async #json<T>(request: TransportRequest): Promise<T> {
    const text = await this.#transport.request(request);
    return parseJson<T>(text, request);
  }

  async get<T extends KubeObject = KubeObject>(key: ObjectKey): Promise<T> {
    return this.#json<T>({ method: 'GET', path: resourcePath(key) });
  }

  async getOptional<T extends KubeObject = KubeObject>(key: ObjectKey): Promise<T | undefined> {
    try {
      return await this.get<T>(key);
    } catch (err) {
      if (err instanceof KubeError && err.reason === 'NotFound') return undefined;
      throw err;
    }
  }

  /** `limit` is the page size; every page is fetched and the items concatenated. */
  async list<T extends KubeObject = KubeObject>(
    gvk: GroupVersionKind,
    options: ListOptions = {},
  ): Promise<ObjectList<T>> {
    const target: { apiVersion: string; kind: string; namespace?: string } = {
      apiVersion: gvk.apiVersion,
      kind: gvk.kind,
    };
    if (options.namespace) target.namespace = options.namespace;
    const path = resourcePath(target);
    for (let restarts = 0; ; restarts++) {
      try {
        return await this.#listAllPages<T>(gvk, path, options);
      } catch (err) {
        const expiredContinue = err instanceof ContinueExpired;
        if (expiredContinue && restarts < LIST_RESTARTS) continue;
        throw expiredContinue ? err.cause : err;
      }
    }
  }

  async #listAllPages<T extends KubeObject>(
    gvk: GroupVersionKind,
    path: string,
    options: ListOptions,
  ): Promise<ObjectList<T>> {
    const items: T[] = [];
    let resourceVersion: string | undefined;
    let continueToken: string | undefined;
    do {
      const query: Record<string, QueryValue> = {
        labelSelector: options.labelSelector || undefined,
        fieldSelector: options.fieldSelector || undefined,
        limit: options.limit,
        continue: continueToken,
      };
      let page: ListPage;
      try {
        page = await this.#json<ListPage>({ method: 'GET', path, query });
      } catch (err) {
        if (continueToken !== undefined && err instanceof KubeError && err.reason === 'Gone') {
          throw new ContinueExpired(err);
        }
        throw err;
      }
      // Every page belongs to the snapshot of the first one.
      resourceVersion ??= page.metadata?.resourceVersion;
      for (const item of page.items ?? []) {
        // The API server omits apiVersion/kind on list items.
        items.push({ ...item, apiVersion: gvk.apiVersion, kind: gvk.kind } as unknown as T);
      }
      continueToken = page.metadata?.continue || undefined;
    } while (continueToken !== undefined);
    const list: ObjectList<T> = { items };
    if (resourceVersion !== undefined) list.resourceVersion = resourceVersion;
    return list;
  }

  async apply<T extends KubeObject = KubeObject>(object: KubeObject, options: ApplyOptions): Promise<T> {
    return this.#serverSideApply<T>(object, options, undefined);
  }

  async applyStatus<T extends KubeObject = KubeObject>(
    object: KubeObject,
    options: ApplyOptions,
  ): Promise<T> {
    return this.#serverSideApply<T>(object, options, 'status');
  }

  async #serverSideApply<T>(
    object: KubeObject,
    options: ApplyOptions,
    subresource: 'status' | undefined,
  ): Promise<T> {
    if (!options.fieldManager) throw new Error('server-side apply needs a fieldManager');
    const key = objectKeyOf(object);
    return this.#json<T>({
      method: 'PATCH',
      path: resourcePath(subresource ? { ...key, subresource } : key),
      query: {
        fieldManager: options.fieldManager,
        force: options.force ? true : undefined,
        dryRun: options.dryRun ? 'All' : undefined,
      },
      // JSON is YAML, so the apply content type accepts it unchanged.
      body: JSON.stringify(withoutManagedFields(object)),
      contentType: APPLY_PATCH,
    });
  }

  async mergePatch<T extends KubeObject = KubeObject>(
    key: ObjectKey,
    patch: unknown,
    options: { fieldManager?: string } = {},
  ): Promise<T> {
    return this.#json<T>({
      method: 'PATCH',
      path: resourcePath(key),
      query: { fieldManager: options.fieldManager },
      body: JSON.stringify(patch),
      contentType: MERGE_PATCH,
    });
  }

  async create<T extends KubeObject = KubeObject>(
    object: KubeObject,
    options: { fieldManager?: string } = {},
  ): Promise<T> {
    const key = objectKeyOf(object);
    const collection: { apiVersion: string; kind: string; namespace?: string } = {
      apiVersion: key.apiVersion,
      kind: key.kind,
    };
    if (key.namespace) collection.namespace = key.namespace;
    return this.#json<T>({
      method: 'POST',
      path: resourcePath(collection),
      query: { fieldManager: options.fieldManager },
      body: JSON.stringify(object),
    });
  }

  async replace<T extends KubeObject = KubeObject>(
    object: KubeObject,
    options: { fieldManager?: string } = {},
  ): Promise<T> {
    return this.#json<T>({
      method: 'PUT',
      path: resourcePath(objectKeyOf(object)),
      query: { fieldManager: options.fieldManager },
      body: JSON.stringify(object),
    });
  }

  async delete(
    key: ObjectKey,
    options: { propagationPolicy?: 'Foreground' | 'Background' | 'Orphan' } = {},
  ): Promise<void> {
    await this.#transport.request({
      method: 'DELETE',
      path: resourcePath(key),
      query: { propagationPolicy: options.propagationPolicy },
    });
  }

  watch(gvk: GroupVersionKind, options: WatchOptions, onEvent: (event: WatchEvent) => void): WatchHandle {
    return watchKind(this.#transport, gvk, options, onEvent);
  }

  async podLog(
    namespace: string,
    pod: string,
    options: { container?: string; tailLines?: number; limitBytes?: number } = {},
  ): Promise<string> {
    return this.#transport.request({
      method: 'GET',
      path: resourcePath({ apiVersion: 'v1', kind: 'Pod', namespace, name: pod, subresource: 'log' }),
      query: { container: options.container, tailLines: options.tailLines, limitBytes: options.limitBytes },
      accept: '*/*',
    });
  }
}

/** Marks a 410 on a continuation page, so the whole list can be restarted from a fresh snapshot. */
class ContinueExpired extends Error {
  override readonly cause: KubeError;

  constructor(cause: KubeError) {
    super(cause.message);
    this.cause = cause;
  }
}

/** A `KubeClient` on the API server named by the kubeconfig (see `loadKubeConfig` for the default). */
export function createKubeClient(options: KubeClientOptions = {}): KubeClient {
  const transportOptions: TransportOptions = {};
  if (options.timeoutMs !== undefined) transportOptions.timeoutMs = options.timeoutMs;
  if (options.userAgent !== undefined) transportOptions.userAgent = options.userAgent;
  if (options.onRequest !== undefined) transportOptions.onRequest = options.onRequest;
  if (options.onResponse !== undefined) transportOptions.onResponse = options.onResponse;
  const transport = createTransport(loadConnection(options), transportOptions);
  if (options.preconnect !== undefined && options.preconnect > 0) void transport.warm(options.preconnect);
  return new HttpKubeClient(transport);
}
