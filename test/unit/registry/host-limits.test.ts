/**
 * Issue 14: registry calls have a timeout and a per-registry-host concurrency limit inside a
 * process. With a limit of N, never more than N requests are in flight to one host, while requests
 * to another host go straight through; a request that cannot get an answer (or a slot) in time
 * fails with a message saying so.
 */
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RegistryClient } from '../../../shared/registry/client.ts';
import { RegistryError } from '../../../shared/registry/errors.ts';
import { HostLimiter } from '../../../shared/registry/host-limiter.ts';
import { parseRegistryReference } from '../../../shared/registry/reference.ts';
import { registrySettingsFromEnv } from '../../../shared/registry/settings.ts';
import { simpleImage } from './fake-registry.ts';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const IMAGE = simpleImage({ 'com.amd.aim.model.canonicalName': 'org/model' });

/** A registry at `origin` serving IMAGE under every tag; `gate` holds each request until it opens. */
function serve(origin: string, gate?: Promise<void>) {
  const seen = { inFlight: 0, maxInFlight: 0, requests: 0 };
  const hold = async <T>(answer: () => T): Promise<T> => {
    seen.requests++;
    seen.inFlight++;
    seen.maxInFlight = Math.max(seen.maxInFlight, seen.inFlight);
    try {
      if (gate) await gate;
      return answer();
    } finally {
      seen.inFlight--;
    }
  };
  server.use(
    http.get(`${origin}/v2/team/model/manifests/:reference`, () =>
      hold(
        () =>
          new HttpResponse(IMAGE.manifest.body, {
            headers: {
              'content-type': IMAGE.manifest.mediaType,
              'docker-content-digest': IMAGE.manifest.digest,
            },
          }),
      ),
    ),
    http.get(`${origin}/v2/team/model/blobs/:digest`, () => hold(() => new HttpResponse(IMAGE.config.body))),
  );
  return seen;
}

function opener(): { gate: Promise<void>; open: () => void } {
  let open = () => {};
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { gate, open };
}

const ref = (host: string, tag: string) => parseRegistryReference(`${host}/team/model:${tag}`);

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 2));
  expect(condition()).toBe(true);
}

describe('HostLimiter', () => {
  it('grants up to the limit per host, queues the rest first come first served, and never blocks another host', async () => {
    const limiter = new HostLimiter(2);
    const a1 = await limiter.acquire('a.example');
    await limiter.acquire('A.example');
    const order: number[] = [];
    const granted = (n: number) => (release: () => void) => {
      order.push(n);
      return release;
    };
    const third = limiter.acquire('a.example').then(granted(3));
    const fourth = limiter.acquire('a.example').then(granted(4));
    const other = await limiter.acquire('b.example');
    expect(limiter.inFlight('a.example')).toBe(2);
    expect(limiter.queued('a.example')).toBe(2);
    a1();
    a1(); // released once only
    (await third)();
    (await fourth)();
    expect(order).toEqual([3, 4]);
    expect(limiter.inFlight('a.example')).toBe(1);
    other();
    expect(limiter.inFlight('b.example')).toBe(0);
  });

  it('drops a waiter whose signal aborts, with the signal’s reason', async () => {
    const limiter = new HostLimiter(1);
    const held = await limiter.acquire('a.example');
    const controller = new AbortController();
    const waiting = limiter.acquire('a.example', controller.signal);
    controller.abort(new Error('gave up'));
    await expect(waiting).rejects.toThrow('gave up');
    expect(limiter.queued('a.example')).toBe(0);
    held();
    expect(limiter.inFlight('a.example')).toBe(0);
  });
});

describe('registry requests under the per-host limit', () => {
  it('keeps at most N requests in flight to a slow host while another host proceeds', async () => {
    const N = 2;
    const limiter = new HostLimiter(N);
    const { gate, open } = opener();
    const slow = serve('https://slow.example', gate);
    const fast = serve('https://fast.example');
    const client = new RegistryClient({ limiter, requestTimeoutMs: 5_000 });

    const flood = Array.from({ length: 6 }, (_, i) => client.inspect(ref('slow.example', `t${i}`)));
    await until(() => slow.inFlight === N && limiter.queued('slow.example') === 6 - N);
    // The slow host is saturated; the other host answers at once.
    const other = await client.inspect(ref('fast.example', '1'));
    expect(other.labels['com.amd.aim.model.canonicalName']).toBe('org/model');
    expect(fast.requests).toBe(2);
    expect(slow.maxInFlight).toBe(N);

    open();
    const results = await Promise.all(flood);
    expect(results).toHaveLength(6);
    expect(slow.requests).toBe(12); // manifest + config blob per image
    expect(slow.maxInFlight).toBe(N);
    console.log(
      `in flight to slow.example at most ${slow.maxInFlight} of ${slow.requests} requests (limit ${N})`,
    );
  });

  it('times out a registry that never answers, naming the registry and the time limit', async () => {
    server.use(http.get('https://hang.example/v2/*', () => new Promise<Response>(() => {})));
    const client = new RegistryClient({ limiter: new HostLimiter(4), requestTimeoutMs: 150 });
    const error = await client.inspect(ref('hang.example', '1')).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(error).toBeInstanceOf(RegistryError);
    expect((error as RegistryError).kind).toBe('unreachable');
    expect((error as RegistryError).message).toBe('registry hang.example did not answer within 150 ms');
  });

  it('times out a request still waiting for a slot, saying so', async () => {
    const limiter = new HostLimiter(1);
    const held = await limiter.acquire('busy.example'); // the only slot, never given back in time
    const client = new RegistryClient({ limiter, requestTimeoutMs: 150 });
    const error = await client.inspect(ref('busy.example', '1')).then(
      () => undefined,
      (err: unknown) => err as RegistryError,
    );
    expect(error?.kind).toBe('unreachable');
    expect(error?.message).toBe(
      'registry busy.example did not answer within 150 ms (still waiting for one of 1 request slots for this host, AIM_REGISTRY_CONCURRENCY)',
    );
    expect(limiter.queued('busy.example')).toBe(0);
    held();
  });
});

describe('registry settings from the environment', () => {
  it('defaults to 10 s and 4 per host, reads both variables, and names a malformed one', () => {
    expect(registrySettingsFromEnv({})).toEqual({ timeoutMs: 10_000, concurrency: 4 });
    expect(
      registrySettingsFromEnv({ AIM_REGISTRY_TIMEOUT_MS: '2500', AIM_REGISTRY_CONCURRENCY: ' 8 ' }),
    ).toEqual({ timeoutMs: 2_500, concurrency: 8 });
    expect(() => registrySettingsFromEnv({ AIM_REGISTRY_CONCURRENCY: '0' })).toThrow(
      'AIM_REGISTRY_CONCURRENCY: "0" is not a positive whole number',
    );
    expect(() => registrySettingsFromEnv({ AIM_REGISTRY_TIMEOUT_MS: '10s' })).toThrow(
      'AIM_REGISTRY_TIMEOUT_MS',
    );
  });
});
