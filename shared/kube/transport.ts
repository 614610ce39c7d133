import type { Agent as HttpAgent } from 'node:http';
import type { Agent as HttpsAgent, RequestOptions } from 'node:https';
import { http, https } from '../runtime/node-http.ts';
import type { Connection } from './connection.ts';
import { classifyHttpError, classifyNetworkError, KubeError, type RequestDescription } from './errors.ts';

export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;

export type QueryValue = string | number | boolean | undefined;

export interface TransportRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** URL path below the server URL, already encoded (see `resourcePath`). */
  path: string;
  query?: Record<string, QueryValue>;
  body?: string;
  contentType?: string;
  accept?: string;
}

/**
 * The one place that performs HTTP against the API server. Non-2xx answers and transport failures
 * come back as classified `KubeError`s; a 2xx answer resolves to the body text.
 */
export interface KubeTransport {
  request(request: TransportRequest): Promise<string>;
  /**
   * A long-lived GET (a watch): `onLine` receives each newline-terminated line of the body as it
   * arrives. No deadline covers the body (the server's `timeoutSeconds` ends it); only the
   * connection and the response headers must come within the request timeout.
   */
  stream(request: TransportRequest, onLine: (line: string) => void): StreamHandle;
  /** Opens `connections` keep-alive connections (a `GET /version` each); never fails. */
  warm(connections: number): Promise<void>;
  readonly requestCount: number;
}

export interface StreamHandle {
  /** Settles when the body ends: resolves on a normal end, rejects with a `KubeError` otherwise. */
  done: Promise<void>;
  /** Ends the stream; `done` then resolves. */
  stop(): void;
}

export interface TransportOptions {
  /** Per-request deadline covering connect, headers and body. Default 30 s. */
  timeoutMs?: number;
  userAgent?: string;
  /** Told of every request as it is sent (metrics count API requests by verb and resource). */
  onRequest?: (request: TransportRequest) => void;
  /** Told of every request's answer or failure, with its duration in seconds (not of watches). */
  onResponse?: (request: TransportRequest, seconds: number) => void;
}

type Agent = HttpAgent | HttpsAgent;

/*
 * client-node builds a new Agent (TLS material from the kubeconfig) on every applyToHTTPSOptions call
 * and without keep-alive, which would cost a TLS handshake per request. The first one is kept, and a
 * plain Agent is rebuilt with keep-alive; proxy agents (subclasses) are used as they come.
 */
function reusableAgent(agent: unknown): Agent | undefined {
  if (agent instanceof https.Agent && agent.constructor === https.Agent) {
    return new https.Agent({ ...agent.options, keepAlive: true });
  }
  if (agent instanceof http.Agent && agent.constructor === http.Agent) {
    return new http.Agent({ keepAlive: true });
  }
  return agent instanceof http.Agent ? agent : undefined;
}

function buildQuery(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.append(key, String(value));
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

function headerRecord(headers: unknown): Record<string, string | string[]> {
  const result: Record<string, string | string[]> = {};
  if (typeof headers !== 'object' || headers === null) return result;
  for (const [key, value] of Object.entries(headers)) {
    if (typeof value === 'string' || Array.isArray(value)) result[key] = value;
    else if (typeof value === 'number') result[key] = String(value);
  }
  return result;
}

export function createTransport(kubeConfig: Connection, options: TransportOptions = {}): KubeTransport {
  const cluster = kubeConfig.getCurrentCluster();
  if (!cluster) throw new Error('kubeconfig has no current cluster (check the current context)');
  const server = new URL(cluster.server);
  const module = server.protocol === 'http:' ? http : https;
  // A server URL may carry a path prefix (API proxies such as Rancher's /k8s/clusters/<id>).
  const basePath = server.pathname.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  const userAgent = options.userAgent ?? 'aim-engine-functions';
  let agent: Agent | undefined;
  let requestCount = 0;

  interface Prepared {
    url: URL;
    description: RequestDescription;
    headers: Record<string, string | string[]>;
    basicAuth: string | null | undefined;
  }

  async function prepare(req: TransportRequest): Promise<Prepared> {
    const description: RequestDescription = { method: req.method, path: req.path };
    // Asked per request: token files (in-cluster) and exec plugins rotate credentials.
    const auth: RequestOptions = {};
    try {
      await kubeConfig.applyToHTTPSOptions(auth);
    } catch (err) {
      const text = err instanceof Error ? err.message : String(err);
      throw new KubeError({
        reason: 'Unauthorized',
        retryable: false,
        message: `${req.method} ${req.path}: cannot obtain credentials from kubeconfig: ${text}`,
      });
    }
    agent ??= reusableAgent(auth.agent);
    const headers = headerRecord(auth.headers);
    headers.Accept = req.accept ?? 'application/json';
    headers['User-Agent'] = userAgent;
    if (req.body !== undefined) {
      headers['Content-Type'] = req.contentType ?? 'application/json';
      headers['Content-Length'] = String(Buffer.byteLength(req.body));
    }
    const url = new URL(`${server.origin}${basePath}${req.path}${buildQuery(req.query)}`);
    requestCount += 1;
    options.onRequest?.(req);
    return { url, description, headers, basicAuth: auth.auth };
  }

  function requestOptions(
    req: TransportRequest,
    headers: Record<string, string | string[]>,
    controller: AbortController,
    basicAuth: string | null | undefined,
  ): RequestOptions {
    const options: RequestOptions = { method: req.method, headers, signal: controller.signal };
    if (agent) options.agent = agent;
    if (basicAuth) options.auth = basicAuth;
    return options;
  }

  async function request(req: TransportRequest): Promise<string> {
    const started = performance.now();
    const { url, description, headers, basicAuth } = await prepare(req);
    const answered = () => options.onResponse?.(req, (performance.now() - started) / 1000);
    try {
      return await send(url, req, description, headers, basicAuth);
    } finally {
      answered();
    }
  }

  function stream(req: TransportRequest, onLine: (line: string) => void): StreamHandle {
    const controller = new AbortController();
    let stopped = false;
    const done = (async () => {
      const { url, description, headers, basicAuth } = await prepare(req);
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => controller.abort(), timeoutMs);
        const fail = (err: unknown) => {
          clearTimeout(timer);
          if (stopped) resolve();
          else reject(classifyNetworkError(err, description));
        };
        const outgoing = module.request(
          url,
          requestOptions(req, headers, controller, basicAuth),
          (response) => {
            clearTimeout(timer);
            const status = response.statusCode ?? 0;
            let pending = '';
            response.setEncoding('utf8');
            const ok = status >= 200 && status < 300;
            response.on('data', (chunk: string) => {
              pending += chunk;
              // An error answer is one Status body (often newline-terminated): kept whole for the error.
              if (!ok) return;
              let newline = pending.indexOf('\n');
              while (newline >= 0) {
                const line = pending.slice(0, newline);
                pending = pending.slice(newline + 1);
                if (line.trim() !== '') onLine(line);
                newline = pending.indexOf('\n');
              }
            });
            response.on('error', fail);
            response.on('end', () => {
              if (ok) {
                if (pending.trim() !== '') onLine(pending);
                resolve();
              } else reject(classifyHttpError(status, pending, description, null));
            });
            response.on('close', () => {
              if (!response.complete) fail(new Error('watch connection closed'));
            });
          },
        );
        outgoing.on('error', fail);
        outgoing.end(req.body);
      });
    })();
    return {
      done,
      stop() {
        stopped = true;
        controller.abort();
      },
    };
  }

  function send(
    url: URL,
    req: TransportRequest,
    description: RequestDescription,
    headers: Record<string, string | string[]>,
    basicAuth: string | null | undefined,
  ): Promise<string> {
    return new Promise<string>((resolve, reject) => {
      const controller = new AbortController();
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, timeoutMs);
      const fail = (err: unknown) => {
        clearTimeout(timer);
        if (timedOut) {
          reject(
            new KubeError({
              reason: 'Timeout',
              retryable: true,
              message: `${req.method} ${req.path}: no complete response within ${timeoutMs} ms`,
              details: { message: 'client-side timeout' },
            }),
          );
        } else {
          reject(classifyNetworkError(err, description));
        }
      };
      // Looked up on the module at call time so interceptors (msw in tests) that patch it apply.
      const outgoing = module.request(
        url,
        requestOptions(req, headers, controller, basicAuth),
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', fail);
          response.on('close', () => {
            if (!response.complete) fail(new Error('connection closed before the response was complete'));
          });
          response.on('end', () => {
            clearTimeout(timer);
            const text = Buffer.concat(chunks).toString('utf8');
            const status = response.statusCode ?? 0;
            if (status >= 200 && status < 300) {
              resolve(text);
              return;
            }
            const retryAfter = response.headers['retry-after'];
            reject(
              classifyHttpError(
                status,
                text,
                description,
                typeof retryAfter === 'string' ? retryAfter : null,
              ),
            );
          });
        },
      );
      outgoing.on('error', fail);
      outgoing.end(req.body);
    });
  }

  async function warm(connections: number): Promise<void> {
    const opening = Array.from({ length: connections }, () => request({ method: 'GET', path: '/version' }));
    await Promise.allSettled(opening);
  }

  return {
    request,
    stream,
    warm,
    get requestCount() {
      return requestCount;
    },
  };
}
