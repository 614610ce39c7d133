import { describe, expect, it } from 'vitest';
import { InspectionCache } from '../../../shared/models/inspection-cache.ts';
import type { ImageInspection } from '../../../shared/registry/client.ts';
import { RegistryError } from '../../../shared/registry/errors.ts';
import { parseRegistryReference } from '../../../shared/registry/reference.ts';

const ref = parseRegistryReference('reg.example/team/model:1');
const inspection: ImageInspection = { digest: 'sha256:1', labels: { a: 'b' }, annotations: {} };

function clock() {
  let now = 0;
  return {
    now: () => now,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe('InspectionCache', () => {
  it('reuses a success until it goes stale', async () => {
    const time = clock();
    const cache = new InspectionCache({ now: time.now, successTtlMs: 60_000 });
    let calls = 0;
    const inspect = async () => {
      calls++;
      return inspection;
    };
    expect(await cache.get(ref, undefined, inspect)).toEqual({ ok: true, inspection, fromCache: false });
    expect(await cache.get(ref, undefined, inspect)).toMatchObject({ ok: true, fromCache: true });
    time.advance(60_001);
    await cache.get(ref, undefined, inspect);
    expect(calls).toBe(2);
  });

  it('backs off after failures, doubling the delay up to the cap', async () => {
    const time = clock();
    const cache = new InspectionCache({ now: time.now, backoffBaseMs: 5_000, backoffMaxMs: 20_000 });
    let calls = 0;
    const failing = async (): Promise<ImageInspection> => {
      calls++;
      throw new RegistryError('not-found', 'manifest not found');
    };
    const delays: number[] = [];
    for (let i = 0; i < 4; i++) {
      const result = await cache.get(ref, undefined, failing);
      expect(result.ok).toBe(false);
      if (!result.ok) delays.push(result.retryAfterSeconds);
      const during = await cache.get(ref, undefined, failing);
      expect(during).toMatchObject({ ok: false, fromCache: true });
      time.advance(delays.at(-1)! * 1000);
    }
    expect(delays).toEqual([5, 10, 20, 20]);
    expect(calls).toBe(4);
  });

  it("waits at least as long as the registry's Retry-After", async () => {
    const cache = new InspectionCache({ now: () => 0 });
    const result = await cache.get(ref, undefined, async () => {
      throw new RegistryError('rate-limited', 'slow down', { retryAfterSeconds: 90 });
    });
    expect(result).toMatchObject({ ok: false, retryAfterSeconds: 90 });
  });

  it('retries at once with other credentials (a fixed pull secret)', async () => {
    const cache = new InspectionCache({ now: () => 0 });
    await cache.get(ref, { username: 'u', password: 'wrong' }, async () => {
      throw new RegistryError('auth', 'denied');
    });
    const fixed = await cache.get(ref, { username: 'u', password: 'right' }, async () => inspection);
    expect(fixed).toMatchObject({ ok: true, fromCache: false });
  });

  it('shares one inspection between concurrent callers', async () => {
    const cache = new InspectionCache();
    let calls = 0;
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const inspect = async () => {
      calls++;
      await gate;
      return inspection;
    };
    const results = Promise.all([1, 2, 3].map(() => cache.get(ref, undefined, inspect)));
    release();
    expect((await results).every((result) => result.ok)).toBe(true);
    expect(calls).toBe(1);
  });
});
