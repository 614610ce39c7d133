/** Runs the real `kubectl-aim` executable (bin/kubectl-aim.js) as a user would, without a shell. */
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const BIN = join(import.meta.dirname, '..', '..', '..', 'bin', 'kubectl-aim.js');
/** A HOME without ~/.kube/config, so only what a test passes is used. */
const EMPTY_HOME = mkdtempSync(join(tmpdir(), 'kubectl-aim-home-'));

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export function kubectlAim(
  args: readonly string[],
  env: Record<string, string | undefined> = {},
): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [BIN, ...args],
      { env: { PATH: process.env.PATH, HOME: EMPTY_HOME, ...env }, timeout: 300_000, maxBuffer: 8 << 20 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** stdout as JSON, failing with what the command said when it is not. */
export function jsonOf<T>(run: CliRun): T {
  try {
    return JSON.parse(run.stdout) as T;
  } catch {
    throw new Error(`not JSON (exit ${run.code}): ${run.stdout}\n${run.stderr}`);
  }
}
