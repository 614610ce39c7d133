/**
 * An event the functions cannot act on (wrong type, missing or inconsistent data, not a
 * CloudEvent at all). Redelivering it cannot help, so it maps to HTTP 400, which neither the
 * ApiServerSource adapter nor a Broker retries. `code` is what faas-js-runtime reads to pick the
 * response status of a thrown error.
 */
export class BadEventError extends Error {
  readonly code = 400;

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'BadEventError';
  }
}

export function isBadEventError(err: unknown): err is BadEventError {
  return err instanceof BadEventError;
}
