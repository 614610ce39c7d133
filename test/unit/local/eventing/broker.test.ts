import { createServer, type Server } from 'node:http';
import { CloudEvent, HTTP } from 'cloudevents';
import { afterEach, describe, expect, it } from 'vitest';
import { LocalBroker } from '../../../../local/eventing/broker.ts';
import type { Trigger } from '../../../../local/eventing/manifests.ts';

const servers: Server[] = [];
const brokers: LocalBroker[] = [];
afterEach(async () => {
  for (const b of brokers.splice(0)) await b.close();
  for (const s of servers.splice(0)) await new Promise((r) => s.close(r));
});

/** A subscriber answering the given statuses in turn (the last one repeats). */
async function subscriber(statuses: number[]): Promise<{ url: string; hits: () => number }> {
  let hits = 0;
  const server = createServer((req, res) => {
    req.resume();
    const status = statuses[Math.min(hits, statuses.length - 1)] ?? 204;
    hits++;
    res.writeHead(status).end();
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, hits: () => hits };
}

function trigger(name: string, retry: number): Trigger {
  return {
    metadata: { name },
    spec: {
      broker: 'aim',
      filters: [{ exact: { kind: 'AIMModel' } }],
      subscriber: { ref: { apiVersion: 'serving.knative.dev/v1', kind: 'Service', name } },
      delivery: { retry, backoffPolicy: 'exponential', backoffDelay: 'PT0.01S' },
    },
  };
}

const event = () =>
  new CloudEvent({
    type: 'dev.knative.apiserver.resource.add',
    source: 'test',
    kind: 'AIMModel',
    name: 'm',
    data: {},
  });

async function brokerFor(triggers: Trigger[], urls: Record<string, string>): Promise<LocalBroker> {
  const broker = new LocalBroker({
    triggers,
    resolve: (d) => (d.ref ? urls[d.ref.name] : undefined),
    log: () => {},
  });
  brokers.push(broker);
  return broker;
}

describe('LocalBroker delivery', () => {
  it('retries 503s with backoff until the subscriber accepts', async () => {
    const sub = await subscriber([503, 503, 204]);
    const broker = await brokerFor([trigger('fn', 5)], { fn: sub.url });
    broker.publish(event());
    await broker.drain();
    expect(sub.hits()).toBe(3);
    expect(broker.history).toMatchObject([
      { trigger: 'fn', outcome: 'delivered', attempts: 3, kind: 'AIMModel' },
    ]);
    expect(broker.deadLetters).toEqual([]);
  });

  it('dead-letters after the retries are exhausted, with the reason', async () => {
    const sub = await subscriber([500]);
    const broker = await brokerFor([trigger('fn', 2)], { fn: sub.url });
    broker.publish(event());
    await broker.drain();
    expect(sub.hits()).toBe(3);
    expect(broker.deadLetters).toMatchObject([{ trigger: 'fn', attempts: 3, reason: 'HTTP 500' }]);
  });

  it('routes each retry anew: an attempt on a stopped instance is retried on the one that replaced it', async () => {
    // A closed port: the old Revision's pod that stopped with the event in flight.
    const gone = await subscriber([204]);
    await new Promise((r) => servers.pop()?.close(r));
    const replacement = await subscriber([204]);
    const resolved: string[] = [];
    const broker = new LocalBroker({
      triggers: [trigger('fn', 3)],
      resolve: () => {
        const url = resolved.length === 0 ? gone.url : replacement.url;
        resolved.push(url);
        return { url, release: () => {} };
      },
      log: () => {},
    });
    brokers.push(broker);
    broker.publish(event());
    await broker.drain();
    expect(resolved).toEqual([gone.url, replacement.url]);
    expect(replacement.hits()).toBe(1);
    expect(broker.failedAttempts).toMatchObject([{ reason: expect.stringMatching(/^transport error/) }]);
    expect(broker.history).toMatchObject([
      { outcome: 'delivered', attempts: 2, subscriber: replacement.url },
    ]);
    expect(broker.deadLetters).toEqual([]);
  });

  it('does not retry a 400: the event itself is wrong', async () => {
    const sub = await subscriber([400]);
    const broker = await brokerFor([trigger('fn', 5)], { fn: sub.url });
    broker.publish(event());
    await broker.drain();
    expect(sub.hits()).toBe(1);
    expect(broker.deadLetters[0]?.reason).toBe('HTTP 400');
  });

  it('accepts events over HTTP and fans out only to matching triggers', async () => {
    const a = await subscriber([204]);
    const b = await subscriber([204]);
    const other: Trigger = {
      ...trigger('b', 0),
      spec: { ...trigger('b', 0).spec, filters: [{ exact: { kind: 'Job' } }] },
    };
    const broker = await brokerFor([trigger('a', 0), other], { a: a.url, b: b.url });
    const url = await broker.listen();
    const message = HTTP.binary(event());
    const res = await fetch(url, {
      method: 'POST',
      headers: message.headers as Record<string, string>,
      body: message.body as string,
    });
    expect(res.status).toBe(202);
    const bad = await fetch(url, { method: 'POST', body: 'hello' });
    expect(bad.status).toBe(400);
    await broker.drain();
    expect([a.hits(), b.hits()]).toEqual([1, 0]);
  });
});

describe('LocalBroker and keep-alives', () => {
  it('does not count a held keep-alive as work in flight: drain settles while it is held', async () => {
    const held: (() => void)[] = [];
    const server = createServer((req, res) => {
      req.resume();
      const answer = () => res.writeHead(204).end();
      if (req.headers['ce-type'] === 'com.amd.aim.keepalive') held.push(answer);
      else answer();
    });
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as { port: number };
    const keepAliveTrigger: Trigger = {
      metadata: { name: 'fn' },
      spec: {
        broker: 'aim',
        filters: [{ any: [{ exact: { kind: 'AIMModel' } }, { exact: { type: 'com.amd.aim.keepalive' } }] }],
        subscriber: { ref: { apiVersion: 'serving.knative.dev/v1', kind: 'Service', name: 'fn' } },
      },
    };
    const broker = await brokerFor([keepAliveTrigger], { fn: `http://127.0.0.1:${port}` });
    broker.publish(new CloudEvent({ type: 'com.amd.aim.keepalive', source: 'fn', data: {} }));
    broker.publish(event());
    await broker.drain();
    expect(broker.delivered).toBe(1);
    await new Promise((r) => setTimeout(r, 50));
    expect(held).toHaveLength(1);
    for (const answer of held) answer();
  });
});
