import type { KubeErrorReason } from './types.ts';

/** One entry of a Status body's `details.causes` (422 field errors). */
export interface StatusCause {
  field?: string;
  reason?: string;
  message?: string;
}

/** What the API server (or the transport) said, minus anything the client sent. */
export interface KubeErrorDetails {
  /** The Status body's `message`, or a short excerpt of a non-Status response body. */
  message?: string;
  /** The Status body's `reason` as sent (may differ from the classified `reason`, e.g. `ServerTimeout`). */
  statusReason?: string;
  causes?: StatusCause[];
  /** `details.retryAfterSeconds` or the `Retry-After` header (429/503). */
  retryAfterSeconds?: number;
  /** Node/undici error code of a transport failure (`ECONNREFUSED`, `ENOTFOUND`, ...). */
  networkCode?: string;
}

export interface KubeErrorInit {
  reason: KubeErrorReason;
  message: string;
  statusCode?: number;
  retryable: boolean;
  details?: KubeErrorDetails;
}

/**
 * A classified failure of a Kubernetes API call.
 * The message is built only from the method, path and what the server or socket reported; request
 * bodies and headers (tokens, Secret data) never reach it.
 */
export class KubeError extends Error {
  readonly reason: KubeErrorReason;
  readonly statusCode: number | undefined;
  /** True when repeating the same request later may succeed (rate limit, 5xx, timeout, network). */
  readonly retryable: boolean;
  readonly details: KubeErrorDetails;

  constructor(init: KubeErrorInit) {
    super(init.message);
    this.name = 'KubeError';
    this.reason = init.reason;
    this.statusCode = init.statusCode;
    this.retryable = init.retryable;
    this.details = init.details ?? {};
  }
}

/** Identifies the request in an error message; never carries a body or headers. */
export interface RequestDescription {
  method: string;
  /** URL path without query string. */
  path: string;
}

const RETRYABLE_REASONS: ReadonlySet<KubeErrorReason> = new Set<KubeErrorReason>([
  'TooManyRequests',
  'InternalError',
  'ServiceUnavailable',
  'Timeout',
  'NetworkError',
]);

/* Status reasons the API server sends, mapped onto the categories callers branch on. */
const STATUS_REASONS: Record<string, KubeErrorReason> = {
  NotFound: 'NotFound',
  AlreadyExists: 'AlreadyExists',
  Conflict: 'Conflict',
  Invalid: 'Invalid',
  Forbidden: 'Forbidden',
  Unauthorized: 'Unauthorized',
  BadRequest: 'BadRequest',
  Gone: 'Gone',
  Expired: 'Gone',
  TooManyRequests: 'TooManyRequests',
  InternalError: 'InternalError',
  ServiceUnavailable: 'ServiceUnavailable',
  Timeout: 'Timeout',
  ServerTimeout: 'Timeout',
};

function reasonFromStatusCode(status: number): KubeErrorReason {
  switch (status) {
    case 400:
      return 'BadRequest';
    case 401:
      return 'Unauthorized';
    case 403:
      return 'Forbidden';
    case 404:
      return 'NotFound';
    case 409:
      return 'Conflict';
    case 410:
      return 'Gone';
    case 422:
      return 'Invalid';
    case 429:
      return 'TooManyRequests';
    case 500:
      return 'InternalError';
    case 503:
      return 'ServiceUnavailable';
    case 504:
      return 'Timeout';
    default:
      if (status >= 500) return 'InternalError';
      if (status >= 400) return 'BadRequest';
      return 'Unknown';
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function asString(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function parseCauses(details: unknown): StatusCause[] | undefined {
  if (!isRecord(details) || !Array.isArray(details.causes)) return undefined;
  const causes: StatusCause[] = [];
  for (const raw of details.causes) {
    if (!isRecord(raw)) continue;
    const cause: StatusCause = {};
    const field = asString(raw.field);
    const reason = asString(raw.reason);
    const message = asString(raw.message);
    if (field) cause.field = field;
    if (reason) cause.reason = reason;
    if (message) cause.message = message;
    causes.push(cause);
  }
  return causes.length > 0 ? causes : undefined;
}

const MAX_BODY_EXCERPT = 200;

/** The parsed Status object, or a short excerpt of whatever else came back (proxies send HTML). */
function readResponseBody(body: unknown): {
  message?: string;
  statusReason?: string;
  causes?: StatusCause[];
  retryAfterSeconds?: number;
} {
  let parsed = body;
  if (typeof body === 'string') {
    try {
      parsed = JSON.parse(body);
    } catch {
      const text = body.trim().replace(/\s+/g, ' ');
      if (text === '') return {};
      return {
        message: text.length > MAX_BODY_EXCERPT ? `${text.slice(0, MAX_BODY_EXCERPT)}…` : text,
      };
    }
  }
  if (!isRecord(parsed)) return {};
  const result: ReturnType<typeof readResponseBody> = {};
  const message = asString(parsed.message);
  const statusReason = asString(parsed.reason);
  const causes = parseCauses(parsed.details);
  if (message) result.message = message;
  if (statusReason) result.statusReason = statusReason;
  if (causes) result.causes = causes;
  if (isRecord(parsed.details) && typeof parsed.details.retryAfterSeconds === 'number') {
    result.retryAfterSeconds = parsed.details.retryAfterSeconds;
  }
  return result;
}

function describeCauses(causes: StatusCause[] | undefined): string {
  if (!causes) return '';
  const parts = causes.map((cause) => {
    const text = cause.message ?? cause.reason ?? 'invalid';
    return cause.field ? `${cause.field}: ${text}` : text;
  });
  return ` [${parts.join('; ')}]`;
}

function describeRequest(request: RequestDescription | undefined): string {
  return request ? `${request.method} ${request.path}: ` : '';
}

/**
 * Classifies an HTTP error response: the Status body's `reason` decides first (it distinguishes
 * AlreadyExists from Conflict on 409 and ServerTimeout on 500), the HTTP code second.
 */
export function classifyHttpError(
  status: number,
  body: unknown,
  request?: RequestDescription,
  retryAfterHeader?: string | null,
): KubeError {
  const parsed = readResponseBody(body);
  const reason =
    (parsed.statusReason ? STATUS_REASONS[parsed.statusReason] : undefined) ?? reasonFromStatusCode(status);
  const details: KubeErrorDetails = { ...parsed };
  if (details.retryAfterSeconds === undefined && retryAfterHeader) {
    const seconds = Number(retryAfterHeader);
    if (Number.isFinite(seconds) && seconds >= 0) details.retryAfterSeconds = seconds;
  }
  // The API server's 422 message usually names the fields already; the causes make sure of it.
  const causesText = reason === 'Invalid' ? describeCauses(parsed.causes) : '';
  const serverText = parsed.message ?? `HTTP ${status}`;
  return new KubeError({
    reason,
    statusCode: status,
    retryable: RETRYABLE_REASONS.has(reason),
    message: `${describeRequest(request)}${status} ${reason}: ${serverText}${causesText}`,
    details,
  });
}

const TIMEOUT_CODES = new Set([
  'ETIMEDOUT',
  'ESOCKETTIMEDOUT',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
]);

/*
 * Certificate problems do not heal by retrying the same request; everything else a socket reports
 * (refused, reset, DNS, unreachable) usually does.
 */
const PERMANENT_TLS_CODE =
  /^(CERT_|ERR_TLS_CERT|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_VERIFY_LEAF_SIGNATURE|UNABLE_TO_GET_ISSUER_CERT)/;

function errorCode(err: unknown): string | undefined {
  if (!isRecord(err) && !(err instanceof Error)) return undefined;
  const record = err as Record<string, unknown>;
  const code = asString(record.code);
  if (code) return code;
  // fetch wraps the socket error in `cause`.
  return record.cause !== undefined && record.cause !== err ? errorCode(record.cause) : undefined;
}

function isAbort(err: unknown): boolean {
  return err instanceof Error && (err.name === 'AbortError' || err.name === 'TimeoutError');
}

/** Classifies a transport failure (no HTTP response): timeouts and aborts → Timeout, the rest → NetworkError. */
export function classifyNetworkError(err: unknown, request?: RequestDescription): KubeError {
  if (err instanceof KubeError) return err;
  const code = errorCode(err);
  const text = err instanceof Error ? err.message : String(err);
  const details: KubeErrorDetails = { message: text };
  if (code) details.networkCode = code;
  if (isAbort(err) || (code !== undefined && TIMEOUT_CODES.has(code))) {
    return new KubeError({
      reason: 'Timeout',
      retryable: true,
      message: `${describeRequest(request)}request timed out: ${text}`,
      details,
    });
  }
  const permanent = code !== undefined && PERMANENT_TLS_CODE.test(code);
  return new KubeError({
    reason: 'NetworkError',
    retryable: !permanent,
    message: `${describeRequest(request)}network error${code ? ` (${code})` : ''}: ${text}`,
    details,
  });
}

export function isKubeError(err: unknown): err is KubeError {
  return err instanceof KubeError;
}

export function isNotFound(err: unknown): boolean {
  return err instanceof KubeError && err.reason === 'NotFound';
}

export function isConflict(err: unknown): boolean {
  return err instanceof KubeError && err.reason === 'Conflict';
}

export function isAlreadyExists(err: unknown): boolean {
  return err instanceof KubeError && err.reason === 'AlreadyExists';
}

/**
 * Transient: the same request may succeed later. A Conflict is not, because repeating a write with
 * a stale resourceVersion fails again; `retryOnConflict` re-reads instead.
 */
export function isRetryable(err: unknown): boolean {
  return err instanceof KubeError && err.retryable;
}
