/**
 * The JSON logger every function uses. One root logger per function; each event and each
 * reconciled object gets a child carrying the correlation fields below, so a log line can always
 * be traced back to the function, the event and the object it is about.
 */
import { type DestinationStream, type LevelWithSilent, type Logger as PinoLogger, pino } from 'pino';
import { maskSecrets, REDACTED } from './redact.ts';

export type Logger = PinoLogger;

/** Correlation fields carried by child loggers. */
export interface LogFields {
  function?: string;
  kind?: string;
  namespace?: string;
  name?: string;
  eventId?: string;
}

export interface LoggerOptions {
  /** The function name, bound on every line. */
  function: string;
  /** Defaults to `LOG_LEVEL`, then `info`. */
  level?: LevelWithSilent;
  /** Where lines go (stdout by default); tests pass a capturing stream. */
  destination?: DestinationStream;
}

const LEVELS: readonly LevelWithSilent[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/**
 * Fixed paths pino masks while serializing. `maskSecrets` (run on every finished line) already
 * covers these by key name at any depth; the list is a cheap first layer so that the most common
 * carriers of credentials are masked even before that walk.
 */
export const REDACT_PATHS: readonly string[] = [
  'authorization',
  'headers.authorization',
  'headers.cookie',
  'req.headers.authorization',
  'req.headers.cookie',
  '*.password',
  '*.token',
  '*.auths',
  '*[".dockerconfigjson"]',
];

export function logLevelFromEnv(env: NodeJS.ProcessEnv = process.env): LevelWithSilent {
  const level = env.LOG_LEVEL?.trim().toLowerCase();
  return level !== undefined && (LEVELS as readonly string[]).includes(level)
    ? (level as LevelWithSilent)
    : 'info';
}

export function createLogger(options: LoggerOptions): Logger {
  return pino(
    {
      level: options.level ?? logLevelFromEnv(),
      base: { function: options.function },
      redact: { paths: [...REDACT_PATHS], censor: REDACTED },
      timestamp: pino.stdTimeFunctions.isoTime,
      // The finished line is the only place that holds everything: base, child bindings (which
      // pino's `formatters.bindings` does not see for children), serialized errors and the
      // logged object. Masking it there means no path can be forgotten.
      hooks: { streamWrite: maskLine },
    },
    options.destination,
  );
}

function maskLine(line: string): string {
  try {
    return `${JSON.stringify(maskSecrets(JSON.parse(line)))}\n`;
  } catch {
    // Unparseable means unmaskable: drop the content rather than risk a leak.
    return `${JSON.stringify({ level: 50, time: new Date().toISOString(), msg: '[log line dropped: could not be masked]' })}\n`;
  }
}

/** A child logger with the correlation fields that are set (empty ones are left out). */
export function withFields(logger: Logger, fields: LogFields): Logger {
  const bindings: Record<string, string> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (typeof value === 'string' && value !== '') bindings[key] = value;
  }
  return logger.child(bindings);
}
