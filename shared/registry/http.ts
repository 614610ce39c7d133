/**
 * One HTTP exchange with a registry (transport.ts, on `node:https`): a timeout per request (the wait for
 * a per-host slot included, see host-limiter.ts), redirects
 * followed by hand so that `Authorization` never travels to another origin (blob downloads are
 * commonly redirected to object storage) and never downgrades to plain HTTP, bounded response
 * bodies, and transport failures turned into `unreachable` RegistryErrors.
 */
import { RegistryError } from './errors.ts';
import type { HostLimiter } from './host-limiter.ts';
import { isLoopbackHost } from './reference.ts';
import { processHostLimiter } from './settings.ts';
import { type RegistryAnswer, type RegistryRequest, request } from './transport.ts';

export const MAX_REDIRECTS = 5;
const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

export type RequestCategory = 'manifest' | 'blob' | 'token' | 'list';

/** Requests sent, per category (redirect hops and challenge round trips included). */
export interface RegistryRequestCounts {
  manifest: number;
  blob: number;
  token: number;
  /** Catalog, tag and vendor listing pages (model sources). */
  list: number;
}

export function emptyRequestCounts(): RegistryRequestCounts {
  return { manifest: 0, blob: 0, token: 0, list: 0 };
}

export function totalRequests(counts: RegistryRequestCounts): number {
  return counts.manifest + counts.blob + counts.token + counts.list;
}

export interface SendOptions {
  category: RequestCategory;
  headers?: Record<string, string>;
  /** Sent to the original origin only. */
  authorization?: string;
  timeoutMs: number;
  /** Aborts the whole inspection (overall deadline). */
  signal?: AbortSignal;
  counts: RegistryRequestCounts;
  /** Per-host concurrency; default the process's (AIM_REGISTRY_CONCURRENCY). */
  limiter?: HostLimiter;
}

export interface SendResult {
  response: RegistryAnswer;
  /** The URL that finally answered (after redirects). */
  url: URL;
}

/** Only http(s) URLs without embedded credentials; plain HTTP only to loopback hosts. */
export function checkUrlAllowed(url: URL, what: string): void {
  if (url.username !== '' || url.password !== '') {
    throw new RegistryError('invalid-response', `${what}: URL with embedded credentials refused`);
  }
  if (url.protocol === 'https:') return;
  if (url.protocol === 'http:' && isLoopbackHost(url.host)) return;
  throw new RegistryError('invalid-response', `${what}: refusing ${url.protocol} URL to ${url.host}`);
}

function networkCode(err: unknown, depth = 0): string | undefined {
  if (typeof err !== 'object' || err === null || depth > 3) return undefined;
  const record = err as { code?: unknown; cause?: unknown; name?: unknown };
  if (record.name === 'TimeoutError') return 'ETIMEDOUT';
  if (typeof record.code === 'string' && record.code !== '') return record.code;
  return networkCode(record.cause, depth + 1);
}

/** A transport failure as an `unreachable` error that keeps the socket error code (for categorizing). */
export function unreachable(host: string, err: unknown): RegistryError {
  const code = networkCode(err) ?? 'network error';
  return new RegistryError('unreachable', `cannot reach registry ${host}: ${code}`, { cause: err });
}

function timeoutSignal(timeoutMs: number, signal: AbortSignal | undefined): AbortSignal {
  const timeout = AbortSignal.timeout(timeoutMs);
  return signal ? AbortSignal.any([timeout, signal]) : timeout;
}

function isTimeout(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { name?: unknown }).name === 'TimeoutError';
}

/** No answer in time: says how long was waited, and whether the wait was for a free slot. */
function timedOut(
  host: string,
  timeoutMs: number,
  limiter: HostLimiter | undefined,
  err: unknown,
): RegistryError {
  const waiting =
    limiter === undefined
      ? ''
      : ` (still waiting for one of ${limiter.limit} request slots for this host, AIM_REGISTRY_CONCURRENCY)`;
  return new RegistryError(
    'unreachable',
    `registry ${host} did not answer within ${timeoutMs} ms${waiting}`,
    { cause: err },
  );
}

/** A request inside a slot of the host's limiter; the slot is released once the headers arrive. */
async function limitedRequest(
  url: URL,
  init: RegistryRequest,
  options: SendOptions,
): Promise<RegistryAnswer> {
  const { signal } = init;
  const limiter = options.limiter ?? processHostLimiter();
  let release: (() => void) | undefined;
  try {
    release = await limiter.acquire(url.host, signal);
  } catch (err) {
    throw isTimeout(err) ? timedOut(url.host, options.timeoutMs, limiter, err) : unreachable(url.host, err);
  }
  try {
    return await request(url, init);
  } catch (err) {
    throw isTimeout(err) ? timedOut(url.host, options.timeoutMs, undefined, err) : unreachable(url.host, err);
  } finally {
    release();
  }
}

export async function send(input: URL, options: SendOptions): Promise<SendResult> {
  const origin = input.origin;
  let url = input;
  for (let hop = 0; ; hop++) {
    checkUrlAllowed(url, `request to ${url.host}`);
    const headers: Record<string, string> = { ...options.headers };
    if (options.authorization !== undefined && url.origin === origin)
      headers.authorization = options.authorization;
    options.counts[options.category]++;
    const signal = timeoutSignal(options.timeoutMs, options.signal);
    const response = await limitedRequest(url, { method: 'GET', headers, signal }, options);
    const location = response.headers.get('location');
    if (!REDIRECT_STATUSES.has(response.status) || location === null) return { response, url };
    response.discard();
    if (hop >= MAX_REDIRECTS) {
      throw new RegistryError(
        'invalid-response',
        `registry ${input.host}: more than ${MAX_REDIRECTS} redirects`,
      );
    }
    let next: URL;
    try {
      next = new URL(location, url);
    } catch {
      throw new RegistryError('invalid-response', `registry ${input.host}: redirect to an invalid URL`);
    }
    if (url.protocol === 'https:' && next.protocol !== 'https:') {
      throw new RegistryError(
        'invalid-response',
        `registry ${input.host}: redirect from HTTPS to ${next.protocol} refused`,
      );
    }
    url = next;
  }
}

/**
 * The body as bytes, refusing anything over `limit` bytes (by Content-Length up front, else while
 * streaming) so a hostile registry cannot exhaust memory.
 */
export async function readBody(
  response: RegistryAnswer,
  limit: number,
  what: string,
  host: string,
): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > limit) {
    response.discard();
    throw new RegistryError('invalid-response', `${what} is ${declared} bytes, over the ${limit}-byte limit`);
  }
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of response.chunks()) {
      total += chunk.byteLength;
      if (total > limit) {
        response.discard();
        throw new RegistryError('invalid-response', `${what} is over the ${limit}-byte limit`);
      }
      chunks.push(chunk);
    }
  } catch (err) {
    if (err instanceof RegistryError) throw err;
    throw unreachable(host, err);
  }
  return Buffer.concat(chunks);
}

/** Seconds from a `Retry-After` header (delta-seconds or HTTP date). */
export function retryAfterSeconds(response: RegistryAnswer, now: number = Date.now()): number | undefined {
  const value = response.headers.get('retry-after')?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  const date = Date.parse(value);
  return Number.isFinite(date) ? Math.max(0, Math.ceil((date - now) / 1000)) : undefined;
}
