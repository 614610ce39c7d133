import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  classifyHttpError,
  classifyNetworkError,
  isConflict,
  KubeError,
} from '../../../shared/kube/errors.ts';
import { retryOnConflict, withTransientRetry } from '../../../shared/kube/retry.ts';
import type { KubeObject } from '../../../shared/kube/types.ts';
import { API_SERVER, statusBody, testClient } from './api-server.ts';

const conflict = () => classifyHttpError(409, statusBody(409, 'Conflict', 'the object has been modified'));
const unavailable = () => classifyHttpError(503, statusBody(503, 'ServiceUnavailable', 'etcd is down'));
const noSleep = { sleep: async () => {} };

describe('retryOnConflict', () => {
  it('runs fn again after a Conflict and returns its result', async () => {
    let calls = 0;
    const result = await retryOnConflict(async (attempt) => {
      calls += 1;
      if (attempt < 2) throw conflict();
      return 'written';
    }, noSleep);
    expect(result).toBe('written');
    expect(calls).toBe(3);
  });

  it('rethrows the Conflict after the attempt bound', async () => {
    let calls = 0;
    const err = await retryOnConflict(
      async () => {
        calls += 1;
        throw conflict();
      },
      { ...noSleep, attempts: 4 },
    ).catch((e: unknown) => e);
    expect(isConflict(err)).toBe(true);
    expect(calls).toBe(4);
  });

  it('does not retry other errors', async () => {
    let calls = 0;
    const err = await retryOnConflict(async () => {
      calls += 1;
      throw unavailable();
    }, noSleep).catch((e: unknown) => e);
    expect((err as KubeError).reason).toBe('ServiceUnavailable');
    expect(calls).toBe(1);
  });

  it('waits a jittered, growing delay between attempts', async () => {
    const delays: number[] = [];
    const sleep = async (ms: number) => {
      delays.push(ms);
    };
    await retryOnConflict(
      async () => {
        throw conflict();
      },
      { sleep, random: () => 0.5, baseDelayMs: 40 },
    ).catch(() => undefined);
    // equal jitter: step/2 + random*step/2 with step = 40, 80, 160, 320
    expect(delays).toEqual([30, 60, 120, 240]);
    const randomDelays: number[] = [];
    await retryOnConflict(
      async () => {
        throw conflict();
      },
      { sleep: async (ms) => void randomDelays.push(ms), baseDelayMs: 40, attempts: 2 },
    ).catch(() => undefined);
    expect(randomDelays[0]).toBeGreaterThanOrEqual(20);
    expect(randomDelays[0]).toBeLessThanOrEqual(40);
  });
});

describe('withTransientRetry', () => {
  it('retries retryable failures within the bound', async () => {
    let calls = 0;
    const value = await withTransientRetry(async () => {
      calls += 1;
      if (calls === 1) throw classifyNetworkError(Object.assign(new Error('reset'), { code: 'ECONNRESET' }));
      if (calls === 2) throw unavailable();
      return 7;
    }, noSleep);
    expect(value).toBe(7);
    expect(calls).toBe(3);
  });

  it('gives up after the bound and never retries permanent errors', async () => {
    let calls = 0;
    await expect(
      withTransientRetry(async () => {
        calls += 1;
        throw unavailable();
      }, noSleep),
    ).rejects.toBeInstanceOf(KubeError);
    expect(calls).toBe(3);

    calls = 0;
    await expect(
      withTransientRetry(async () => {
        calls += 1;
        throw classifyHttpError(403, statusBody(403, 'Forbidden', 'no'));
      }, noSleep),
    ).rejects.toMatchObject({ reason: 'Forbidden' });
    expect(calls).toBe(1);
  });

  it('honours Retry-After up to the cap', async () => {
    const delays: number[] = [];
    await withTransientRetry(
      async () => {
        throw classifyHttpError(
          429,
          statusBody(429, 'TooManyRequests', 'slow down', { retryAfterSeconds: 1 }),
        );
      },
      { sleep: async (ms) => void delays.push(ms), attempts: 2, maxDelayMs: 5_000 },
    ).catch(() => undefined);
    expect(delays).toEqual([1_000]);
  });
});

describe('retryOnConflict against the API server', () => {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());

  const path = `${API_SERVER}/apis/aim.eai.amd.com/v1alpha1/namespaces/team/aimservices/svc`;
  const service = (rv: string): KubeObject => ({
    apiVersion: 'aim.eai.amd.com/v1alpha1',
    kind: 'AIMService',
    metadata: { name: 'svc', namespace: 'team', resourceVersion: rv },
  });

  function serveVersions(conflictsBeforeSuccess: number) {
    let version = 10;
    let statusWrites = 0;
    server.use(
      http.get(path, () => HttpResponse.json(service(String(version)))),
      http.patch(`${path}/status`, async ({ request }) => {
        statusWrites += 1;
        const body = (await request.json()) as KubeObject;
        // Someone else writes in between the first few read/write cycles.
        if (statusWrites <= conflictsBeforeSuccess) {
          version += 1;
          return HttpResponse.json(statusBody(409, 'Conflict', 'the object has been modified'), {
            status: 409,
          });
        }
        expect(body.metadata.resourceVersion).toBe(String(version));
        return HttpResponse.json({
          ...body,
          metadata: { ...body.metadata, resourceVersion: String(version + 1) },
        });
      }),
    );
    return { writes: () => statusWrites };
  }

  /** One attempt: read the service, then write its status on the version read. */
  async function rewriteStatus(client: ReturnType<typeof testClient>) {
    const current = await client.get({
      apiVersion: 'aim.eai.amd.com/v1alpha1',
      kind: 'AIMService',
      namespace: 'team',
      name: 'svc',
    });
    return client.applyStatus(
      { ...current, status: { status: 'Running' } },
      { fieldManager: 'aim-isvc-render' },
    );
  }

  it('re-reads and rewrites until the write lands', async () => {
    const counters = serveVersions(2);
    const client = testClient();
    const written = await retryOnConflict(() => rewriteStatus(client), { baseDelayMs: 1 });
    expect(written.metadata.resourceVersion).toBe('13');
    expect(counters.writes()).toBe(3);
    expect(client.requestCount).toBe(6);
  });

  it('gives up with the Conflict after the bound', async () => {
    const counters = serveVersions(100);
    const client = testClient();
    const err = await retryOnConflict(() => rewriteStatus(client), { baseDelayMs: 1, attempts: 3 }).catch(
      (e: unknown) => e,
    );
    expect(isConflict(err)).toBe(true);
    expect(counters.writes()).toBe(3);
  });
});
