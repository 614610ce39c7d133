import { describe, expect, it } from 'vitest';
import {
  formatMicroTime,
  isLeaseFree,
  LeaseLock,
  processHolderIdentity,
} from '../../../shared/templates/lease-lock.ts';
import { FakeKubeClient } from '../../support/fake-kube.ts';

const LEASE_KEY = {
  apiVersion: 'coordination.k8s.io/v1',
  kind: 'Lease',
  namespace: 'aim-system',
  name: 'lock',
};

function lock(holderIdentity: string, overrides: Partial<ConstructorParameters<typeof LeaseLock>[0]> = {}) {
  return new LeaseLock({
    name: 'lock',
    holderIdentity,
    leaseDurationSeconds: 30,
    pollIntervalMs: 5,
    acquireTimeoutMs: 2_000,
    ...overrides,
  });
}

describe('LeaseLock (spec §8.3)', () => {
  it('creates the Lease, runs the critical section and releases it', async () => {
    const kube = new FakeKubeClient();
    const result = await lock('a').withLock(kube, 'aim-system', async () => {
      expect(kube.peek(LEASE_KEY)?.spec).toMatchObject({ holderIdentity: 'a', leaseDurationSeconds: 30 });
      return 42;
    });
    expect(result).toEqual({ acquired: true, value: 42 });
    const released = kube.peek(LEASE_KEY)?.spec;
    expect(released?.holderIdentity).toBeUndefined();
    expect(released?.renewTime).toBeUndefined();
  });

  it('takes the Lease it released last without reading it, and reads it when another moved it', async () => {
    const kube = new FakeKubeClient();
    const mine = lock('a');
    await mine.withLock(kube, 'aim-system', async () => 1);
    kube.resetCalls();
    await mine.withLock(kube, 'aim-system', async () => 2);
    expect(kube.callsOf('get').concat(kube.callsOf('getOptional'))).toEqual([]);
    expect(kube.callsOf('replace')).toHaveLength(2);

    await lock('b').withLock(kube, 'aim-system', async () => 3);
    kube.resetCalls();
    const result = await mine.withLock(kube, 'aim-system', async () => {
      expect(kube.peek(LEASE_KEY)?.spec).toMatchObject({ holderIdentity: 'a' });
      return 4;
    });
    expect(result).toEqual({ acquired: true, value: 4 });
    // The guess was stale (b held and released it since): one Conflict, then one read.
    expect(kube.callsOf('getOptional')).toHaveLength(1);
    expect(kube.callsOf('replace')).toHaveLength(3);
  });

  it('lets only one holder at a time into the critical section, across processes and within one', async () => {
    const kube = new FakeKubeClient();
    const processes = [lock('p1'), lock('p2'), lock('p3')];
    let inside = 0;
    let maxInside = 0;
    const entered: string[] = [];
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        processes[i % 3]!.withLock(kube, 'aim-system', async () => {
          inside++;
          maxInside = Math.max(maxInside, inside);
          entered.push(String(i));
          await new Promise((resolve) => setTimeout(resolve, 2));
          inside--;
        }),
      ),
    );
    expect(maxInside).toBe(1);
    expect(entered).toHaveLength(12);
  });

  it('takes over a lease whose holder stopped renewing, and counts the transition', async () => {
    const kube = new FakeKubeClient().seed({
      ...LEASE_KEY,
      metadata: { name: 'lock', namespace: 'aim-system' },
      spec: {
        holderIdentity: 'gone',
        leaseDurationSeconds: 30,
        renewTime: '2026-05-01T11:00:00.000000Z',
        leaseTransitions: 3,
      },
    });
    const now = () => new Date('2026-05-01T12:00:00Z');
    let seen: unknown;
    await lock('a', { now }).withLock(kube, 'aim-system', async () => {
      seen = kube.peek(LEASE_KEY)?.spec;
    });
    expect(seen).toMatchObject({
      holderIdentity: 'a',
      leaseTransitions: 4,
      renewTime: '2026-05-01T12:00:00.000000Z',
    });
  });

  it('gives up after the acquire timeout while someone else holds the lease', async () => {
    const kube = new FakeKubeClient().seed({
      ...LEASE_KEY,
      metadata: { name: 'lock', namespace: 'aim-system' },
      spec: { holderIdentity: 'other', leaseDurationSeconds: 30, renewTime: formatMicroTime(new Date()) },
    });
    let ran = false;
    const result = await lock('a', { acquireTimeoutMs: 50 }).withLock(kube, 'aim-system', async () => {
      ran = true;
    });
    expect(result).toEqual({ acquired: false });
    expect(ran).toBe(false);
    expect(kube.peek(LEASE_KEY)?.spec.holderIdentity).toBe('other');
  });

  it('renews its own lease left behind by a failed release', async () => {
    const kube = new FakeKubeClient().seed({
      ...LEASE_KEY,
      metadata: { name: 'lock', namespace: 'aim-system' },
      spec: { holderIdentity: 'a', leaseDurationSeconds: 30, renewTime: formatMicroTime(new Date()) },
    });
    expect((await lock('a').withLock(kube, 'aim-system', async () => 'ok')).acquired).toBe(true);
  });

  it('retries after losing a create or update race (AlreadyExists, Conflict)', async () => {
    const kube = new FakeKubeClient().failNext('create', 'AlreadyExists');
    expect((await lock('a').withLock(kube, 'aim-system', async () => 1)).acquired).toBe(true);
    kube.failNext('replace', 'Conflict');
    expect((await lock('a').withLock(kube, 'aim-system', async () => 2)).acquired).toBe(true);
  });

  it('propagates API errors other than lost races, and releases after a failing critical section', async () => {
    const broken = new FakeKubeClient().failNext('getOptional', 'Forbidden');
    await expect(lock('a').withLock(broken, 'aim-system', async () => 1)).rejects.toThrow(/Forbidden/);
    const kube = new FakeKubeClient();
    await expect(
      lock('a').withLock(kube, 'aim-system', async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(kube.peek(LEASE_KEY)?.spec.holderIdentity).toBeUndefined();
  });

  it('formats MicroTime with six fractional digits and decides freedom by renewTime + duration', () => {
    expect(formatMicroTime(new Date('2026-05-01T12:00:00.123Z'))).toBe('2026-05-01T12:00:00.123000Z');
    const now = new Date('2026-05-01T12:00:31Z');
    expect(isLeaseFree({}, now, 30)).toBe(true);
    expect(isLeaseFree({ holderIdentity: 'x', renewTime: '2026-05-01T12:00:00.000000Z' }, now, 30)).toBe(
      true,
    );
    expect(isLeaseFree({ holderIdentity: 'x', renewTime: '2026-05-01T12:00:02.000000Z' }, now, 30)).toBe(
      false,
    );
  });

  it('derives a per-process identity from POD_NAME or the hostname', () => {
    expect(processHolderIdentity({ POD_NAME: 'template-discover-abc' })).toMatch(
      /^template-discover-abc-[0-9a-f]{8}$/,
    );
    const a = processHolderIdentity({});
    expect(a).not.toBe(processHolderIdentity({}));
  });
});
