/**
 * Runs one function locally on loopback: `node scripts/serve-function.ts <name> [--port N]`.
 * The port defaults to `FUNC_PORT`, then 8080. The Kubernetes connection comes from the
 * environment as in the cluster (`KUBECONFIG`, else ~/.kube/config, else in-cluster).
 * SIGINT/SIGTERM run the function's shutdown hook and exit (faas-js-runtime's own handling).
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { Function as FaasFunction } from 'faas-js-runtime';
import { serveFunction } from '../shared/runtime/serve.ts';

const USAGE = 'usage: node scripts/serve-function.ts <function-name> [--port N]';

function fail(message: string): never {
  process.stderr.write(`${message}\n${USAGE}\n`);
  process.exit(2);
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { port: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
});
if (values.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}

const [name, ...extra] = positionals;
if (name === undefined || extra.length > 0) fail('expected exactly one function name');
if (!/^[a-z][a-z0-9-]*$/.test(name)) fail(`not a function name: "${name}"`);

const portText = values.port ?? process.env.FUNC_PORT ?? '8080';
const port = Number(portText);
if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`invalid port "${portText}"`);

const functionDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'functions', name);
const entry = join(functionDir, 'index.ts');
if (!existsSync(entry)) fail(`no function "${name}" (expected ${entry})`);

const module = (await import(pathToFileURL(entry).href)) as FaasFunction;
const running = await serveFunction(module, { port, host: '127.0.0.1', funcDir: functionDir });
process.stdout.write(`${JSON.stringify({ msg: 'function listening', function: name, url: running.url })}\n`);
