import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';

/**
 * Child processes of the local control plane. Each runs in its own process group so that stopping
 * it also stops anything it forked, and every live group is killed when this process exits for any
 * reason (test failure, Ctrl-C, uncaught error): nothing may be left listening behind a run.
 */
export interface ManagedProcess {
  readonly name: string;
  readonly child: ChildProcess;
  readonly logFile: string;
  /** Resolves when the process has exited. */
  readonly exited: Promise<number | null>;
  stop(timeoutMs?: number): Promise<void>;
  /** SIGSTOP to the group: the process keeps its sockets but answers nothing (a hung server). */
  pause(): void;
  /** SIGCONT to the group: a paused process carries on where it was. */
  resume(): void;
}

const live = new Set<ManagedProcess>();
let hooksInstalled = false;

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

function installExitHooks(): void {
  if (hooksInstalled) return;
  hooksInstalled = true;
  process.on('exit', () => {
    for (const p of live) killGroup(p.child, 'SIGKILL');
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      for (const p of live) killGroup(p.child, 'SIGKILL');
      process.exit(130);
    });
  }
}

export function startProcess(
  name: string,
  command: string,
  args: readonly string[],
  options: { logFile: string; env?: NodeJS.ProcessEnv; cwd?: string },
): ManagedProcess {
  installExitHooks();
  const log = createWriteStream(options.logFile, { flags: 'a' });
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => {
      live.delete(managed);
      resolve(code);
    });
    child.once('error', (err) => {
      log.write(`[spawn error] ${err.message}\n`);
      live.delete(managed);
      resolve(-1);
    });
  });
  const managed: ManagedProcess = {
    name,
    child,
    logFile: options.logFile,
    exited,
    async stop(timeoutMs = 10_000) {
      killGroup(child, 'SIGTERM');
      // A paused process only acts on SIGTERM once it runs again.
      killGroup(child, 'SIGCONT');
      const timer = setTimeout(() => killGroup(child, 'SIGKILL'), timeoutMs);
      await exited;
      clearTimeout(timer);
      log.end();
    },
    pause: () => killGroup(child, 'SIGSTOP'),
    resume: () => killGroup(child, 'SIGCONT'),
  };
  live.add(managed);
  return managed;
}

/** The last lines of a process's log: what a timeout's message needs once the test dirs are gone. */
export function logTail(logFile: string, lines = 15): string {
  try {
    const text = readFileSync(logFile, 'utf8').slice(-6_000);
    return text
      .split('\n')
      .filter((line) => line.trim() !== '')
      .slice(-lines)
      .join('\n');
  } catch {
    return '';
  }
}

/**
 * Polls `check` until it returns true; fails early if `process` exits meanwhile. On a timeout the
 * error carries `explain`'s answer and the tail of the process's log, so a CI failure says why.
 */
export async function waitFor(
  what: string,
  check: () => Promise<boolean>,
  options: {
    timeoutMs: number;
    intervalMs?: number;
    process?: ManagedProcess;
    explain?: () => Promise<string>;
  },
): Promise<void> {
  const deadline = Date.now() + options.timeoutMs;
  let exitedCode: number | null | undefined;
  options.process?.exited.then((code) => {
    exitedCode = code;
  });
  while (Date.now() < deadline) {
    if (exitedCode !== undefined) {
      throw new Error(
        `${options.process?.name} exited (code ${exitedCode}) while waiting for ${what}; see ${options.process?.logFile}`,
      );
    }
    try {
      if (await check()) return;
    } catch {
      // not ready yet
    }
    await new Promise((r) => setTimeout(r, options.intervalMs ?? 200));
  }
  const explained = await options.explain?.().catch((err: Error) => `(no explanation: ${err.message})`);
  const tail = options.process ? logTail(options.process.logFile) : '';
  const details = [explained, tail && `last lines of ${options.process?.logFile}:\n${tail}`].filter(
    (part) => part,
  );
  throw new Error(
    `timed out after ${options.timeoutMs} ms waiting for ${what}${details.map((part) => `\n${part}`).join('')}`,
  );
}
