/**
 * Error categories of spec §5.2. Every failure a reconciler observes ends up as a `StateError`
 * whose category decides what the state engine does with it (block, degrade, or wait).
 */
import type { ComponentErrorCategory } from '../api/common/component-health.ts';
import { ERROR_REASONS } from '../constants/conditions.ts';
import { KubeError } from '../kube/errors.ts';

export const ERROR_CATEGORIES = {
  infrastructure: 'Infrastructure',
  auth: 'Auth',
  invalidSpec: 'InvalidSpec',
  missingUpstreamDependency: 'MissingUpstreamDependency',
  missingDownstreamDependency: 'MissingDownstreamDependency',
  resourceExhaustion: 'ResourceExhaustion',
  unknown: 'Unknown',
} as const satisfies Record<string, ComponentErrorCategory>;

export type ErrorCategory = (typeof ERROR_CATEGORIES)[keyof typeof ERROR_CATEGORIES];

const CATEGORY_VALUES: ReadonlySet<string> = new Set(Object.values(ERROR_CATEGORIES));

export function isErrorCategory(value: string): value is ErrorCategory {
  return CATEGORY_VALUES.has(value);
}

/** An error that already knows its category, reason and message; categorizing it is the identity. */
export class StateError extends Error {
  readonly category: ErrorCategory;
  readonly reason: string;

  constructor(category: ErrorCategory, reason: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StateError';
    this.category = category;
    this.reason = reason;
  }
}

export function isStateError(err: unknown): err is StateError {
  return err instanceof StateError;
}

const NETWORK_REASONS: Readonly<Record<string, string>> = {
  ECONNREFUSED: ERROR_REASONS.connectionRefused,
  ETIMEDOUT: ERROR_REASONS.networkTimeout,
  UND_ERR_CONNECT_TIMEOUT: ERROR_REASONS.networkTimeout,
  ECONNRESET: ERROR_REASONS.connectionReset,
  ENOTFOUND: ERROR_REASONS.dnsFailure,
  EAI_AGAIN: ERROR_REASONS.dnsFailure,
};

/* Socket-level failures other than the named ones: Go's "other net.OpError" row. */
const OTHER_NETWORK_CODES: ReadonlySet<string> = new Set([
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'EPIPE',
  'ECONNABORTED',
  'EADDRNOTAVAIL',
  'UND_ERR_SOCKET',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

function errorText(err: unknown): string {
  if (err instanceof Error) return err.message;
  if (typeof err === 'string') return err;
  try {
    return JSON.stringify(err) ?? String(err);
  } catch {
    return String(err);
  }
}

/** `code` of a Node/undici error, looking through fetch's `cause` wrapper. */
function networkCode(err: unknown, depth = 0): string | undefined {
  if (typeof err !== 'object' || err === null || depth > 3) return undefined;
  const record = err as { code?: unknown; cause?: unknown };
  if (typeof record.code === 'string' && record.code !== '') return record.code;
  return networkCode(record.cause, depth + 1);
}

function isSocketError(err: unknown): boolean {
  return (
    typeof err === 'object' && err !== null && typeof (err as { syscall?: unknown }).syscall === 'string'
  );
}

function categorizeNetwork(code: string | undefined, err: unknown, text: string): StateError | undefined {
  const infra = ERROR_CATEGORIES.infrastructure;
  if (code !== undefined) {
    const reason = NETWORK_REASONS[code];
    if (reason !== undefined) return new StateError(infra, reason, text, { cause: err });
    if (OTHER_NETWORK_CODES.has(code))
      return new StateError(infra, ERROR_REASONS.networkError, text, { cause: err });
  }
  if (isSocketError(err)) return new StateError(infra, ERROR_REASONS.networkError, text, { cause: err });
  return undefined;
}

/** The API server's wording when a validating or mutating webhook refuses a write. */
const ADMISSION_DENIED = /admission webhook "[^"]+" denied the request/;

function categorizeKubeError(err: KubeError): StateError {
  const { infrastructure: infra, auth, invalidSpec } = ERROR_CATEGORIES;
  const text = err.message;
  const make = (category: ErrorCategory, reason: string, message = text) =>
    new StateError(category, reason, message, { cause: err });
  // A webhook's refusal comes as 403 Forbidden (controller-runtime's default), yet it is about the
  // object written, not the function's permissions: what the user wrote must change.
  const refused = err.statusCode !== undefined && err.statusCode < 500 && ADMISSION_DENIED.test(text);
  if (refused) return make(invalidSpec, ERROR_REASONS.admissionDenied);
  // No HTTP status: the request never got an answer, so it is a transport failure.
  if (err.statusCode === undefined && (err.reason === 'NetworkError' || err.reason === 'Timeout')) {
    const code = err.details.networkCode;
    const network = categorizeNetwork(code, err, text);
    if (network) return network;
    return make(infra, err.reason === 'Timeout' ? ERROR_REASONS.networkTimeout : ERROR_REASONS.networkError);
  }
  switch (err.reason) {
    case 'NotFound':
      return make(ERROR_CATEGORIES.missingDownstreamDependency, ERROR_REASONS.notFound, 'Resource not found');
    case 'Unauthorized':
      return make(auth, ERROR_REASONS.unauthorized);
    case 'Forbidden':
      return make(auth, ERROR_REASONS.forbidden);
    case 'Invalid':
      return make(invalidSpec, ERROR_REASONS.invalidSpec);
    case 'AlreadyExists':
      return make(invalidSpec, ERROR_REASONS.alreadyExists);
    case 'Conflict':
      return make(infra, ERROR_REASONS.conflict);
    case 'Timeout':
      return make(infra, ERROR_REASONS.timeout);
    case 'ServiceUnavailable':
    case 'InternalError':
      return make(infra, ERROR_REASONS.serviceUnavailable);
    case 'TooManyRequests':
      return make(infra, ERROR_REASONS.rateLimited);
    case 'NetworkError':
      return make(infra, ERROR_REASONS.networkError);
    default: {
      const status = err.statusCode;
      if (status !== undefined && status >= 500) return make(infra, ERROR_REASONS.serverError);
      if (status !== undefined && status >= 400) return make(invalidSpec, ERROR_REASONS.clientError);
      return make(ERROR_CATEGORIES.unknown, ERROR_REASONS.unknownError);
    }
  }
}

/** Spec §5.2 `categorizeError`: Kubernetes status errors, then network errors, else Unknown. */
export function categorizeError(err: unknown): StateError {
  if (err instanceof StateError) return err;
  if (err instanceof KubeError) return categorizeKubeError(err);
  const text = errorText(err);
  return (
    categorizeNetwork(networkCode(err), err, text) ??
    new StateError(ERROR_CATEGORIES.unknown, ERROR_REASONS.unknownError, text, { cause: err })
  );
}
