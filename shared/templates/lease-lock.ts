/**
 * A coordination.k8s.io Lease used as a mutual-exclusion lock across processes (spec §8.3): acquire
 * by creating the Lease (AlreadyExists ⇒ someone else did), renew it if we already hold it, take it
 * over when it is free or its holder stopped renewing (Conflict ⇒ someone else won), poll until a
 * deadline, release by clearing the holder. Within one process a FIFO gate comes first, because
 * every reconcile of the process shares one holder identity and would otherwise "hold" the lock
 * together.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { ENV } from '../constants/env.ts';
import { isAlreadyExists, isConflict, isNotFound } from '../kube/errors.ts';
import type { KubeClient, KubeObject, ObjectKey } from '../kube/types.ts';

const LEASE = { apiVersion: 'coordination.k8s.io/v1', kind: 'Lease' } as const;

export interface LeaseLockOptions {
  name: string;
  /** Who holds the lock while this process does; unique per process. */
  holderIdentity: string;
  leaseDurationSeconds: number;
  pollIntervalMs: number;
  /** How long `withLock` waits (in-process queue and Lease together) before giving up. */
  acquireTimeoutMs: number;
  /** Clock for the Lease's acquire/renew times (default: the wall clock). */
  now?: () => Date;
  fieldManager?: string;
}

export type LockResult<T> = { acquired: true; value: T } | { acquired: false };

/** `POD_NAME` (else the hostname) plus a random suffix, so two processes never share an identity. */
export function processHolderIdentity(
  env: Readonly<Record<string, string | undefined>> = process.env,
): string {
  const base = env[ENV.podName]?.trim() || hostname();
  return `${base}-${randomBytes(4).toString('hex')}`;
}

/** metav1.MicroTime: RFC 3339 with exactly six fractional digits. */
export function formatMicroTime(time: Date): string {
  return time.toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
}

interface LeaseSpec {
  holderIdentity?: string;
  leaseDurationSeconds?: number;
  acquireTime?: string;
  renewTime?: string;
  leaseTransitions?: number;
}

function leaseSpec(lease: KubeObject): LeaseSpec {
  return typeof lease.spec === 'object' && lease.spec !== null ? (lease.spec as LeaseSpec) : {};
}

/** Free: nobody holds it, or the holder has not renewed within the lease duration. */
export function isLeaseFree(spec: LeaseSpec, now: Date, defaultDurationSeconds: number): boolean {
  if (!spec.holderIdentity) return true;
  const renewed = Date.parse(spec.renewTime ?? '');
  if (!Number.isFinite(renewed)) return true;
  const duration = spec.leaseDurationSeconds ?? defaultDurationSeconds;
  return renewed + duration * 1000 < now.getTime();
}

/** A FIFO gate with a bounded wait. */
class Gate {
  #busy = false;
  readonly #waiters: { admit: (entered: boolean) => void; timer: NodeJS.Timeout }[] = [];

  enter(timeoutMs: number): Promise<boolean> {
    if (!this.#busy) {
      this.#busy = true;
      return Promise.resolve(true);
    }
    return new Promise((resolve) => {
      const waiter = {
        admit: resolve,
        timer: setTimeout(
          () => {
            const index = this.#waiters.indexOf(waiter);
            if (index >= 0) this.#waiters.splice(index, 1);
            resolve(false);
          },
          Math.max(0, timeoutMs),
        ),
      };
      this.#waiters.push(waiter);
    });
  }

  leave(): void {
    const next = this.#waiters.shift();
    if (next === undefined) {
      this.#busy = false;
      return;
    }
    clearTimeout(next.timer);
    next.admit(true);
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export class LeaseLock {
  readonly #options: LeaseLockOptions;
  readonly #gate = new Gate();
  /**
   * Per namespace, the Lease as this process's last release left it: the next acquire tries it
   * without reading it first (a Conflict means someone else moved it, and it is read then). Under
   * load each round trip held the lock ~100-300 ms, and every admission waits out the holder's.
   */
  readonly #released = new Map<string, KubeObject>();

  constructor(options: LeaseLockOptions) {
    this.#options = options;
  }

  get holderIdentity(): string {
    return this.#options.holderIdentity;
  }

  /**
   * Runs `critical` while holding the Lease in `namespace`; `{acquired: false}` when the lock could
   * not be had in time. Errors of the API calls and of `critical` propagate; the Lease is released
   * either way.
   */
  async withLock<T>(
    client: KubeClient,
    namespace: string,
    critical: () => Promise<T>,
  ): Promise<LockResult<T>> {
    const deadline = Date.now() + this.#options.acquireTimeoutMs;
    if (!(await this.#gate.enter(deadline - Date.now()))) return { acquired: false };
    try {
      const lease = await this.#acquire(client, namespace, deadline);
      if (lease === undefined) return { acquired: false };
      try {
        return { acquired: true, value: await critical() };
      } finally {
        await this.#release(client, lease);
      }
    } finally {
      this.#gate.leave();
    }
  }

  #writeOptions(): { fieldManager?: string } {
    return this.#options.fieldManager ? { fieldManager: this.#options.fieldManager } : {};
  }

  #now(): Date {
    return this.#options.now ? this.#options.now() : new Date();
  }

  #key(namespace: string): ObjectKey {
    return { ...LEASE, namespace, name: this.#options.name };
  }

  #held(previous: LeaseSpec | undefined, now: Date): LeaseSpec {
    const time = formatMicroTime(now);
    const { holderIdentity, leaseDurationSeconds } = this.#options;
    const renewing = previous?.holderIdentity === holderIdentity;
    return {
      holderIdentity,
      leaseDurationSeconds,
      acquireTime: renewing && previous?.acquireTime ? previous.acquireTime : time,
      renewTime: time,
      leaseTransitions: (previous?.leaseTransitions ?? 0) + (previous && !renewing ? 1 : 0),
    };
  }

  async #acquire(client: KubeClient, namespace: string, deadline: number): Promise<KubeObject | undefined> {
    const key = this.#key(namespace);
    const options = this.#writeOptions();
    let known = this.#released.get(namespace);
    this.#released.delete(namespace);
    for (;;) {
      const guessed = known !== undefined;
      const lease = known ?? (await client.getOptional(key));
      known = undefined;
      const now = this.#now();
      try {
        if (lease === undefined) {
          return await client.create(
            { ...LEASE, metadata: { name: key.name, namespace }, spec: this.#held(undefined, now) },
            options,
          );
        }
        const spec = leaseSpec(lease);
        const ours = spec.holderIdentity === this.#options.holderIdentity;
        if (ours || isLeaseFree(spec, now, this.#options.leaseDurationSeconds)) {
          return await client.replace({ ...lease, spec: this.#held(spec, now) }, options);
        }
      } catch (err) {
        // Someone else created, updated or deleted the Lease first: look again.
        if (!isAlreadyExists(err) && !isConflict(err) && !(guessed && isNotFound(err))) throw err;
        if (guessed) continue;
      }
      if (Date.now() >= deadline) return undefined;
      await delay(Math.min(this.#options.pollIntervalMs, Math.max(0, deadline - Date.now())));
    }
  }

  /** Best effort: a Lease that cannot be released frees itself when its duration runs out. */
  async #release(client: KubeClient, lease: KubeObject): Promise<void> {
    const { holderIdentity: _holder, renewTime: _renew, ...rest } = leaseSpec(lease);
    try {
      const released = await client.replace({ ...lease, spec: rest }, this.#writeOptions());
      this.#released.set(released.metadata.namespace ?? '', released);
    } catch {
      // Conflict: someone took over an expired lease; anything else: the duration frees it.
    }
  }
}
