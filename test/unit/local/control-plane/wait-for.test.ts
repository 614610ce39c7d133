import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { logTail, type ManagedProcess, waitFor } from '../../../../local/control-plane/processes.ts';

describe('waitFor', () => {
  it('says on a timeout why, with the tail of the process log, since CI removes the test dirs', async () => {
    const logFile = join(mkdtempSync(join(tmpdir(), 'wait-for-')), 'kube-apiserver.log');
    writeFileSync(logFile, `${Array.from({ length: 40 }, (_, i) => `line ${i}`).join('\n')}\n`);
    const process = {
      name: 'kube-apiserver',
      logFile,
      exited: new Promise(() => {}),
    } as unknown as ManagedProcess;
    const waiting = waitFor('kube-apiserver /readyz', async () => false, {
      timeoutMs: 30,
      intervalMs: 5,
      process,
      explain: async () => '/readyz answered 500; failing: [-]etcd failed: reason withheld',
    });
    await expect(waiting).rejects.toThrow(
      /^timed out after 30 ms waiting for kube-apiserver \/readyz\n\/readyz answered 500; failing: \[-\]etcd failed/,
    );
    await expect(waiting).rejects.toThrow(/line 39$/);
    expect(logTail(logFile, 3)).toBe('line 37\nline 38\nline 39');
    expect(logTail(join(tmpdir(), 'no-such-dir', 'x.log'))).toBe('');
  });
});
