/** Objects older than this when first seen existed before the simulator (re)started. */
const RESTART_GRACE_MS = 5_000;

/**
 * How long the simulator has known an object. Timing rules ("Ready after 1 s") count from when
 * the simulator first saw it; `creationTimestamp` only has whole seconds, so it is used only for
 * objects that clearly predate this simulator run.
 */
export class FirstSeen {
  readonly #seen = new Map<string, number>();

  ageSeconds(uid: string, creationTimestamp: string | undefined, nowMs: number): number {
    let since = this.#seen.get(uid);
    if (since === undefined) {
      const created = creationTimestamp ? Date.parse(creationTimestamp) : Number.NaN;
      since = !Number.isNaN(created) && nowMs - created > RESTART_GRACE_MS ? created : nowMs;
      this.#seen.set(uid, since);
    }
    return (nowMs - since) / 1000;
  }

  retain(uids: ReadonlySet<string>): void {
    for (const uid of this.#seen.keys()) if (!uids.has(uid)) this.#seen.delete(uid);
  }
}
