/**
 * One copy of each repeated string among the objects a function's caches hold. A parsed watch
 * event is a fresh tree of fresh strings, so 1,000 services and their InferenceServices held the
 * same model name, image, template name, label value and condition message thousands of times
 * over: 7.6 MiB of isvc-render's 52 MiB heap at N=1,000 were copies. Stored objects take their
 * strings from the pool as they are frozen (frozen.ts).
 *
 * Bounded: a uid or a resourceVersion is never the same twice, so those are not pooled, and when
 * the pool reaches its size it starts afresh (what it held stays shared by the objects holding it).
 */
const NEVER_REPEATED: ReadonlySet<string> = new Set(['uid', 'resourceVersion']);
/** Longer strings (a pod's log excerpt, a long message) are rarely repeated word for word. */
const MAX_POOLED_LENGTH = 256;
const DEFAULT_MAX_ENTRIES = 50_000;

export class StringPool {
  readonly #maxEntries: number;
  #pool = new Map<string, string>();

  constructor(maxEntries = DEFAULT_MAX_ENTRIES) {
    this.#maxEntries = maxEntries;
  }

  get size(): number {
    return this.#pool.size;
  }

  /** The pooled copy of `value` held under `key` (an object key or an array index). */
  intern(key: string, value: string): string {
    if (value.length > MAX_POOLED_LENGTH || NEVER_REPEATED.has(key)) return value;
    const pooled = this.#pool.get(value);
    if (pooled !== undefined) return pooled;
    if (this.#pool.size >= this.#maxEntries) this.#pool = new Map();
    this.#pool.set(value, value);
    return value;
  }
}

/** The pool every cache of this process shares: names repeat across kinds. */
export const CACHED_STRINGS = new StringPool();
