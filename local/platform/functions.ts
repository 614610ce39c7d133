import { join } from 'node:path';
import { FUNCTION_NAMES, type FunctionName } from '../../functions/modules.ts';
import { FUNCTION_NODE_FLAGS } from '../../shared/runtime/node-flags.ts';
import { freeLoopbackPorts } from '../control-plane/ports.ts';
import { type ManagedProcess, startProcess, waitFor } from '../control-plane/processes.ts';

export { FUNCTION_NAMES, type FunctionName };

const ROOT = join(import.meta.dirname, '..', '..');

export interface RunningFunction {
  name: FunctionName;
  url: string;
  process: ManagedProcess;
}

/**
 * Each function runs as its own faas-js-runtime process on a loopback port, as it would in its
 * own Knative Service, with the given kubeconfig and environment.
 */
export async function startFunctions(args: {
  kubeconfigPath: string;
  /** Per-function kubeconfigs (e.g. each function's own ServiceAccount token) over `kubeconfigPath`. */
  kubeconfigs?: Partial<Record<FunctionName, string>>;
  logDir: string;
  names?: readonly FunctionName[];
  env?: Record<string, string>;
  /** Environment for one function on top of `env` (e.g. its own metrics port). */
  envFor?: (name: FunctionName) => Record<string, string>;
}): Promise<RunningFunction[]> {
  const running: RunningFunction[] = [];
  const names = args.names ?? FUNCTION_NAMES;
  const ports = await freeLoopbackPorts(names.length);
  for (const [index, name] of names.entries()) {
    const port = ports[index]!;
    const proc = startProcess(
      `function/${name}`,
      process.execPath,
      [...FUNCTION_NODE_FLAGS, join(ROOT, 'scripts', 'serve-function.ts'), name, '--port', String(port)],
      {
        logFile: join(args.logDir, `${name}.log`),
        cwd: ROOT,
        env: {
          ...process.env,
          KUBECONFIG: args.kubeconfigs?.[name] ?? args.kubeconfigPath,
          AIM_SYSTEM_NAMESPACE: 'aim-system',
          LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
          ...args.env,
          ...args.envFor?.(name),
        },
      },
    );
    running.push({ name, url: `http://127.0.0.1:${port}`, process: proc });
  }
  for (const fn of running) {
    await waitFor(`${fn.name} readiness`, async () => (await fetch(`${fn.url}/health/readiness`)).ok, {
      timeoutMs: 60_000,
      process: fn.process,
    });
  }
  return running;
}
