/**
 * One kind's objects in memory, by namespace and name. Stored copies are slimmed (other managers'
 * managedFields and the last-applied annotation dropped) and frozen (frozen.ts): readers share them.
 */
import { matchesFieldSelector, matchesLabelRequirements, parseLabelSelector } from '../kube/selectors.ts';
import type { KubeObject, ListOptions } from '../kube/types.ts';
import { deepFreeze } from './frozen.ts';
import { isNewer } from './resource-version.ts';

const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration';

/** Keeps what reconciles read; `fieldManager`'s own managedFields stay (plan.ts reads them). */
export function slim(object: KubeObject, fieldManager: string | undefined): KubeObject {
  const metadata = { ...object.metadata } as KubeObject['metadata'] & {
    managedFields?: { manager?: string }[];
  };
  const managed = metadata.managedFields;
  if (managed !== undefined) {
    const own = fieldManager === undefined ? [] : managed.filter((entry) => entry.manager === fieldManager);
    if (own.length > 0) metadata.managedFields = own;
    else delete metadata.managedFields;
  }
  if (metadata.annotations?.[LAST_APPLIED] !== undefined) {
    const { [LAST_APPLIED]: _dropped, ...annotations } = metadata.annotations;
    metadata.annotations = annotations;
  }
  return { ...object, metadata };
}

/** Deletions remembered at once; the oldest are forgotten first (a write answer lags by seconds at most). */
const MAX_TOMBSTONES = 4096;

export class ObjectStore {
  readonly #byNamespace = new Map<string, Map<string, KubeObject>>();
  /**
   * namespace/name → the resourceVersion of its deletion. A write's answer can arrive after the
   * watch delivered the object's deletion (a finalizer released: the object goes at once); it
   * must not bring the object back.
   */
  readonly #tombstones = new Map<string, string>();
  /** The resourceVersion of the last full LIST: an object it did not hold, older than that, is gone. */
  #listedAt: string | undefined;
  #size = 0;

  get size(): number {
    return this.#size;
  }

  get(namespace: string | undefined, name: string): KubeObject | undefined {
    return this.#byNamespace.get(namespace ?? '')?.get(name);
  }

  /** Stores `object` unless the copy held is known to be newer (a write folded in before its event). */
  put(object: KubeObject): void {
    const namespace = object.metadata.namespace ?? '';
    const key = `${namespace}/${object.metadata.name}`;
    const tombstone = this.#tombstones.get(key);
    if (tombstone !== undefined) {
      if (!isNewer(object.metadata.resourceVersion, tombstone)) return;
      this.#tombstones.delete(key);
    }
    let names = this.#byNamespace.get(namespace);
    if (names === undefined) {
      names = new Map();
      this.#byNamespace.set(namespace, names);
    }
    const held = names.get(object.metadata.name);
    if (held !== undefined && !isNewer(object.metadata.resourceVersion, held.metadata.resourceVersion))
      return;
    if (
      held === undefined &&
      this.#listedAt !== undefined &&
      !isNewer(object.metadata.resourceVersion, this.#listedAt)
    )
      return;
    if (held === undefined) this.#size += 1;
    names.set(object.metadata.name, deepFreeze(object));
  }

  /** Forgets the object; `resourceVersion` (the deletion's) keeps older copies from coming back. */
  remove(namespace: string | undefined, name: string, resourceVersion?: string): void {
    if (resourceVersion !== undefined) {
      this.#tombstones.set(`${namespace ?? ''}/${name}`, resourceVersion);
      if (this.#tombstones.size > MAX_TOMBSTONES) {
        const oldest = this.#tombstones.keys().next().value;
        if (oldest !== undefined) this.#tombstones.delete(oldest);
      }
    }
    const names = this.#byNamespace.get(namespace ?? '');
    if (names?.delete(name)) {
      this.#size -= 1;
      if (names.size === 0) this.#byNamespace.delete(namespace ?? '');
    }
  }

  replaceAll(objects: readonly KubeObject[], resourceVersion?: string): void {
    this.#byNamespace.clear();
    this.#tombstones.clear();
    this.#size = 0;
    this.#listedAt = undefined;
    for (const object of objects) this.put(object);
    this.#listedAt = resourceVersion;
  }

  /** Objects matching a LIST's options, sorted by namespace and name as the API server lists them. */
  select(options: ListOptions): KubeObject[] {
    const requirements = options.labelSelector ? parseLabelSelector(options.labelSelector) : [];
    const namespaces = options.namespace ? [options.namespace] : [...this.#byNamespace.keys()].sort();
    const result: KubeObject[] = [];
    for (const namespace of namespaces) {
      const names = this.#byNamespace.get(namespace);
      if (names === undefined) continue;
      for (const name of [...names.keys()].sort()) {
        const object = names.get(name)!;
        if (!matchesLabelRequirements(requirements, object.metadata.labels)) continue;
        if (options.fieldSelector && !matchesFieldSelector(options.fieldSelector, object)) continue;
        result.push(object);
      }
    }
    return result;
  }
}
