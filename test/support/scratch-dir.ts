/**
 * Vitest global setup: every temp dir a test run makes (control planes, registries, images:
 * ~2 GB per e2e run) goes under one directory of its own, removed when the run ends. Tests and
 * what they spawn use `os.tmpdir()`, which follows TMPDIR; the workers inherit it. Set
 * AIM_KEEP_TEST_DIRS=1 to keep it for a look after a failure.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const KEEP_ENV = 'AIM_KEEP_TEST_DIRS';

export default function setup(): () => void {
  const previous = process.env.TMPDIR;
  const dir = mkdtempSync(join(tmpdir(), 'aim-test-run-'));
  process.env.TMPDIR = dir;
  return () => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    if (process.env[KEEP_ENV] === '1') {
      process.stderr.write(`test dirs kept in ${dir}\n`);
      return;
    }
    rmSync(dir, { recursive: true, force: true });
  };
}
