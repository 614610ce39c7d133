/**
 * Which stored objects have a given label value or field value, for the selectors reconciles
 * list by (a service's predictor pods by the InferenceService label, a pending pod's Events by
 * `involvedObject.name`). Without it every such LIST from memory scanned and sorted the whole
 * namespace: at 1,000 services that was isvc-render's largest single cost (~3 s of CPU per run).
 * An index is built for a label key or field path the first time a selector asks for it, and then
 * kept current as objects come and go.
 */
import { fieldValue } from '../kube/selectors.ts';
import type { KubeObject } from '../kube/types.ts';

/** `label:<key>` or `field:<path>`. */
export type IndexKey = `label:${string}` | `field:${string}`;

/** The object's value under `key`; undefined when it has no such label (it cannot equal any value). */
function indexedValue(object: KubeObject, key: IndexKey): string | undefined {
  if (key.startsWith('label:')) {
    const labels = object.metadata.labels;
    const label = key.slice('label:'.length);
    return labels !== undefined && Object.hasOwn(labels, label) ? labels[label] : undefined;
  }
  // An absent field compares as the empty string (selectors.ts).
  return fieldValue(object, key.slice('field:'.length));
}

export class EqualityIndexes {
  /** index key → value → the `namespace/name` of the objects holding it. */
  readonly #indexes = new Map<IndexKey, Map<string, Set<string>>>();

  /** The `namespace/name`s with `value` under `key`; `all` builds the index on first use. */
  lookup(key: IndexKey, value: string, all: () => Iterable<[string, KubeObject]>): ReadonlySet<string> {
    let index = this.#indexes.get(key);
    if (index === undefined) {
      index = new Map();
      this.#indexes.set(key, index);
      for (const [id, object] of all()) add(index, indexedValue(object, key), id);
    }
    return index.get(value) ?? EMPTY;
  }

  /** `id` now holds `next` (undefined: gone) where it held `previous`. */
  update(id: string, previous: KubeObject | undefined, next: KubeObject | undefined): void {
    for (const [key, index] of this.#indexes) {
      const before = previous === undefined ? undefined : indexedValue(previous, key);
      const after = next === undefined ? undefined : indexedValue(next, key);
      if (before === after && previous !== undefined && next !== undefined) continue;
      if (before !== undefined) remove(index, before, id);
      if (after !== undefined) add(index, after, id);
    }
  }

  clear(): void {
    this.#indexes.clear();
  }
}

const EMPTY: ReadonlySet<string> = new Set();

function add(index: Map<string, Set<string>>, value: string | undefined, id: string): void {
  if (value === undefined) return;
  let ids = index.get(value);
  if (ids === undefined) {
    ids = new Set();
    index.set(value, ids);
  }
  ids.add(id);
}

function remove(index: Map<string, Set<string>>, value: string, id: string): void {
  const ids = index.get(value);
  if (ids === undefined) return;
  ids.delete(id);
  if (ids.size === 0) index.delete(value);
}
