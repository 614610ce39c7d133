/**
 * One function's instances, scaled as Knative Serving's autoscaler (KPA) and activator scale a
 * Knative Service: the local platform's stand-in for them, driven by the policy its manifest asks
 * for (scaling-policy.ts).
 *
 * - Every delivery to the function is counted from the moment it arrives (`acquire`) until it is
 *   answered (`release`), held ones included, as the activator reports them.
 * - Scale from zero: the first delivery starts an instance and is held until it is ready.
 * - Every second the time-weighted concurrency is sampled; the desired count is the stable
 *   window's average over the target (the panic window's when that is at least twice what runs,
 *   and then never lower), within min/max scale.
 * - Scale to zero: no delivery in flight at any moment of the last window (then the retention
 *   period) stops the last instance. A request held open keeps the function up, as in Knative.
 *
 * `pin(n)` replaces the policy with a fixed count (the warm mode, and tests that stop a function
 * by hand); `whileDown: 'lose'` drops deliveries while pinned at zero instead of holding them.
 */
import type { FunctionScalerOptions, InstanceRecord, Lease, ScalerStats } from './function-scaler-types.ts';
import type { RunningFunction } from './functions.ts';
import type { ScalingPolicy } from './scaling-policy.ts';

export type { FunctionScalerOptions, InstanceRecord, Lease, ScalerStats } from './function-scaler-types.ts';

/** How long a delivery waits for an instance before it is given up (the activator's hold). */
export const ACTIVATION_HOLD_MS = 60_000;
const TICK_MS = 1_000;

type Mode = { kind: 'auto' } | { kind: 'pinned'; count: number; whileDown: 'hold' | 'lose' };

export class FunctionScaler {
  readonly name: string;
  readonly policy: ScalingPolicy;
  /** Ready instances, in the order deliveries are spread over them. */
  readonly instances: RunningFunction[] = [];
  readonly records: InstanceRecord[] = [];
  readonly #options: FunctionScalerOptions;
  /** How instances start: the options' until a rollout brings a new build. */
  #start: FunctionScalerOptions['start'];
  readonly #now: () => number;
  #mode: Mode = { kind: 'auto' };
  #starting = 0;
  #nextInstance = 0;
  #turn = 0;
  #inFlight = 0;
  readonly #perUrl = new Map<string, number>();
  #waiting: { wake: () => void }[] = [];
  /** Concurrency integral since the last sample, and when it was last advanced. */
  #area = 0;
  #areaAt: number;
  #lastBusyAt: number;
  #samples: { at: number; concurrency: number }[] = [];
  #timer: NodeJS.Timeout | undefined;
  #stopped = false;
  readonly #stopping = new Set<Promise<void>>();

  constructor(options: FunctionScalerOptions) {
    this.name = options.name;
    this.policy = options.policy;
    this.#options = options;
    this.#start = options.start;
    this.#now = options.now ?? Date.now;
    this.#areaAt = this.#now();
    this.#lastBusyAt = this.#areaAt;
    this.#timer = setInterval(() => this.tick(), TICK_MS);
    this.#timer.unref();
  }

  /** No instance up or starting, and no delivery held for one: what Knative calls scaled to zero. */
  get atZero(): boolean {
    return this.instances.length === 0 && this.#starting === 0 && this.#inFlight === 0;
  }

  stats(): ScalerStats {
    const now = this.#now();
    return {
      name: this.name,
      starts: this.records.length,
      upMs: this.records.reduce((sum, r) => sum + ((r.stoppedAt ?? now) - r.spawnedAt), 0),
      ready: this.instances.length,
      starting: this.#starting,
      inFlight: this.#inFlight,
    };
  }

  /** The policy decides (Knative's autoscaler); instances start with the first delivery. */
  auto(): Promise<void> {
    this.#mode = { kind: 'auto' };
    return this.#scaleTo(this.#desired());
  }

  /** A fixed number of instances; at zero, deliveries are held (or lost) until it changes. */
  async pin(count: number, whileDown: 'hold' | 'lose' = 'hold'): Promise<void> {
    this.#mode = { kind: 'pinned', count, whileDown };
    if (count === 0 && whileDown === 'lose') this.#wakeAll();
    // As a pod deleted by hand: an instance goes even while it answers something.
    await this.#scaleTo(count, true);
  }

  /**
   * A new Revision: as many instances as run now (at least one) start from `start` and take
   * deliveries once ready; then the old ones get SIGTERM at once, answering or not (Knative's
   * queue-proxy would let them finish first; here the broker retries what they do not answer).
   * Later starts use `start` too. If no new instance came up, the old ones keep serving.
   */
  async rollOut(start: FunctionScalerOptions['start']): Promise<RunningFunction[]> {
    const [old, previous] = [[...this.instances], this.#start];
    this.#start = start;
    await this.#startInstances(Math.max(1, old.length));
    const fresh = this.instances.filter((fn) => !old.includes(fn));
    if (fresh.length === 0) {
      this.#start = previous;
      throw new Error(`${this.name}: the new revision did not start`);
    }
    await Promise.allSettled(old.map((fn) => this.#stopInstance(fn)));
    return fresh;
  }

  /** Counts one delivery from its arrival; resolves with an instance to send it to (undefined: none came). */
  async acquire(): Promise<Lease | undefined> {
    if (this.#stopped) return undefined;
    this.#advance(+1);
    let released = false;
    const release = (url?: string) => {
      if (released) return;
      released = true;
      if (url !== undefined) this.#perUrl.set(url, (this.#perUrl.get(url) ?? 1) - 1);
      this.#advance(-1);
    };
    if (this.instances.length === 0) {
      if (this.#mode.kind === 'pinned' && this.#mode.count === 0 && this.#mode.whileDown === 'lose') {
        release();
        return undefined;
      }
      if (this.#mode.kind === 'auto' && this.#starting === 0)
        void this.#scaleTo(Math.max(1, this.#desired()));
      await this.#waitForInstance();
    }
    const url = this.#pick();
    if (url === undefined) {
      release();
      return undefined;
    }
    this.#perUrl.set(url, (this.#perUrl.get(url) ?? 0) + 1);
    return { url, release: () => release(url) };
  }

  /** One autoscaler evaluation (every second; tests call it directly). */
  tick(): void {
    if (this.#stopped) return;
    this.#advance(0);
    const now = this.#now();
    const elapsed = Math.max(1, now - (this.#samples.at(-1)?.at ?? now - TICK_MS));
    this.#samples.push({ at: now, concurrency: this.#area / elapsed });
    this.#area = 0;
    const horizon = now - this.policy.windowMs;
    while ((this.#samples[0]?.at ?? now) < horizon) this.#samples.shift();
    if (this.#mode.kind === 'auto') void this.#scaleTo(this.#desired());
  }

  /** Stops every instance and the autoscaler; held deliveries are let go. */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearInterval(this.#timer);
    this.#wakeAll();
    await Promise.allSettled([...this.instances].map((fn) => this.#stopInstance(fn)));
    await Promise.allSettled([...this.#stopping]);
  }

  #advance(delta: number): void {
    const now = this.#now();
    this.#area += this.#inFlight * (now - this.#areaAt);
    this.#areaAt = now;
    this.#inFlight += delta;
    if (delta !== 0 || this.#inFlight > 0) this.#lastBusyAt = now;
  }

  #average(sinceMs: number): number {
    const now = this.#now();
    const window = this.#samples.filter((s) => s.at > now - sinceMs);
    if (window.length === 0) return this.#inFlight;
    return window.reduce((sum, s) => sum + s.concurrency, 0) / window.length;
  }

  /** Knative's KPA decision for the current samples. */
  #desired(): number {
    const { policy } = this;
    const now = this.#now();
    const current = this.instances.length + this.#starting;
    const idle = this.#inFlight === 0 && now - this.#lastBusyAt >= policy.windowMs + policy.retentionMs;
    if (idle) return policy.minScale;
    const stable = Math.ceil(this.#average(policy.windowMs) / policy.target);
    const panic = Math.ceil(this.#average(Math.max(policy.windowMs / 10, 2 * TICK_MS)) / policy.target);
    let desired = stable;
    if (current > 0 && panic >= 2 * current) desired = Math.max(current, panic);
    // Any request in the window keeps at least one instance (the average is above zero).
    desired = Math.max(desired, 1);
    return Math.min(policy.maxScale, Math.max(policy.minScale, desired));
  }

  async #scaleTo(desired: number, evenBusy = false): Promise<void> {
    const current = this.instances.length + this.#starting;
    if (desired > current) await this.#startInstances(desired - current);
    else if (desired < current && (this.#starting === 0 || evenBusy)) {
      // Idle instances go first, the newest of them first; the autoscaler leaves one still
      // answering for now (Knative drains it), a pin does not.
      const surplus = [...this.instances]
        .reverse()
        .sort((a, b) => (this.#perUrl.get(a.url) ?? 0) - (this.#perUrl.get(b.url) ?? 0))
        .filter((fn) => evenBusy || (this.#perUrl.get(fn.url) ?? 0) === 0)
        .slice(0, this.instances.length - desired);
      await Promise.allSettled(surplus.map((fn) => this.#stopInstance(fn)));
    }
  }

  async #startInstances(count: number): Promise<void> {
    const first = this.#nextInstance;
    this.#nextInstance += count;
    this.#starting += count;
    const spawnedAt = this.#now();
    this.#options.log?.(`${this.name}: starting ${count} instance(s)`);
    this.#options.onChange?.(this);
    let started: RunningFunction[] = [];
    try {
      started = await this.#start(count, first);
    } catch (err) {
      this.#options.log?.(`${this.name}: start failed: ${(err as Error).message}`);
    } finally {
      this.#starting -= count;
    }
    for (const fn of started) {
      const record: InstanceRecord = { instance: fn.instance, pid: fn.process.child.pid, spawnedAt };
      this.records.push(record);
      void fn.process.exited.then(() => {
        record.stoppedAt ??= this.#now();
        this.#remove(fn);
      });
      if (this.#stopped) {
        void fn.process.stop();
        continue;
      }
      this.instances.push(fn);
    }
    this.#options.onChange?.(this);
    this.#wakeAll();
  }

  async #stopInstance(fn: RunningFunction): Promise<void> {
    this.#remove(fn);
    this.#options.log?.(`${this.name}: stopping instance ${fn.instance}`);
    const stopping = fn.process.stop(this.policy.scaleToZeroGracePeriodMs);
    this.#stopping.add(stopping);
    try {
      await stopping;
    } finally {
      this.#stopping.delete(stopping);
      const record = this.records.find((r) => r.pid === fn.process.child.pid);
      if (record) record.stoppedAt ??= this.#now();
      this.#options.onChange?.(this);
    }
  }

  #remove(fn: RunningFunction): void {
    const index = this.instances.indexOf(fn);
    if (index >= 0) {
      this.instances.splice(index, 1);
      this.#options.onChange?.(this);
    }
  }

  #pick(): string | undefined {
    if (this.instances.length === 0) return undefined;
    const fn = this.instances[this.#turn % this.instances.length];
    this.#turn += 1;
    return fn?.url;
  }

  #waitForInstance(): Promise<void> {
    return new Promise((resolve) => {
      const entry = {
        wake: () => {
          clearTimeout(timer);
          resolve();
        },
      };
      const timer = setTimeout(() => {
        this.#waiting = this.#waiting.filter((w) => w !== entry);
        resolve();
      }, this.#options.holdMs ?? ACTIVATION_HOLD_MS);
      timer.unref();
      this.#waiting.push(entry);
    });
  }

  #wakeAll(): void {
    const waiting = this.#waiting;
    this.#waiting = [];
    for (const entry of waiting) entry.wake();
  }
}
