/**
 * A `KubeClient` that passes every call on to another one, through one hook: decorators (the RBAC
 * recorder of the tests, the resync sweep's write reporter) override `forward` and see each call
 * as its method name and arguments, instead of restating the whole client interface.
 */
import type { KubeClientMethod } from './api-access.ts';
import type {
  ApplyOptions,
  GroupVersionKind,
  KubeClient,
  KubeObject,
  ListOptions,
  ObjectKey,
  ObjectList,
} from './types.ts';

export class ForwardingKubeClient implements KubeClient {
  protected readonly inner: KubeClient;

  constructor(inner: KubeClient) {
    this.inner = inner;
  }

  get requestCount(): number {
    return this.inner.requestCount;
  }

  /** Runs `call` (the same call on `inner`); `args` are the call's arguments as given. */
  protected forward<R>(
    _method: KubeClientMethod,
    _args: readonly unknown[],
    call: () => Promise<R>,
  ): Promise<R> {
    return call();
  }

  get<T extends KubeObject = KubeObject>(key: ObjectKey): Promise<T> {
    return this.forward('get', [key], () => this.inner.get<T>(key));
  }

  getOptional<T extends KubeObject = KubeObject>(key: ObjectKey): Promise<T | undefined> {
    return this.forward('getOptional', [key], () => this.inner.getOptional<T>(key));
  }

  list<T extends KubeObject = KubeObject>(
    gvk: GroupVersionKind,
    options?: ListOptions,
  ): Promise<ObjectList<T>> {
    return this.forward('list', [gvk, options], () => this.inner.list<T>(gvk, options));
  }

  apply<T extends KubeObject = KubeObject>(object: KubeObject, options: ApplyOptions): Promise<T> {
    return this.forward('apply', [object, options], () => this.inner.apply<T>(object, options));
  }

  applyStatus<T extends KubeObject = KubeObject>(object: KubeObject, options: ApplyOptions): Promise<T> {
    return this.forward('applyStatus', [object, options], () => this.inner.applyStatus<T>(object, options));
  }

  mergePatch<T extends KubeObject = KubeObject>(
    key: ObjectKey,
    patch: unknown,
    options?: { fieldManager?: string },
  ): Promise<T> {
    return this.forward('mergePatch', [key, patch, options], () =>
      this.inner.mergePatch<T>(key, patch, options),
    );
  }

  create<T extends KubeObject = KubeObject>(
    object: KubeObject,
    options?: { fieldManager?: string },
  ): Promise<T> {
    return this.forward('create', [object, options], () => this.inner.create<T>(object, options));
  }

  replace<T extends KubeObject = KubeObject>(
    object: KubeObject,
    options?: { fieldManager?: string },
  ): Promise<T> {
    return this.forward('replace', [object, options], () => this.inner.replace<T>(object, options));
  }

  delete(
    key: ObjectKey,
    options?: { propagationPolicy?: 'Foreground' | 'Background' | 'Orphan' },
  ): Promise<void> {
    return this.forward('delete', [key, options], () => this.inner.delete(key, options));
  }

  podLog(
    namespace: string,
    pod: string,
    options?: { container?: string; tailLines?: number; limitBytes?: number },
  ): Promise<string> {
    return this.forward('podLog', [namespace, pod, options], () =>
      this.inner.podLog(namespace, pod, options),
    );
  }
}
