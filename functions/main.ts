/**
 * Serves one function with faas-js-runtime: the container image's entry point
 * (`node dist/functions/main.js`, function from AIM_FUNCTION) and, through
 * scripts/serve-function.ts, the local one. Arguments and environment: functions/serve-command.ts.
 * SIGINT/SIGTERM run the function's shutdown hook and exit (faas-js-runtime's own handling).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { serveFunction } from '../shared/runtime/serve.ts';
import { loadFunction } from './modules.ts';
import { parseServeCommand } from './serve-command.ts';

const parsed = parseServeCommand(process.argv.slice(2), process.env);
if (!parsed.ok) {
  (parsed.help ? process.stdout : process.stderr).write(`${parsed.message}\n`);
  process.exit(parsed.help ? 0 : 2);
}
const { name, host, port, loadOnly } = parsed.command;
// The runtime reads the function's name (metrics labels) from its func.yaml when there is one.
const functionDir = join(import.meta.dirname, name);
const module = await loadFunction(name);
if (loadOnly) {
  // The image's build runs this to fill Node's compile cache: the schemas' code too, which is
  // otherwise compiled only on first use (shared/runtime/prepare.ts).
  await module.prepare();
  process.stdout.write(`${JSON.stringify({ msg: 'function loaded', function: name })}\n`);
  process.exit(0);
}
const running = await serveFunction(module, {
  port,
  host,
  ...(existsSync(join(functionDir, 'func.yaml')) ? { funcDir: functionDir } : {}),
});
process.stdout.write(`${JSON.stringify({ msg: 'function listening', function: name, url: running.url })}\n`);
// Ready first, then what the first event needs (shared/runtime/prepare.ts); after pending I/O, so
// a probe or an event that already arrived is not kept waiting.
setImmediate(() => void module.prepare());
