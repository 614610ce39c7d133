/**
 * Remembers registry inspections per (image, credentials) within one function instance: a
 * success for a while (models of the same image, and a reconcile repeated after a 409, cost no
 * registry request), a failure until its backoff expires (a broken image is not hammered on every
 * event and resync tick). The backoff doubles per consecutive failure, like controller-runtime's
 * per-item backoff upstream relies on, honouring a registry's Retry-After when that is longer.
 * Credentials enter the key only as a one-way fingerprint, so fixing a pull secret retries at once.
 */

import type { ImageInspection } from '../registry/client.ts';
import type { RegistryCredentials } from '../registry/credentials.ts';
import { isRegistryError } from '../registry/errors.ts';
import { manifestReference, type RegistryReference } from '../registry/reference.ts';
import { credentialsFingerprint } from '../registry/token-cache.ts';

export interface InspectionCacheOptions {
  now?: () => number;
  /** How long a successful inspection is reused. Default 10 minutes. */
  successTtlMs?: number;
  /** First retry delay after a failure. Default 5 s. */
  backoffBaseMs?: number;
  /** Longest retry delay. Default 5 minutes. */
  backoffMaxMs?: number;
  maxEntries?: number;
}

export type CachedInspection =
  | { ok: true; inspection: ImageInspection; fromCache: boolean }
  | { ok: false; error: unknown; retryAfterSeconds: number; fromCache: boolean };

interface Entry {
  inspection?: ImageInspection;
  error?: unknown;
  failures: number;
  /** Success: reuse until; failure: retry not before. */
  until: number;
}

export function inspectionKey(ref: RegistryReference, credentials: RegistryCredentials | undefined): string {
  return `${ref.host}/${ref.repository}@${manifestReference(ref)}|${credentialsFingerprint(credentials)}`;
}

export class InspectionCache {
  readonly #entries = new Map<string, Entry>();
  /** Inspections under way: concurrent reconciles of models of one image share a single one. */
  readonly #inFlight = new Map<string, Promise<CachedInspection>>();
  readonly #now: () => number;
  readonly #successTtlMs: number;
  readonly #backoffBaseMs: number;
  readonly #backoffMaxMs: number;
  readonly #maxEntries: number;

  constructor(options: InspectionCacheOptions = {}) {
    this.#now = options.now ?? Date.now;
    this.#successTtlMs = options.successTtlMs ?? 10 * 60_000;
    this.#backoffBaseMs = options.backoffBaseMs ?? 5_000;
    this.#backoffMaxMs = options.backoffMaxMs ?? 5 * 60_000;
    this.#maxEntries = options.maxEntries ?? 1024;
  }

  /**
   * The inspection of `ref` with `credentials`: from the cache while fresh (or while a failure is
   * backing off), else from `inspect`, whose outcome is remembered.
   */
  async get(
    ref: RegistryReference,
    credentials: RegistryCredentials | undefined,
    inspect: () => Promise<ImageInspection>,
  ): Promise<CachedInspection> {
    const key = inspectionKey(ref, credentials);
    const now = this.#now();
    const entry = this.#entries.get(key);
    if (entry !== undefined && entry.until > now) {
      if (entry.inspection !== undefined) return { ok: true, inspection: entry.inspection, fromCache: true };
      return {
        ok: false,
        error: entry.error,
        retryAfterSeconds: this.#seconds(entry.until - now),
        fromCache: true,
      };
    }
    const running = this.#inFlight.get(key);
    if (running !== undefined) return running;
    const started = this.#run(key, entry, inspect).finally(() => this.#inFlight.delete(key));
    this.#inFlight.set(key, started);
    return started;
  }

  async #run(
    key: string,
    previous: Entry | undefined,
    inspect: () => Promise<ImageInspection>,
  ): Promise<CachedInspection> {
    try {
      const inspection = await inspect();
      this.#store(key, { inspection, failures: 0, until: this.#now() + this.#successTtlMs });
      return { ok: true, inspection, fromCache: false };
    } catch (error) {
      const failures = (previous?.inspection === undefined ? (previous?.failures ?? 0) : 0) + 1;
      const delay = this.#backoffMs(failures, error);
      this.#store(key, { error, failures, until: this.#now() + delay });
      return { ok: false, error, retryAfterSeconds: this.#seconds(delay), fromCache: false };
    }
  }

  /** Forgets everything (tests, benchmarks). */
  clear(): void {
    this.#entries.clear();
  }

  #backoffMs(failures: number, error: unknown): number {
    const exponential = Math.min(this.#backoffMaxMs, this.#backoffBaseMs * 2 ** Math.min(failures - 1, 30));
    const retryAfter = isRegistryError(error) ? (error.retryAfterSeconds ?? 0) * 1000 : 0;
    return Math.max(exponential, Math.min(retryAfter, this.#backoffMaxMs));
  }

  #seconds(ms: number): number {
    return Math.max(1, Math.ceil(ms / 1000));
  }

  #store(key: string, entry: Entry): void {
    this.#entries.delete(key);
    if (this.#entries.size >= this.#maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.set(key, entry);
  }
}
