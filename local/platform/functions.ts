import { join } from 'node:path';
import { FUNCTION_NAMES, type FunctionName } from '../../functions/modules.ts';
import { FUNCTION_NODE_FLAGS } from '../../shared/runtime/node-flags.ts';
import { freeLoopbackPorts } from '../control-plane/ports.ts';
import { type ManagedProcess, startProcess, waitFor } from '../control-plane/processes.ts';

export { FUNCTION_NAMES, type FunctionName };

const ROOT = join(import.meta.dirname, '..', '..');

export interface RunningFunction {
  name: FunctionName;
  /** 0 for the first process of a function, 1… for extra instances. */
  instance: number;
  url: string;
  process: ManagedProcess;
}

/**
 * Each function runs as its own faas-js-runtime process on a loopback port, as it would in its
 * own Knative Service, with the given kubeconfig and environment; `instances` > 1 runs that many
 * processes of each, as Knative does when it scales a Service out (each with its own cache).
 */
export async function startFunctions(args: {
  kubeconfigPath: string;
  /** Per-function kubeconfigs (e.g. each function's own ServiceAccount token) over `kubeconfigPath`. */
  kubeconfigs?: Partial<Record<FunctionName, string>>;
  logDir: string;
  names?: readonly FunctionName[];
  env?: Record<string, string>;
  /** Environment for one function on top of `env` (e.g. its own metrics port). */
  envFor?: (name: FunctionName, instance: number) => Record<string, string>;
  instances?: number;
  /** Number of the first instance started (each instance has its own POD_NAME). Default 0. */
  firstInstance?: number;
  /** One log file per function (`<name>.log`) for every instance, as a scaled function's come and go. */
  logPerFunction?: boolean;
  /**
   * The script each process runs: default the TypeScript sources (scripts/serve-function.ts);
   * the benchmarks pass the bundled entry point the image runs (scripts/build/bundle.ts).
   */
  entry?: string;
}): Promise<RunningFunction[]> {
  const running: RunningFunction[] = [];
  const instances = Math.max(1, args.instances ?? 1);
  const first = args.firstInstance ?? 0;
  const names = (args.names ?? FUNCTION_NAMES).flatMap((name) =>
    Array.from({ length: instances }, (_, index) => ({ name, instance: first + index })),
  );
  const ports = await freeLoopbackPorts(names.length);
  for (const [index, { name, instance }] of names.entries()) {
    const port = ports[index]!;
    const label = instance === 0 ? name : `${name}-${instance}`;
    const proc = startProcess(
      `function/${label}`,
      process.execPath,
      [
        ...FUNCTION_NODE_FLAGS,
        ...extraNodeFlags(),
        args.entry ?? join(ROOT, 'scripts', 'serve-function.ts'),
        name,
        '--port',
        String(port),
      ],
      {
        logFile: join(args.logDir, `${args.logPerFunction ? name : label}.log`),
        cwd: ROOT,
        env: {
          ...process.env,
          // Compiled code kept between starts (a function scaled up again, the next run): Node
          // skips compiling what did not change.
          NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE ?? join(ROOT, '.aim-local', 'compile-cache'),
          KUBECONFIG: args.kubeconfigs?.[name] ?? args.kubeconfigPath,
          AIM_SYSTEM_NAMESPACE: 'aim-system',
          // As a pod name would: tells instances apart in Lease holders and logs.
          POD_NAME: label,
          LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
          ...args.env,
          ...args.envFor?.(name, instance),
        },
      },
    );
    running.push({ name, instance, url: `http://127.0.0.1:${port}`, process: proc });
  }
  for (const fn of running) {
    await waitFor(
      `${fn.name}#${fn.instance} readiness`,
      async () => (await fetch(`${fn.url}/health/readiness`)).ok,
      {
        timeoutMs: 60_000,
        // Often: a function is ready in a few hundred ms, and the cold start figure includes this wait.
        intervalMs: 25,
        process: fn.process,
      },
    );
  }
  return running;
}

/**
 * `AIM_FUNCTION_NODE_FLAGS` adds Node flags to every function process, e.g.
 * `--cpu-prof --cpu-prof-dir=/tmp/prof` to see where a benchmark's CPU goes (docs/performance.md).
 */
function extraNodeFlags(): string[] {
  return (process.env.AIM_FUNCTION_NODE_FLAGS ?? '').split(/\s+/).filter((flag) => flag !== '');
}
