/**
 * Bearer tokens per (registry, scope, credentials), kept until shortly before they expire. The
 * credentials are part of the key — as a one-way fingerprint — so a token obtained with one pull
 * secret is never handed to a request made with another (or with none).
 */
import { createHash } from 'node:crypto';
import type { RegistryCredentials } from './credentials.ts';

/** Token lifetime when the token endpoint does not say (distribution's token spec). */
export const DEFAULT_TOKEN_LIFETIME_SECONDS = 60;
/** Tokens are dropped this long before they expire, so an in-flight request does not carry a dead one. */
const EXPIRY_MARGIN_MS = 5_000;
const DEFAULT_MAX_ENTRIES = 1024;

export function credentialsFingerprint(credentials: RegistryCredentials | undefined): string {
  if (credentials === undefined) return 'anonymous';
  return createHash('sha256')
    .update(credentials.username)
    .update('\u0000')
    .update(credentials.password)
    .digest('hex')
    .slice(0, 32);
}

interface CachedToken {
  token: string;
  expiresAt: number;
}

export class TokenCache {
  readonly #entries = new Map<string, CachedToken>();
  readonly #now: () => number;
  readonly #maxEntries: number;

  constructor(options: { now?: () => number; maxEntries?: number } = {}) {
    this.#now = options.now ?? Date.now;
    this.#maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
  }

  static key(registry: string, scope: string, credentials: RegistryCredentials | undefined): string {
    return `${registry}|${scope}|${credentialsFingerprint(credentials)}`;
  }

  get(key: string): string | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.expiresAt - EXPIRY_MARGIN_MS <= this.#now()) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.token;
  }

  set(key: string, token: string, lifetimeSeconds: number): void {
    this.#entries.delete(key);
    if (this.#entries.size >= this.#maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.set(key, { token, expiresAt: this.#now() + lifetimeSeconds * 1000 });
  }

  delete(key: string): void {
    this.#entries.delete(key);
  }

  get size(): number {
    return this.#entries.size;
  }
}
