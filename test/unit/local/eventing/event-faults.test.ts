import { createServer, type Server } from 'node:http';
import { CloudEvent } from 'cloudevents';
import { afterEach, describe, expect, it } from 'vitest';
import { LocalBroker } from '../../../../local/eventing/broker.ts';
import {
  EventFaultInjector,
  type FaultAction,
  seededRandom,
} from '../../../../local/eventing/event-faults.ts';
import type { Trigger } from '../../../../local/eventing/manifests.ts';

const EVENT = { type: 'dev.knative.apiserver.resource.update', kind: 'AIMModel', name: 'm' };

function actions(injector: EventFaultInjector, trigger: string, n: number): FaultAction[] {
  return Array.from({ length: n }, () => injector.decide(trigger, EVENT).action);
}

const RATES = { drop: 0.2, duplicate: 0.2, delay: 0.2 };

describe('EventFaultInjector', () => {
  it('gives the same faults for the same seed and event order (replayable)', () => {
    const a = new EventFaultInjector({ seed: 42, ...RATES });
    const b = new EventFaultInjector({ seed: 42, ...RATES });
    expect(actions(a, 'fn', 200)).toEqual(actions(b, 'fn', 200));
    expect(a.faults).toEqual(b.faults);
  });

  it('gives different faults for another seed', () => {
    const a = new EventFaultInjector({ seed: 1, ...RATES });
    const b = new EventFaultInjector({ seed: 2, ...RATES });
    expect(actions(a, 'fn', 200)).not.toEqual(actions(b, 'fn', 200));
  });

  it('keeps each Trigger on its own stream: traffic to one does not shift another’s faults', () => {
    const alone = new EventFaultInjector({ seed: 7, ...RATES });
    const mixed = new EventFaultInjector({ seed: 7, ...RATES });
    const expected = actions(alone, 'b', 50);
    const got: FaultAction[] = [];
    for (let i = 0; i < 50; i++) {
      mixed.decide('a', EVENT);
      got.push(mixed.decide('b', EVENT).action);
    }
    expect(got).toEqual(expected);
  });

  it('faults about the asked fraction of events, each kind in its share', () => {
    const injector = new EventFaultInjector({ seed: 3, ...RATES, maxDelayMs: 500 });
    const n = 10_000;
    for (let i = 0; i < n; i++) {
      const { action, delayMs } = injector.decide('fn', EVENT);
      expect(delayMs).toBeGreaterThanOrEqual(0);
      expect(delayMs).toBeLessThanOrEqual(500);
      expect(['deliver', 'drop', 'duplicate', 'delay']).toContain(action);
    }
    for (const action of ['drop', 'duplicate', 'delay'] as const) {
      expect(injector.counts[action] / n).toBeGreaterThan(0.18);
      expect(injector.counts[action] / n).toBeLessThan(0.22);
    }
    expect(injector.faults).toHaveLength(
      injector.counts.drop + injector.counts.duplicate + injector.counts.delay,
    );
  });

  it('leaves events outside `appliesTo` alone', () => {
    const injector = new EventFaultInjector({ seed: 5, drop: 1, appliesTo: (e) => e.kind === 'Job' });
    expect(actions(injector, 'fn', 20)).toEqual(Array(20).fill('deliver'));
    expect(injector.decide('fn', { ...EVENT, kind: 'Job' }).action).toBe('drop');
  });

  it('always drops the events `lose` picks, whatever the rates', () => {
    const injector = new EventFaultInjector({ seed: 5, lose: (e) => e.name === 'lost' });
    expect(actions(injector, 'fn', 5)).toEqual(Array(5).fill('deliver'));
    expect(injector.decide('fn', { ...EVENT, name: 'lost' }).action).toBe('drop');
    expect(injector.faults).toEqual([{ trigger: 'fn', action: 'drop', ...EVENT, name: 'lost' }]);
  });

  it('rejects rates outside [0, 1] or summing past 1', () => {
    expect(() => new EventFaultInjector({ seed: 1, drop: 0.6, duplicate: 0.5 })).toThrow(/sum to at most 1/);
    expect(() => new EventFaultInjector({ seed: 1, delay: -0.1 })).toThrow();
  });

  it('draws from a deterministic stream in [0, 1)', () => {
    const a = seededRandom(9);
    const b = seededRandom(9);
    for (let i = 0; i < 100; i++) {
      const x = a();
      expect(x).toBe(b());
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(1);
    }
  });
});

const servers: Server[] = [];
const brokers: LocalBroker[] = [];
afterEach(async () => {
  for (const b of brokers.splice(0)) await b.close();
  for (const s of servers.splice(0)) await new Promise((r) => s.close(r));
});

/** A subscriber recording the id of every event it is sent. */
async function recorder(): Promise<{ url: string; ids: string[] }> {
  const ids: string[] = [];
  const server = createServer((req, res) => {
    ids.push(String(req.headers['ce-id']));
    req.resume();
    res.writeHead(204).end();
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, ids };
}

const TRIGGER: Trigger = {
  metadata: { name: 'fn' },
  spec: {
    broker: 'aim',
    subscriber: { ref: { apiVersion: 'serving.knative.dev/v1', kind: 'Service', name: 'fn' } },
    delivery: { retry: 3, backoffDelay: 'PT0.01S' },
  },
};

describe('LocalBroker with fault injection', () => {
  it('never delivers a dropped event, delivers a duplicate twice and a delayed one after later ones', async () => {
    const sub = await recorder();
    const faults = new EventFaultInjector({
      seed: 11,
      drop: 0.25,
      duplicate: 0.25,
      delay: 0.25,
      maxDelayMs: 50,
    });
    const broker = new LocalBroker({ triggers: [TRIGGER], resolve: () => sub.url, log: () => {}, faults });
    brokers.push(broker);
    const sent: { id: string; action: FaultAction }[] = [];
    for (let i = 0; i < 80; i++) {
      const event = new CloudEvent({ ...EVENT, id: `e${i}`, source: 'test', data: {} });
      const before = faults.faults.length;
      broker.publish(event);
      const action = faults.faults.length > before ? faults.faults.at(-1)!.action : 'deliver';
      sent.push({ id: event.id, action });
    }
    await broker.drain();
    const hits = (id: string) => sub.ids.filter((x) => x === id).length;
    for (const { id, action } of sent) {
      expect(hits(id), `${id} (${action})`).toBe(action === 'drop' ? 0 : action === 'duplicate' ? 2 : 1);
    }
    expect(broker.deadLetters).toEqual([]);
    // Some delayed event arrived after an event published later: the order was really changed.
    const order = (id: string) => sub.ids.indexOf(id);
    const reordered = sent.some(
      ({ id, action }, i) =>
        action === 'delay' &&
        sent.slice(i + 1).some((later) => later.action === 'deliver' && order(later.id) < order(id)),
    );
    expect(reordered).toBe(true);
  });
});
