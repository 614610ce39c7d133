/**
 * Why reading an image from its registry failed. Messages are built only from the image
 * reference, the registry host, HTTP status codes and registry error codes — never from request
 * headers, credentials or tokens — so they are safe in logs, status conditions and events.
 */

export const REGISTRY_ERROR_KINDS = [
  /** The image reference cannot be parsed. */
  'invalid-reference',
  /** The repository, tag or digest does not exist (404, MANIFEST_UNKNOWN, NAME_UNKNOWN). */
  'not-found',
  /** Authentication failed or pulling is not allowed (401/403 after the challenge flow). */
  'auth',
  /** 429 Too Many Requests. */
  'rate-limited',
  /** The registry answered 5xx. */
  'server',
  /** No answer: connection refused/reset, DNS failure, timeout. */
  'unreachable',
  /** An answer that is not what the protocol promises: wrong media type, bad JSON, digest mismatch, too large. */
  'invalid-response',
] as const;

export type RegistryErrorKind = (typeof REGISTRY_ERROR_KINDS)[number];

export interface RegistryErrorOptions {
  statusCode?: number;
  /** From a `Retry-After` header (429/503). */
  retryAfterSeconds?: number;
  cause?: unknown;
}

export class RegistryError extends Error {
  readonly kind: RegistryErrorKind;
  readonly statusCode: number | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(kind: RegistryErrorKind, message: string, options: RegistryErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'RegistryError';
    this.kind = kind;
    this.statusCode = options.statusCode;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export function isRegistryError(err: unknown): err is RegistryError {
  return err instanceof RegistryError;
}
