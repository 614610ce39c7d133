import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { join } from 'node:path';
import { type LogAnswer, sliceLog } from './pod-logs.ts';

export interface KubeletServer {
  readonly port: number;
  close(): Promise<void>;
}

export interface KubeletServerOptions {
  /** Holds `apiserver.crt` / `apiserver.key`; reused as the kubelet's serving certificate. */
  certDir: string;
  logs(namespace: string, pod: string, container: string): LogAnswer;
}

function optionalInt(value: string | null): number | undefined {
  if (value === null || value === '') return undefined;
  const parsed = Number.parseInt(value, 10);
  return Number.isNaN(parsed) ? undefined : parsed;
}

/**
 * The kubelet's HTTPS endpoint, as far as the API server uses it for `pods/log`:
 * `GET /containerLogs/{namespace}/{pod}/{container}` with `tailLines` and `limitBytes`. The API
 * server does not verify the kubelet's certificate unless `--kubelet-certificate-authority` is set,
 * so the API server's own serving pair does. Binds 127.0.0.1 on a free port.
 */
export async function startKubeletServer(options: KubeletServerOptions): Promise<KubeletServer> {
  const server: Server = createServer(
    {
      cert: readFileSync(join(options.certDir, 'apiserver.crt')),
      key: readFileSync(join(options.certDir, 'apiserver.key')),
    },
    (request, response) => {
      const url = new URL(request.url ?? '/', 'https://127.0.0.1');
      const parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
      if (request.method === 'GET' && url.pathname === '/healthz') {
        response.writeHead(200, { 'Content-Type': 'text/plain' }).end('ok');
        return;
      }
      if (request.method !== 'GET' || parts.length !== 4 || parts[0] !== 'containerLogs') {
        response.writeHead(404, { 'Content-Type': 'text/plain' }).end('404 page not found\n');
        return;
      }
      const [, namespace = '', pod = '', container = ''] = parts;
      const answer = options.logs(namespace, pod, container);
      if (answer.status !== 200) {
        response.writeHead(answer.status, { 'Content-Type': 'text/plain' }).end(answer.message);
        return;
      }
      const slice: { tailLines?: number; limitBytes?: number } = {};
      const tailLines = optionalInt(url.searchParams.get('tailLines'));
      const limitBytes = optionalInt(url.searchParams.get('limitBytes'));
      if (tailLines !== undefined) slice.tailLines = tailLines;
      if (limitBytes !== undefined) slice.limitBytes = limitBytes;
      response
        .writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8' })
        .end(sliceLog(answer.text, slice));
    },
  );
  server.keepAliveTimeout = 1_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
