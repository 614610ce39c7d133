/**
 * The registry transport against a real loopback HTTP server (no msw): statuses and headers,
 * the body in chunks, a deadline that expires while the body is still arriving, a POST body, and
 * no undici in a process that uses it (the reason it is not `fetch`).
 */
import { execFile } from 'node:child_process';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RegistryError } from '../../../shared/registry/errors.ts';
import { emptyRequestCounts, readBody, send } from '../../../shared/registry/http.ts';
import { type RegistryAnswer, request } from '../../../shared/registry/transport.ts';

let server: Server;
let base: string;
const received: { method: string; body: string; headers: Record<string, unknown> }[] = [];

function stall(res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.write('{"partial":');
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      received.push({ method: req.method ?? '', body, headers: req.headers });
      if (req.url === '/stall') return stall(res);
      if (req.url === '/cut') {
        stall(res);
        setTimeout(() => res.socket?.destroy(), 20);
        return;
      }
      if (req.url === '/big') {
        res.writeHead(200);
        for (let i = 0; i < 64; i++) res.write('x'.repeat(1024));
        return res.end();
      }
      if (req.url === '/moved') {
        res.writeHead(307, { location: '/plain' });
        return res.end('elsewhere');
      }
      res.writeHead(200, { 'docker-content-digest': 'sha256:abc', 'x-twice': ['a', 'b'] });
      res.end(`echo:${body}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function text(url: string, init: Parameters<typeof request>[1]): Promise<string> {
  const answer = await request(new URL(url), init);
  const chunks: Buffer[] = [];
  for await (const chunk of answer.chunks()) chunks.push(chunk);
  return Buffer.concat(chunks).toString();
}

/** What reading the whole body fails with (undefined if it does not). */
async function readFailure(answer: RegistryAnswer): Promise<unknown> {
  try {
    for await (const _ of answer.chunks()) {
      // Only the outcome matters.
    }
    return undefined;
  } catch (err) {
    return err;
  }
}

describe('registry transport', () => {
  it('answers with the status, case-insensitive headers and the body', async () => {
    const answer = await request(new URL(`${base}/plain`), {
      method: 'GET',
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(5_000),
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('Docker-Content-Digest')).toBe('sha256:abc');
    expect(answer.headers.get('x-twice')).toBe('a, b');
    expect(answer.headers.get('location')).toBeNull();
    answer.discard();
  });

  it('sends a POST body with its length', async () => {
    const body = JSON.stringify({ username: 'u', password: 'p' });
    expect(
      await text(`${base}/login`, { method: 'POST', headers: {}, body, signal: AbortSignal.timeout(5_000) }),
    ).toBe(`echo:${body}`);
    const last = received.at(-1);
    expect(last).toMatchObject({ method: 'POST', body });
    expect(last?.headers['content-length']).toBe(String(Buffer.byteLength(body)));
    expect(last?.headers['user-agent']).toBe('aim-engine-functions');
  });

  it('fails with a TimeoutError when the deadline passes while the body is arriving', async () => {
    const answer = await request(new URL(`${base}/stall`), {
      method: 'GET',
      headers: {},
      signal: AbortSignal.timeout(200),
    });
    expect(answer.status).toBe(200);
    const failure = await readFailure(answer);
    expect(failure).toMatchObject({ name: 'TimeoutError' });
  });

  it('does not crash the process when the connection drops before the body is read', async () => {
    const answer = await request(new URL(`${base}/cut`), {
      method: 'GET',
      headers: {},
      signal: AbortSignal.timeout(5_000),
    });
    // Nobody reads yet: the socket closes meanwhile, and the body's error must wait for a reader.
    await new Promise((resolve) => setTimeout(resolve, 150));
    const failure = await readFailure(answer);
    expect(failure).toMatchObject({ code: 'ECONNRESET' });
  });

  it('fails with the signal’s reason when aborted before connecting', async () => {
    const controller = new AbortController();
    controller.abort(new Error('inspection deadline'));
    await expect(
      request(new URL(`${base}/plain`), { method: 'GET', headers: {}, signal: controller.signal }),
    ).rejects.toThrow('inspection deadline');
  });

  it('feeds send and readBody: redirects followed, a deadline in the body an unreachable registry, limits kept', async () => {
    const options = { category: 'manifest' as const, timeoutMs: 5_000, counts: emptyRequestCounts() };
    const moved = await send(new URL(`${base}/moved`), options);
    expect(moved.url.pathname).toBe('/plain');
    expect((await readBody(moved.response, 1024, 'manifest', 'local')).toString()).toBe('echo:');
    expect(options.counts.manifest).toBe(2);

    const big = await send(new URL(`${base}/big`), options);
    await expect(readBody(big.response, 4096, 'config blob', 'local')).rejects.toThrow(
      'config blob is over the 4096-byte limit',
    );

    const stalled = await send(new URL(`${base}/stall`), { ...options, timeoutMs: 200 });
    const error = await readBody(stalled.response, 1024, 'manifest', '127.0.0.1').then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(error).toBeInstanceOf(RegistryError);
    expect(error).toMatchObject({
      kind: 'unreachable',
      message: 'cannot reach registry 127.0.0.1: ETIMEDOUT',
    });
  });

  it('does not load undici', async () => {
    const transport = fileURLToPath(new URL('../../../shared/registry/transport.ts', import.meta.url));
    const script = `
      const { request } = await import(${JSON.stringify(transport)});
      const answer = await request(new URL(${JSON.stringify(`${base}/plain`)}), { method: 'GET', headers: {}, signal: AbortSignal.timeout(5000) });
      for await (const _ of answer.chunks());
      process.stdout.write(String(process.moduleLoadList.some((name) => name.includes('undici'))));
    `;
    // Asynchronous: the child's request is answered by this process's server.
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script]);
    expect(stdout).toBe('false');
  });
});
