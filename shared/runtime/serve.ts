/**
 * Starts a function module with faas-js-runtime's `start()`, adjusted where the runtime gives
 * no option (faas-js-runtime 4.0.1, `index.js`):
 *
 * - Host: `start()` always listens on `::` (every interface). The local launcher and tests must
 *   bind loopback only, so the one `listen` call `start()` makes is redirected to `host`.
 * - Port: `start()` treats port 0 as unset and falls back to 8080; the same redirect passes the
 *   requested port through, so tests can ask for an ephemeral port.
 * - Malformed CloudEvents: the runtime validates an incoming CloudEvent in a fastify hook before
 *   the handler runs, and the SDK's `ValidationError` carries no status, so fastify answers 500.
 *   A request that fails CloudEvent validation is the client's fault: it is marked as 400.
 * - Signal handlers: each `start()` adds SIGINT/SIGTERM/SIGQUIT/uncaughtException listeners
 *   (which call `process.exit`). `close()` removes the ones it added, so tests leave no trace.
 */
import type { Server } from 'node:http';
import { type AddressInfo, Server as NetServer } from 'node:net';
import faas, { type Function as FaasFunction, type LogLevel } from 'faas-js-runtime';
import { runtimeValidationError } from './runtime-cloudevents.ts';

export interface ServeOptions {
  /** Default 8080; 0 picks a free port. */
  port?: number;
  /** Default `127.0.0.1` (loopback only). */
  host?: string;
  /** Level of the runtime's own request logger (default `warn`). */
  logLevel?: 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal';
  /** Directory holding the function's `func.yaml`; the runtime reads `name` etc. from it. */
  funcDir?: string;
}

export interface RunningFunction {
  readonly server: Server;
  readonly port: number;
  readonly url: string;
  /** Runs the module's shutdown hook, closes the server and removes the runtime's process hooks. */
  close(): Promise<void>;
}

const PROCESS_EVENTS = ['SIGINT', 'SIGTERM', 'SIGQUIT', 'uncaughtException'] as const;

type ProcessListener = (...args: unknown[]) => void;

function listenersOf(event: string): ProcessListener[] {
  return (process.listeners as (event: string) => ProcessListener[])(event);
}

/* `start()` calls are serialised: the listen redirect must only ever see its own server. */
let startQueue: Promise<unknown> = Promise.resolve();

export function serveFunction(module: FaasFunction, options: ServeOptions = {}): Promise<RunningFunction> {
  const run = startQueue.then(() => startOnce(module, options));
  startQueue = run.catch(() => undefined);
  return run;
}

async function startOnce(module: FaasFunction, options: ServeOptions): Promise<RunningFunction> {
  markCloudEventValidationErrorsAsClientErrors();
  const host = options.host ?? '127.0.0.1';
  const before = new Map(PROCESS_EVENTS.map((event) => [event, new Set(listenersOf(event))]));
  const restoreListen = redirectNextListen(host, options.port ?? 8080);
  let server: Server;
  try {
    const runtimeOptions = {
      logLevel: (options.logLevel ?? 'warn') as unknown as LogLevel,
      ...(options.funcDir ? { config: options.funcDir } : {}),
    };
    server = await faas.start(module, runtimeOptions);
  } finally {
    restoreListen();
  }
  const added = PROCESS_EVENTS.flatMap((event) =>
    listenersOf(event).flatMap((listener) => (before.get(event)?.has(listener) ? [] : [{ event, listener }])),
  );
  const { port } = server.address() as AddressInfo;
  let closed: Promise<void> | undefined;
  return {
    server,
    port,
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    close: () => {
      closed ??= (async () => {
        for (const { event, listener } of added) process.removeListener(event, listener);
        try {
          await module.shutdown?.();
        } finally {
          server.closeAllConnections();
          await new Promise<void>((resolve) => server.close(() => resolve()));
        }
      })();
      return closed;
    },
  };
}

type ListenFunction = (this: NetServer, ...args: unknown[]) => NetServer;

/**
 * Rewrites the first `listen({ host: '::', port })` made after this call — the one
 * faas-js-runtime's fastify makes — and then puts `listen` back.
 */
function redirectNextListen(host: string, port: number): () => void {
  const prototype = NetServer.prototype as unknown as { listen: ListenFunction };
  const original = prototype.listen;
  const restore = () => {
    prototype.listen = original;
  };
  prototype.listen = function redirectedListen(this: NetServer, ...args: unknown[]): NetServer {
    const [first, ...rest] = args;
    if (typeof first === 'object' && first !== null && (first as { host?: unknown }).host === '::') {
      restore();
      return original.call(this, { ...first, host, port }, ...rest);
    }
    return original.apply(this, args);
  };
  return restore;
}

let validationErrorsMarked = false;

/** See the file comment: the runtime's own cloudevents copy, whichever major it is. */
function markCloudEventValidationErrorsAsClientErrors(): void {
  if (validationErrorsMarked) return;
  const ValidationError = runtimeValidationError();
  if (ValidationError && !Object.hasOwn(ValidationError.prototype, 'statusCode')) {
    Object.defineProperty(ValidationError.prototype, 'statusCode', { value: 400, writable: true });
  }
  validationErrorsMarked = true;
}
