/**
 * HTTP for registries and their vendors' APIs on `node:http`/`node:https` rather than the global
 * `fetch`. `fetch` loads undici, which stays resident: a bare Node 24 process goes from 54 to
 * 78 MiB after twenty small fetches and to 56.5 MiB after the same GETs on `node:http`, and
 * model-inspect would carry that for good after its first inspection. Without undici a function
 * can also run without V8's JIT (`--jitless` removes WebAssembly, which undici's parser needs).
 */
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { http, https } from '../runtime/node-http.ts';

const USER_AGENT = 'aim-engine-functions';

/** What a registry answered: the status, the headers and the body as it arrives. */
export interface RegistryAnswer {
  readonly status: number;
  readonly headers: { get(name: string): string | null };
  /** The body's chunks; a failure while reading (the deadline included) is the request's error. */
  chunks(): AsyncIterable<Buffer>;
  /** Releases a body nobody will read (the connection is not reused). */
  discard(): void;
}

export interface RegistryRequest {
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  /** Covers connecting, the headers and the body. */
  signal: AbortSignal;
}

class AnswerHeaders {
  readonly #headers: IncomingHttpHeaders;

  constructor(headers: IncomingHttpHeaders) {
    this.#headers = headers;
  }

  get(name: string): string | null {
    const value = this.#headers[name.toLowerCase()];
    if (value === undefined) return null;
    return Array.isArray(value) ? value.join(', ') : value;
  }
}

/** An aborted request fails with the signal's reason (a `TimeoutError` for a deadline), as fetch does. */
function failure(err: unknown, signal: AbortSignal): unknown {
  return signal.aborted ? signal.reason : err;
}

function answerOf(message: IncomingMessage, signal: AbortSignal): RegistryAnswer {
  return {
    status: message.statusCode ?? 0,
    headers: new AnswerHeaders(message.headers),
    async *chunks() {
      try {
        for await (const chunk of message) yield chunk as Buffer;
      } catch (err) {
        throw failure(err, signal);
      }
    },
    discard() {
      if (!message.complete) message.destroy();
    },
  };
}

/** Sends one request; resolves when the status and headers have arrived. */
export function request(url: URL, init: RegistryRequest): Promise<RegistryAnswer> {
  const { signal } = init;
  if (signal.aborted) return Promise.reject(signal.reason);
  const transport = url.protocol === 'https:' ? https : http;
  // Some registry front ends refuse requests without a User-Agent; fetch sent `node`.
  const headers: Record<string, string | number> = { 'user-agent': USER_AGENT, ...init.headers };
  if (init.body !== undefined) headers['content-length'] = Buffer.byteLength(init.body);
  return new Promise((resolve, reject) => {
    const outgoing = transport.request(url, { method: init.method, headers, signal }, (message) =>
      resolve(answerOf(message, signal)),
    );
    outgoing.on('error', (err) => reject(failure(err, signal)));
    outgoing.end(init.body);
  });
}
