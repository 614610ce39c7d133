import { describe, expect, it } from 'vitest';
import { parseCron } from '../../../local/eventing/cron.ts';
import {
  cronForMinute,
  wakeAtOf,
  wakeMinute,
  wakePingSource,
} from '../../../shared/timed-work/wake-schedule.ts';

const AT = Date.parse('2026-11-28T18:07:30.000Z');

describe('the wake-up call', () => {
  it('fires in the last minute that starts 20 s or more before the work, never in one begun', () => {
    const now = Date.parse('2026-11-28T18:00:10.000Z');
    expect(new Date(wakeMinute(AT, now)).toISOString()).toBe('2026-11-28T18:07:00.000Z');
    expect(new Date(wakeMinute(Date.parse('2026-11-28T18:07:15.000Z'), now)).toISOString()).toBe(
      '2026-11-28T18:06:00.000Z',
    );
    // Work due so soon that no whole minute fits before it: the next minute, the soonest possible.
    expect(new Date(wakeMinute(now + 5_000, now)).toISOString()).toBe('2026-11-28T18:01:00.000Z');
    expect(cronForMinute(Date.parse('2026-11-28T18:07:00.000Z'))).toBe('7 18 28 11 *');
  });

  it('is a PingSource for one function, to the Broker, saying when it fires', () => {
    const source = wakePingSource('template-discover', 'aim-system', Date.parse('2026-11-28T18:08:00.000Z'));
    expect(source).toMatchObject({
      apiVersion: 'sources.knative.dev/v1',
      kind: 'PingSource',
      metadata: { name: 'aim-wake-template-discover', namespace: 'aim-system' },
      spec: {
        schedule: '8 18 28 11 *',
        timezone: 'UTC',
        ceOverrides: { extensions: { aimfunction: 'template-discover' } },
        sink: { ref: { kind: 'Broker', name: 'aim' } },
      },
    });
    expect(wakeAtOf(source)).toBe(Date.parse('2026-11-28T18:08:00.000Z'));
    expect(wakeAtOf(undefined)).toBeUndefined();
  });

  it("fires when the local PingSource runner's cron says it does", () => {
    const minute = Date.parse('2026-11-28T18:08:00.000Z');
    const schedule = parseCron(cronForMinute(minute));
    expect(new Date(schedule.next(AT) ?? 0).toISOString()).toBe('2026-11-28T18:08:00.000Z');
    // Then not again until next year.
    expect(new Date(schedule.next(minute) ?? 0).toISOString()).toBe('2027-11-28T18:08:00.000Z');
  });
});

describe('parseCron', () => {
  it('steps, lists and ranges, in UTC', () => {
    expect(new Date(parseCron('*/10 * * * *').next(AT) ?? 0).toISOString()).toBe('2026-11-28T18:10:00.000Z');
    expect(new Date(parseCron('0,30 9-17 * * *').next(AT) ?? 0).toISOString()).toBe(
      '2026-11-29T09:00:00.000Z',
    );
    expect(new Date(parseCron('* * * * *').next(AT) ?? 0).toISOString()).toBe('2026-11-28T18:08:00.000Z');
  });

  it('refuses what it cannot read rather than guess', () => {
    expect(() => parseCron('@hourly')).toThrow(/five fields/);
    expect(() => parseCron('61 * * * *')).toThrow(/out of range/);
    expect(() => parseCron('MON * * * *')).toThrow(/unsupported/);
  });
});
