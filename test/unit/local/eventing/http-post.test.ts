import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { SubscriberConnections } from '../../../../local/eventing/http-post.ts';

const servers: Server[] = [];
const connections = new SubscriberConnections();
afterEach(() => {
  connections.close();
  for (const server of servers.splice(0)) server.close();
});

async function subscriber(
  answer: (body: string) => number | undefined,
): Promise<{ url: string; sockets: () => number }> {
  let sockets = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const status = answer(Buffer.concat(chunks).toString('utf8'));
      if (status !== undefined) res.writeHead(status).end('ignored');
    });
  });
  server.on('connection', () => {
    sockets += 1;
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no address');
  return { url: `http://127.0.0.1:${address.port}/`, sockets: () => sockets };
}

describe('SubscriberConnections', () => {
  it("posts the body and answers the subscriber's status, reusing one connection", async () => {
    const bodies: string[] = [];
    const sub = await subscriber((body) => {
      bodies.push(body);
      return bodies.length === 1 ? 204 : 503;
    });
    const headers = { 'content-type': 'application/json', 'ce-id': '1' };
    expect(await connections.post(sub.url, headers, '{"ü":1}', 5_000)).toBe(204);
    expect(await connections.post(sub.url, headers, '{"n":2}', 5_000)).toBe(503);
    expect(bodies).toEqual(['{"ü":1}', '{"n":2}']);
    expect(sub.sockets()).toBe(1);
  });

  it('throws a transport error when nobody listens or no answer comes in time', async () => {
    const closed = await subscriber(() => 204);
    servers.pop()?.close();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await expect(connections.post(closed.url, {}, '{}', 5_000)).rejects.toThrow();
    const silent = await subscriber(() => undefined);
    await expect(connections.post(silent.url, {}, '{}', 100)).rejects.toThrow(/no answer within 100 ms/);
  });
});
