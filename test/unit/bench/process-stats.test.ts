import { describe, expect, it } from 'vitest';
import { processStats } from '../../../scripts/bench/process-stats.ts';

describe('processStats', () => {
  it('splits resident memory into the process’s own and mapped files’ pages', () => {
    const stats = processStats(process.pid);
    expect(stats).toBeDefined();
    const { rssMiB, peakRssMiB, rssAnonMiB, rssFileMiB, cpuSeconds } = stats!;
    expect(rssAnonMiB).toBeGreaterThan(0);
    expect(rssFileMiB).toBeGreaterThan(0);
    // RssShmem is the rest of VmRSS; a test process maps next to none.
    expect(rssAnonMiB + rssFileMiB).toBeLessThanOrEqual(rssMiB + 0.01);
    expect(rssAnonMiB + rssFileMiB).toBeGreaterThan(rssMiB * 0.9);
    expect(peakRssMiB).toBeGreaterThanOrEqual(rssMiB);
    expect(cpuSeconds).toBeGreaterThan(0);
  });

  it('is undefined for a process that does not exist', () => {
    expect(processStats(2 ** 22 + 1)).toBeUndefined();
  });
});
