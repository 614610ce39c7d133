/**
 * Shared reads for one resync sweep. The objects of a kind often read the same things — the
 * runtime config, a namespace's caches, a template many services use — so a reconciler that opts
 * in (`KindReconciler.shareSweepReads`) gets a client that answers a repeated GET or LIST from the
 * first answer for the rest of the sweep. A write of a kind through it forgets every read of that
 * kind, so the sweep still sees its own changes; changes made by others meanwhile are picked up by
 * their events and the next sweep, as they would be a moment after any read.
 */
import { isNotFound } from '../kube/errors.ts';
import type {
  ApplyOptions,
  GroupVersionKind,
  KubeClient,
  KubeObject,
  ListOptions,
  ObjectKey,
  ObjectList,
} from '../kube/types.ts';

function kindKey(gvk: GroupVersionKind): string {
  return `${gvk.apiVersion}|${gvk.kind}`;
}

function objectReadKey(method: string, key: ObjectKey): string {
  return `${kindKey(key)}|${method}|${key.namespace ?? ''}|${key.name}`;
}

function listReadKey(gvk: GroupVersionKind, options: ListOptions): string {
  const { namespace = '', labelSelector = '', fieldSelector = '', limit = '' } = options;
  return `${kindKey(gvk)}|list|${namespace}|${labelSelector}|${fieldSelector}|${limit}`;
}

class SweepReadsClient implements KubeClient {
  readonly #client: KubeClient;
  /** Read key → the first answer (a NotFound rejection is an answer too). */
  readonly #reads = new Map<string, Promise<unknown>>();

  constructor(client: KubeClient) {
    this.#client = client;
  }

  get requestCount(): number {
    return this.#client.requestCount;
  }

  /** Callers get copies, so no reconcile can change what the next one reads. */
  async #read<T>(key: string, read: () => Promise<T>): Promise<T> {
    let answer = this.#reads.get(key) as Promise<T> | undefined;
    if (answer === undefined) {
      answer = read();
      this.#reads.set(key, answer);
      answer.catch((err: unknown) => {
        // Only definite answers are shared; anything else is asked again.
        if (!isNotFound(err) && this.#reads.get(key) === answer) this.#reads.delete(key);
      });
    }
    return structuredClone(await answer);
  }

  #forget(gvk: GroupVersionKind): void {
    const prefix = `${kindKey(gvk)}|`;
    for (const key of [...this.#reads.keys()]) if (key.startsWith(prefix)) this.#reads.delete(key);
  }

  get<T extends KubeObject = KubeObject>(key: ObjectKey): Promise<T> {
    return this.#read(objectReadKey('get', key), () => this.#client.get<T>(key));
  }

  getOptional<T extends KubeObject = KubeObject>(key: ObjectKey): Promise<T | undefined> {
    return this.#read(objectReadKey('getOptional', key), () => this.#client.getOptional<T>(key));
  }

  list<T extends KubeObject = KubeObject>(
    gvk: GroupVersionKind,
    options: ListOptions = {},
  ): Promise<ObjectList<T>> {
    return this.#read(listReadKey(gvk, options), () => this.#client.list<T>(gvk, options));
  }

  apply<T extends KubeObject = KubeObject>(object: KubeObject, options: ApplyOptions): Promise<T> {
    this.#forget(object);
    return this.#client.apply<T>(object, options);
  }

  applyStatus<T extends KubeObject = KubeObject>(object: KubeObject, options: ApplyOptions): Promise<T> {
    this.#forget(object);
    return this.#client.applyStatus<T>(object, options);
  }

  mergePatch<T extends KubeObject = KubeObject>(
    key: ObjectKey,
    patch: unknown,
    options?: { fieldManager?: string },
  ): Promise<T> {
    this.#forget(key);
    return this.#client.mergePatch<T>(key, patch, options);
  }

  create<T extends KubeObject = KubeObject>(
    object: KubeObject,
    options?: { fieldManager?: string },
  ): Promise<T> {
    this.#forget(object);
    return this.#client.create<T>(object, options);
  }

  replace<T extends KubeObject = KubeObject>(
    object: KubeObject,
    options?: { fieldManager?: string },
  ): Promise<T> {
    this.#forget(object);
    return this.#client.replace<T>(object, options);
  }

  delete(
    key: ObjectKey,
    options?: { propagationPolicy?: 'Foreground' | 'Background' | 'Orphan' },
  ): Promise<void> {
    this.#forget(key);
    return this.#client.delete(key, options);
  }

  podLog(
    namespace: string,
    pod: string,
    options?: { container?: string; tailLines?: number; limitBytes?: number },
  ): Promise<string> {
    return this.#client.podLog(namespace, pod, options);
  }
}

/** A client for one sweep whose repeated reads are answered once (see the module comment). */
export function shareSweepReads(client: KubeClient): KubeClient {
  return new SweepReadsClient(client);
}
