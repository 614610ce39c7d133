import type { AddressInfo } from 'node:net';
import { CloudEvent, HTTP } from 'cloudevents';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { serveFunction } from '../../../shared/runtime/serve.ts';

function listenerCounts() {
  return ['SIGINT', 'SIGTERM', 'SIGQUIT', 'uncaughtException'].map((event) => process.listenerCount(event));
}

describe('serveFunction', () => {
  it('binds loopback on an ephemeral port, runs the module, and cleans up on close', async () => {
    const before = listenerCounts();
    const seen: string[] = [];
    let shutdowns = 0;
    const running = await serveFunction(
      {
        init: () => {
          seen.push('init');
        },
        handle: (_context: unknown, event: unknown) => {
          seen.push(`event ${(event as CloudEvent<unknown>).type}`);
        },
        shutdown: () => {
          shutdowns += 1;
        },
      } as Parameters<typeof serveFunction>[0],
      { port: 0, logLevel: 'fatal' },
    );
    try {
      const address = running.server.address() as AddressInfo;
      expect(address.address).toBe('127.0.0.1');
      expect(address.port).not.toBe(8080);
      expect(running.url).toBe(`http://127.0.0.1:${address.port}`);

      const message = HTTP.binary(
        new CloudEvent({ type: 'com.example.test', source: 'test', data: { a: 1 } }),
      );
      const response = await request(running.server)
        .post('/')
        .set(message.headers)
        .send(message.body as string);
      expect(response.status).toBe(204);
      expect(seen).toEqual(['init', 'event com.example.test']);
      expect(listenerCounts()).not.toEqual(before);
    } finally {
      await running.close();
    }
    expect(shutdowns).toBe(1);
    expect(listenerCounts()).toEqual(before);
    expect(running.server.listening).toBe(false);
  }, 30_000);

  it('answers 400, not 500, for a request that fails CloudEvent validation before the handler', async () => {
    let handled = 0;
    const running = await serveFunction(
      {
        handle: () => {
          handled += 1;
        },
      } as Parameters<typeof serveFunction>[0],
      { port: 0, logLevel: 'fatal' },
    );
    try {
      const response = await request(running.server)
        .post('/')
        .set({
          'ce-id': '1',
          'ce-type': 'com.example.test',
          'ce-specversion': '1.0',
          'content-type': 'application/json',
        })
        .send('{}');
      expect(response.status).toBe(400);
      expect(response.text).toContain('invalid payload');
      expect(handled).toBe(0);
    } finally {
      await running.close();
    }
  }, 30_000);
});
