/**
 * One kind's objects in memory, by namespace and name. Stored copies are slimmed (other managers'
 * managedFields and the last-applied annotation dropped) and frozen (frozen.ts): readers share them.
 */
import {
  type FieldRequirement,
  type LabelRequirement,
  matchesListSelectors,
  parseListSelectors,
} from '../kube/selectors.ts';
import type { KubeObject, ListOptions } from '../kube/types.ts';
import { EqualityIndexes, type IndexKey } from './equality-index.ts';
import { deepFreeze } from './frozen.ts';
import { isNewer } from './resource-version.ts';
import { CACHED_STRINGS } from './string-pool.ts';

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
  readonly #indexes = new EqualityIndexes();
  /** Per namespace, its names in order; dropped when a name comes or goes, not on updates. */
  readonly #sortedNames = new Map<string, string[]>();

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
    if (held === undefined) {
      this.#size += 1;
      this.#sortedNames.delete(namespace);
    }
    const stored = deepFreeze(object, CACHED_STRINGS);
    names.set(object.metadata.name, stored);
    this.#indexes.update(key, held, stored);
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
    const held = names?.get(name);
    if (held !== undefined && names?.delete(name)) {
      this.#size -= 1;
      this.#sortedNames.delete(namespace ?? '');
      this.#indexes.update(`${namespace ?? ''}/${name}`, held, undefined);
      if (names.size === 0) this.#byNamespace.delete(namespace ?? '');
    }
  }

  replaceAll(objects: readonly KubeObject[], resourceVersion?: string): void {
    this.#byNamespace.clear();
    this.#tombstones.clear();
    this.#indexes.clear();
    this.#sortedNames.clear();
    this.#size = 0;
    this.#listedAt = undefined;
    for (const object of objects) this.put(object);
    this.#listedAt = resourceVersion;
  }

  /** Objects matching a LIST's options, sorted by namespace and name as the API server lists them. */
  select(options: ListOptions): KubeObject[] {
    const selectors = parseListSelectors(options);
    const candidates = this.#indexedCandidates(selectors.labels, selectors.fields);
    const namespaces = options.namespace ? [options.namespace] : [...this.#byNamespace.keys()].sort();
    const result: KubeObject[] = [];
    for (const namespace of namespaces) {
      const names = this.#byNamespace.get(namespace);
      if (names === undefined) continue;
      const ordered = candidates === undefined ? this.#sorted(namespace, names) : candidates.get(namespace);
      for (const name of ordered ?? []) {
        const object = names.get(name);
        if (object !== undefined && matchesListSelectors(selectors, object)) result.push(object);
      }
    }
    return result;
  }

  #sorted(namespace: string, names: Map<string, KubeObject>): string[] {
    let sorted = this.#sortedNames.get(namespace);
    if (sorted === undefined) {
      sorted = [...names.keys()].sort();
      this.#sortedNames.set(namespace, sorted);
    }
    return sorted;
  }

  /**
   * When the selectors require labels or fields to equal values: the objects that hold the most
   * selective of them, by namespace, names in order (the other requirements are checked on these
   * alone); else undefined. A pending pod's Events are asked for by `involvedObject.kind=Pod` and
   * `involvedObject.name=<pod>`: the kind holds for every Event the informer keeps, the name for a few.
   */
  #indexedCandidates(
    labels: readonly LabelRequirement[],
    fields: readonly FieldRequirement[],
  ): Map<string, string[]> | undefined {
    const keys: [IndexKey, string][] = [
      ...labels.flatMap((requirement): [IndexKey, string][] =>
        requirement.operator === 'Equals' ? [[`label:${requirement.key}`, requirement.value]] : [],
      ),
      ...fields.flatMap((requirement): [IndexKey, string][] =>
        requirement.operator === 'Equals' ? [[`field:${requirement.field}`, requirement.value]] : [],
      ),
    ];
    let ids: ReadonlySet<string> | undefined;
    for (const [key, value] of keys) {
      const holding = this.#indexes.lookup(key, value, () => this.#entries());
      if (ids === undefined || holding.size < ids.size) ids = holding;
    }
    if (ids === undefined) return undefined;
    const byNamespace = new Map<string, string[]>();
    for (const id of ids) {
      const slash = id.indexOf('/');
      const namespace = id.slice(0, slash);
      const names = byNamespace.get(namespace) ?? [];
      names.push(id.slice(slash + 1));
      byNamespace.set(namespace, names);
    }
    for (const names of byNamespace.values()) names.sort();
    return byNamespace;
  }

  *#entries(): Iterable<[string, KubeObject]> {
    for (const [namespace, names] of this.#byNamespace)
      for (const [name, object] of names) yield [`${namespace}/${name}`, object];
  }
}
