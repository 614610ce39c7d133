/**
 * A `KubeClient` decorator that reports the authorization requests (`ApiAccess`) of every call
 * before forwarding it. Tests wrap a function's client with it to compare what the code does
 * with the role the function is given; the attempt is what RBAC judges, so a call is reported
 * even when it then fails.
 */
import { type ApiAccess, accessesOfCall, type KubeClientMethod } from './api-access.ts';
import type {
  ApplyOptions,
  GroupVersionKind,
  KubeClient,
  KubeObject,
  ListOptions,
  ObjectKey,
  ObjectList,
} from './types.ts';

export type AccessListener = (access: ApiAccess, method: KubeClientMethod) => void;

export class RecordingKubeClient implements KubeClient {
  readonly #inner: KubeClient;
  readonly #listener: AccessListener;

  constructor(inner: KubeClient, listener: AccessListener) {
    this.#inner = inner;
    this.#listener = listener;
  }

  get requestCount(): number {
    return this.#inner.requestCount;
  }

  #record(method: KubeClientMethod, args: readonly unknown[]): void {
    for (const access of accessesOfCall(method, args)) this.#listener(access, method);
  }

  /** Present when the inner client can watch (a cache then informs through it). */
  get watch(): KubeClient['watch'] {
    const inner = this.#inner;
    if (inner.watch === undefined) return undefined;
    return (gvk, options, onEvent) => {
      this.#record('watch', [gvk, options]);
      return inner.watch!(gvk, options, onEvent);
    };
  }

  get<T extends KubeObject = KubeObject>(key: ObjectKey): Promise<T> {
    this.#record('get', [key]);
    return this.#inner.get<T>(key);
  }

  getOptional<T extends KubeObject = KubeObject>(key: ObjectKey): Promise<T | undefined> {
    this.#record('getOptional', [key]);
    return this.#inner.getOptional<T>(key);
  }

  list<T extends KubeObject = KubeObject>(
    gvk: GroupVersionKind,
    options?: ListOptions,
  ): Promise<ObjectList<T>> {
    this.#record('list', [gvk, options]);
    return this.#inner.list<T>(gvk, options);
  }

  apply<T extends KubeObject = KubeObject>(object: KubeObject, options: ApplyOptions): Promise<T> {
    this.#record('apply', [object]);
    return this.#inner.apply<T>(object, options);
  }

  applyStatus<T extends KubeObject = KubeObject>(object: KubeObject, options: ApplyOptions): Promise<T> {
    this.#record('applyStatus', [object]);
    return this.#inner.applyStatus<T>(object, options);
  }

  mergePatch<T extends KubeObject = KubeObject>(
    key: ObjectKey,
    patch: unknown,
    options?: { fieldManager?: string },
  ): Promise<T> {
    this.#record('mergePatch', [key]);
    return this.#inner.mergePatch<T>(key, patch, options);
  }

  create<T extends KubeObject = KubeObject>(
    object: KubeObject,
    options?: { fieldManager?: string },
  ): Promise<T> {
    this.#record('create', [object]);
    return this.#inner.create<T>(object, options);
  }

  replace<T extends KubeObject = KubeObject>(
    object: KubeObject,
    options?: { fieldManager?: string },
  ): Promise<T> {
    this.#record('replace', [object]);
    return this.#inner.replace<T>(object, options);
  }

  delete(
    key: ObjectKey,
    options?: { propagationPolicy?: 'Foreground' | 'Background' | 'Orphan' },
  ): Promise<void> {
    this.#record('delete', [key]);
    return this.#inner.delete(key, options);
  }

  podLog(
    namespace: string,
    pod: string,
    options?: { container?: string; tailLines?: number; limitBytes?: number },
  ): Promise<string> {
    this.#record('podLog', [namespace, pod]);
    return this.#inner.podLog(namespace, pod, options);
  }
}

/** Wraps `inner` so every call's accesses are appended to the returned list as well. */
export function recordAccesses(inner: KubeClient): { client: KubeClient; accesses: ApiAccess[] } {
  const accesses: ApiAccess[] = [];
  return { client: new RecordingKubeClient(inner, (access) => accesses.push(access)), accesses };
}
