/**
 * What a function remembers of its finished reconciles, so that it can skip work nothing has
 * changed:
 *
 * - per object, the resourceVersion its last reconcile accounted for: an event of the object at or
 *   below it (the echo of the function's own status write, a duplicate, a late event) is skipped;
 * - per settled object, a clean mark: a resync skips it while neither it nor anything else the
 *   cache sees has changed (the change epoch).
 */
import { compareResourceVersions } from '../cache/resource-version.ts';
import type { ReconcileOutcome } from '../reconcile/pipeline.ts';

/** Only a settled, healthy object may be skipped by a resync: one waiting or failing may depend on something no cache sees. */
const SETTLED_STATUSES: ReadonlySet<string> = new Set(['Ready', 'Running']);

interface CleanMark {
  resourceVersion: string | undefined;
  epoch: number;
}

function gone(outcome: ReconcileOutcome): boolean {
  return outcome.result === 'not-found' || outcome.result === 'deleted';
}

export class ReconcileMemory {
  /** Bumped by every change the cache sees: a resync skips only what no change can have touched. */
  #epoch = 0;
  readonly #clean = new Map<string, CleanMark>();
  readonly #reconciledAt = new Map<string, string>();
  /** The `eventInputs` (as JSON) of the copy the last finished reconcile read, where known. */
  readonly #inputs = new Map<string, string>();

  get epoch(): number {
    return this.#epoch;
  }

  changed(): void {
    this.#epoch += 1;
  }

  /** A reconcile of `key` starts: whatever made it clean no longer holds. */
  starting(key: string): void {
    this.#clean.delete(key);
    // Until it succeeds, an event with the same inputs is one this run may fail to account for.
    this.#inputs.delete(key);
  }

  /**
   * Whether an event of `key` at `resourceVersion` is one a finished reconcile already accounted
   * for. What else the reconcile read changes through events of its own (mapped to this object),
   * so only the object's own events may be skipped this way.
   */
  alreadyReconciled(key: string, resourceVersion: string | undefined): boolean {
    const order = compareResourceVersions(resourceVersion, this.#reconciledAt.get(key));
    return order !== undefined && order <= 0;
  }

  /** Whether an event's object has the inputs the last finished reconcile of `key` read. */
  sameInputs(key: string, inputs: string): boolean {
    return this.#inputs.get(key) === inputs;
  }

  /** Whether a resync may skip `key`: in order at `resourceVersion`, and nothing changed since. */
  isClean(key: string, resourceVersion: string | undefined): boolean {
    const mark = this.#clean.get(key);
    return mark !== undefined && mark.epoch === this.#epoch && mark.resourceVersion === resourceVersion;
  }

  /** A reconcile of `key` finished with `outcome`, having read an object with `inputs` (when known). */
  reconciled(key: string, outcome: ReconcileOutcome, inputs?: string): void {
    if (gone(outcome) || outcome.resourceVersion === undefined) this.#reconciledAt.delete(key);
    else this.#reconciledAt.set(key, outcome.resourceVersion);
    if (gone(outcome) || inputs === undefined) this.#inputs.delete(key);
    else this.#inputs.set(key, inputs);
  }

  /**
   * Marks `key` clean at `resourceVersion` (the cache's copy, this reconcile's own writes folded
   * in) as of the epoch the reconcile started in, when the outcome is settled.
   */
  markClean(
    key: string,
    outcome: ReconcileOutcome,
    resourceVersion: string | undefined,
    epoch: number,
  ): void {
    if (gone(outcome)) return;
    if (outcome.status !== undefined && !SETTLED_STATUSES.has(outcome.status)) return;
    this.#clean.set(key, { resourceVersion, epoch });
  }

  /** Forgets objects of the kind (`kindPrefix`) that no longer exist. */
  prune(existing: ReadonlySet<string>, kindPrefix: string): void {
    for (const marks of [this.#clean, this.#reconciledAt, this.#inputs])
      for (const key of marks.keys()) if (key.startsWith(kindPrefix) && !existing.has(key)) marks.delete(key);
  }
}
