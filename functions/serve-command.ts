/**
 * What to serve and where, from the command line and the environment:
 *
 *   <entry> [<function>] [--port N] [--host H] [--load-only]
 *
 * The function is the argument, else `AIM_FUNCTION` (the container image selects it that way, so
 * one image serves all five). The host is `--host`, else `FUNC_HOST`, else 127.0.0.1: a local run
 * stays on loopback, and the image sets `FUNC_HOST=0.0.0.0` so the pod is reachable. The port is
 * `--port`, else `FUNC_PORT`, else `PORT` (what Knative sets), else 8080. `--load-only` loads the
 * function and exits without serving: the image's build runs it once per function so that Node's
 * compile cache, carried in the image, spares every cold start compiling the bundle again.
 */
import { parseArgs } from 'node:util';
import { FUNCTION_NAMES, type FunctionName, isFunctionName } from './modules.ts';

export const SERVE_USAGE = `usage: <entry> [${FUNCTION_NAMES.join('|')}] [--port N] [--host H] [--load-only] (or AIM_FUNCTION=<function>)`;

export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_PORT = 8080;

export interface ServeCommand {
  name: FunctionName;
  host: string;
  port: number;
  /** Load the function's modules and exit (warms a compile cache) instead of serving. */
  loadOnly: boolean;
}

export type ParsedServeCommand =
  | { ok: true; command: ServeCommand }
  | { ok: false; help?: true; message: string };

function parsePort(text: string): number | undefined {
  if (!/^\d+$/.test(text)) return undefined;
  const port = Number(text);
  return port <= 65535 ? port : undefined;
}

export function parseServeCommand(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): ParsedServeCommand {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        'load-only': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (err) {
    return { ok: false, message: (err as Error).message };
  }
  const { values, positionals } = parsed;
  if (values.help) return { ok: false, help: true, message: SERVE_USAGE };
  if (positionals.length > 1)
    return { ok: false, message: `expected one function name, got ${positionals.join(' ')}` };
  const name = positionals[0] ?? env.AIM_FUNCTION?.trim();
  if (!name) return { ok: false, message: 'no function named: pass one as the argument or set AIM_FUNCTION' };
  if (!isFunctionName(name)) {
    return { ok: false, message: `not a function: "${name}" (one of ${FUNCTION_NAMES.join(', ')})` };
  }
  const portText = String(values.port ?? (env.FUNC_PORT?.trim() || env.PORT?.trim() || DEFAULT_PORT));
  const port = parsePort(portText);
  if (port === undefined) return { ok: false, message: `invalid port "${portText}"` };
  const host = String(values.host ?? (env.FUNC_HOST?.trim() || DEFAULT_HOST));
  return { ok: true, command: { name, host, port, loadOnly: values['load-only'] === true } };
}
