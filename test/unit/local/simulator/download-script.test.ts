import { describe, expect, it } from 'vitest';
import { downloadScript, downloadStateAt } from '../../../../local/simulator/download-script.ts';
import { DownloadProgressSchema } from '../../../../local/simulator/rules.ts';

const base = {
  uri: 'hf://org/model',
  protocols: ['XET', 'HF_TRANSFER'],
  totalBytes: 1000,
  stallTimeoutSeconds: 120,
  verifyFails: false,
};

describe('downloadScript', () => {
  it('reports 25, 50, 100 % one interval apart, verifies, and succeeds', () => {
    const script = downloadScript({ ...base, progress: DownloadProgressSchema.parse({}) });
    expect(script.exitCode).toBe(0);
    expect(script.endsAt).toBe(3.5);
    expect(downloadStateAt(script, 0).download).toMatchObject({
      protocol: 'XET',
      attempt: 1,
      totalAttempts: 2,
      protocolSequence: 'XET,HF_TRANSFER',
      message: 'Downloading with XET',
    });
    expect(downloadStateAt(script, 0).progress).toBeUndefined();
    expect(downloadStateAt(script, 1).progress).toEqual({
      percentage: 25,
      displayPercentage: '25 %',
      downloadedBytes: 250,
      totalBytes: 1000,
    });
    expect(downloadStateAt(script, 2.5).progress?.percentage).toBe(50);
    const done = downloadStateAt(script, 3);
    expect(done.progress?.percentage).toBe(100);
    expect(done.download?.message).toBe('Verifying integrity...');
    expect(downloadStateAt(script, 10).logLines.at(-1)).toBe('Download and verification complete');
  });

  it('changes its index exactly when something new was reported', () => {
    const script = downloadScript({ ...base, progress: DownloadProgressSchema.parse({}) });
    expect(downloadStateAt(script, 1.2).index).toBe(downloadStateAt(script, 1.9).index);
    expect(downloadStateAt(script, 2).index).toBeGreaterThan(downloadStateAt(script, 1.9).index);
  });

  it('falls back to the next protocol when one fails', () => {
    const script = downloadScript({
      ...base,
      protocols: ['XET', 'HTTP'],
      progress: DownloadProgressSchema.parse({ failProtocols: ['XET'] }),
    });
    expect(downloadStateAt(script, 1).download?.message).toBe('Failed with XET');
    expect(downloadStateAt(script, 1.5).download).toMatchObject({
      protocol: 'HTTP',
      attempt: 2,
      message: 'Downloading with HTTP',
    });
    const final = downloadStateAt(script, 100);
    expect(final.download).toMatchObject({
      protocol: 'HTTP',
      attempt: 2,
      totalAttempts: 2,
      protocolSequence: 'XET,HTTP',
    });
    expect(script.exitCode).toBe(0);
  });

  it('exhausts every protocol and fails', () => {
    const script = downloadScript({
      ...base,
      protocols: ['XET', 'HTTP'],
      progress: DownloadProgressSchema.parse({ failProtocols: ['XET', 'HTTP'] }),
    });
    expect(script.exitCode).toBe(1);
    expect(downloadStateAt(script, script.endsAt).download).toMatchObject({
      protocol: 'HTTP',
      attempt: 2,
      message: 'All 2 attempts exhausted',
    });
    expect(downloadStateAt(script, script.endsAt).progress).toBeUndefined();
  });

  it('stalls at stallAt and exits 1 after the stall timeout', () => {
    const script = downloadScript({
      ...base,
      progress: DownloadProgressSchema.parse({ steps: [25, 50, 75, 100], stallAt: 40 }),
      stallTimeoutSeconds: 5,
    });
    expect(script.exitCode).toBe(1);
    expect(downloadStateAt(script, 1).progress?.percentage).toBe(25);
    expect(downloadStateAt(script, 2).progress?.percentage).toBe(40);
    expect(downloadStateAt(script, 6.9).progress?.percentage).toBe(40);
    expect(script.endsAt).toBe(7);
    expect(downloadStateAt(script, 7).logLines.at(-1)).toBe('Download stalled: no progress for 5s, aborting');
  });

  it('fails verification after reaching 100 % when asked to', () => {
    const script = downloadScript({ ...base, verifyFails: true, progress: DownloadProgressSchema.parse({}) });
    expect(script.exitCode).toBe(1);
    expect(downloadStateAt(script, script.endsAt).progress?.percentage).toBe(100);
  });
});
