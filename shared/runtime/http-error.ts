/**
 * faas-js-runtime answers a thrown error with status `err.code` (500 when unset) and the message
 * as body (`lib/invoker.js`). Node system errors carry string codes (`ECONNREFUSED`), which would
 * make an invalid status, so only errors built here, with a numeric code, may leave a handler.
 */
export class FunctionHttpError extends Error {
  readonly code: number;

  constructor(code: number, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'FunctionHttpError';
    this.code = code;
  }
}

export const HTTP_STATUS = {
  badRequest: 400,
  internalError: 500,
  serviceUnavailable: 503,
} as const;
