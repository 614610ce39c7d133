import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CloudEvent } from 'cloudevents';
import { afterEach, describe, expect, it } from 'vitest';
import { FUNCTION_NAMES } from '../../../../functions/modules.ts';
import { LocalBroker } from '../../../../local/eventing/broker.ts';
import {
  containerConcurrencyOf,
  FALLBACK_CONTAINER_CONCURRENCY,
} from '../../../../local/eventing/container-concurrency.ts';

let server: Server | undefined;
let broker: LocalBroker | undefined;
afterEach(async () => {
  await broker?.close();
  await new Promise((r) => (server ? server.close(r) : r(undefined)));
  server = broker = undefined;
});

describe('containerConcurrencyOf', () => {
  it('reads each function’s Knative Service', () => {
    for (const name of FUNCTION_NAMES) expect(containerConcurrencyOf(name)).toBe(10);
  });

  it('falls back when the manifest is missing or sets none', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ksvc-'));
    writeFileSync(join(dir, 'plain.yaml'), 'apiVersion: serving.knative.dev/v1\nkind: Service\nspec: {}\n');
    writeFileSync(
      join(dir, 'three.yaml'),
      'kind: ServiceAccount\n---\nkind: Service\nspec:\n  template:\n    spec:\n      containerConcurrency: 3\n',
    );
    expect(containerConcurrencyOf('absent', dir)).toBe(FALLBACK_CONTAINER_CONCURRENCY);
    expect(containerConcurrencyOf('plain', dir)).toBe(FALLBACK_CONTAINER_CONCURRENCY);
    expect(containerConcurrencyOf('three', dir)).toBe(3);
  });
});

describe('LocalBroker concurrency per subscriber', () => {
  it('holds deliveries beyond the subscriber’s containerConcurrency until one is answered', async () => {
    let inFlight = 0;
    let most = 0;
    server = createServer((req, res) => {
      req.resume();
      inFlight++;
      most = Math.max(most, inFlight);
      setTimeout(() => {
        inFlight--;
        res.writeHead(204).end();
      }, 20);
    });
    await new Promise<void>((r) => server?.listen(0, '127.0.0.1', r));
    const { port } = server.address() as { port: number };
    broker = new LocalBroker({
      triggers: [
        {
          metadata: { name: 'fn' },
          spec: {
            broker: 'aim',
            filters: [{ exact: { kind: 'AIMModel' } }],
            subscriber: { ref: { apiVersion: 'serving.knative.dev/v1', kind: 'Service', name: 'fn' } },
          },
        },
      ],
      resolve: () => `http://127.0.0.1:${port}`,
      maxInFlight: (destination) => (destination.ref?.name === 'fn' ? 3 : 100),
      log: () => {},
    });
    for (let i = 0; i < 12; i++)
      broker.publish(
        new CloudEvent({ type: 't', source: 'test', kind: 'AIMModel', name: `m${i}`, data: {} }),
      );
    await broker.drain();
    expect(broker.history).toHaveLength(12);
    expect(most).toBe(3);
  });
});
