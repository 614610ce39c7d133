import { describe, expect, it } from 'vitest';
import {
  cpuSharesBetween,
  machineCpu,
  parseProcStat,
  sha256MiBPerSecond,
} from '../../../scripts/bench/machine.ts';

// /proc/stat's first lines on a 2-core VM: user nice system idle iowait irq softirq steal guest guest_nice.
const STAT = [
  'cpu  2149968 0 405760 3475568 6955 0 33419 152392 0 0',
  'cpu0 1074984 0 202880 1737784 3477 0 16709 76196 0 0',
  'intr 123',
].join('\n');

describe('parseProcStat', () => {
  it('sums busy time and keeps idle, iowait and steal apart from the aggregate line', () => {
    expect(parseProcStat(STAT)).toEqual({
      busy: 2149968 + 405760 + 33419,
      idle: 3475568,
      iowait: 6955,
      steal: 152392,
    });
  });

  it('is undefined without an aggregate cpu line', () => {
    expect(parseProcStat('cpu0 1 2 3 4\nintr 5')).toBeUndefined();
  });
});

describe('cpuSharesBetween', () => {
  it('gives each kind of CPU time as a percentage of all the time between the readings', () => {
    const before = { busy: 1000, idle: 1000, iowait: 10, steal: 100 };
    const after = { busy: 1600, idle: 1300, iowait: 10, steal: 200 };
    expect(cpuSharesBetween(before, after)).toEqual({
      busyPercent: 60,
      idlePercent: 30,
      iowaitPercent: 0,
      stealPercent: 10,
    });
  });

  it('is undefined when a reading is missing or no time passed', () => {
    const reading = { busy: 1, idle: 1, iowait: 0, steal: 0 };
    expect(cpuSharesBetween(undefined, reading)).toBeUndefined();
    expect(cpuSharesBetween(reading, reading)).toBeUndefined();
  });

  it('reads this machine’s counters, which only grow', () => {
    const before = machineCpu();
    expect(before).toBeDefined();
    const after = machineCpu()!;
    expect(after.busy + after.idle).toBeGreaterThanOrEqual(before!.busy + before!.idle);
  });
});

describe('sha256MiBPerSecond', () => {
  it('measures a positive throughput', () => {
    expect(sha256MiBPerSecond(1, 1)).toBeGreaterThan(0);
  });
});
