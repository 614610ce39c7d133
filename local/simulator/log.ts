import { appendFileSync, existsSync } from 'node:fs';

/** The logging the simulator needs; a pino logger fits it. */
export interface SimulatorLog {
  debug(fields: object, message: string): void;
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

/**
 * JSON lines appended to a file (the control plane's logs directory when there is one, so a live
 * status table on the terminal is not disturbed), else warnings and errors on stderr.
 */
export function fileLog(path: string | undefined): SimulatorLog {
  const write = (level: string, fields: object, message: string) => {
    const line = `${JSON.stringify({ time: new Date().toISOString(), level, component: 'simulator', msg: message, ...fields })}\n`;
    if (path) appendFileSync(path, line);
    else if (level === 'warn' || level === 'error') process.stderr.write(line);
  };
  return {
    debug: (fields, message) => write('debug', fields, message),
    info: (fields, message) => write('info', fields, message),
    warn: (fields, message) => write('warn', fields, message),
    error: (fields, message) => write('error', fields, message),
  };
}

export function defaultLogPath(logsDir: string): string | undefined {
  return existsSync(logsDir) ? `${logsDir}/simulator.log` : undefined;
}

/**
 * Repeats of the same problem (a missing CRD, an object the API server keeps rejecting) are
 * logged once per window instead of on every poll.
 */
export class ThrottledLog {
  readonly #log: SimulatorLog;
  readonly #windowMs: number;
  readonly #last = new Map<string, number>();

  constructor(log: SimulatorLog, windowMs = 30_000) {
    this.#log = log;
    this.#windowMs = windowMs;
  }

  get log(): SimulatorLog {
    return this.#log;
  }

  warn(key: string, fields: object, message: string): void {
    const now = Date.now();
    const last = this.#last.get(key);
    if (last !== undefined && now - last < this.#windowMs) return;
    this.#last.set(key, now);
    this.#log.warn(fields, message);
  }

  failure(key: string, err: unknown, fields: object, message: string): void {
    this.warn(`${key}:${errorText(err)}`, { ...fields, err: errorText(err) }, message);
  }
}

export function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
