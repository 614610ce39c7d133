import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { freeLoopbackPort } from '../control-plane/ports.ts';
import { type ManagedProcess, startProcess } from '../control-plane/processes.ts';
import type { ApiServerSource } from './manifests.ts';

/** The plural the ApiServerSource controller derives from a kind (UnsafeGuessKindToResource). */
export function guessPlural(kind: string): string {
  const lower = kind.toLowerCase();
  if (/(s|x|z|ch|sh)$/.test(lower)) return `${lower}es`;
  if (/[^aeiou]y$/.test(lower)) return `${lower.slice(0, -1)}ies`;
  return `${lower}s`;
}

type Selector = NonNullable<ApiServerSource['spec']['resources'][number]['selector']>;

/** metav1.LabelSelector → the selector string the adapter config carries. */
export function selectorString(selector: Selector | undefined): string {
  if (!selector) return '';
  const parts = Object.entries(selector.matchLabels ?? {}).map(([k, v]) => `${k}=${v}`);
  for (const e of selector.matchExpressions ?? []) {
    const values = (e.values ?? []).join(',');
    if (e.operator === 'Exists') parts.push(e.key);
    else if (e.operator === 'DoesNotExist') parts.push(`!${e.key}`);
    else if (e.operator === 'In') parts.push(`${e.key} in (${values})`);
    else if (e.operator === 'NotIn') parts.push(`${e.key} notin (${values})`);
    else throw new Error(`unsupported selector operator ${e.operator}`);
  }
  return parts.join(',');
}

/** The adapter's K_SOURCE_CONFIG, derived the way the ApiServerSource reconciler does it. */
export function adapterSourceConfig(source: ApiServerSource): Record<string, unknown> {
  const allNamespaces =
    source.spec.namespaceSelector !== undefined && Object.keys(source.spec.namespaceSelector).length === 0;
  return {
    namespaces: allNamespaces ? [] : [source.metadata.namespace ?? 'default'],
    allNamespaces,
    mode: source.spec.mode ?? 'Reference',
    resources: source.spec.resources.map((r) => {
      const [group, version] = r.apiVersion.includes('/') ? r.apiVersion.split('/') : ['', r.apiVersion];
      return {
        gvr: { Group: group, Version: version, Resource: guessPlural(r.kind) },
        selector: selectorString(r.selector),
      };
    }),
  };
}

/**
 * Holds a loopback port so the adapter's own listeners cannot take it: the adapter binds its
 * health probe on `:8080` and pprof on `:PROFILING_PORT` (all interfaces, hard-coded). With the
 * port already bound on 127.0.0.1 its wildcard bind fails — which the adapter tolerates — so
 * nothing of ours listens beyond loopback.
 */
async function holdLoopbackPort(port: number): Promise<Server | undefined> {
  return await new Promise((resolve) => {
    const server = createServer((socket) => socket.destroy());
    server.once('error', () => resolve(undefined)); // somebody already holds it: equally safe
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

export interface RunningAdapters {
  processes: ManagedProcess[];
  stop(): Promise<void>;
}

/** One real Knative receive adapter process per ApiServerSource, sending to the local broker. */
export async function startAdapters(args: {
  binary: string;
  sources: ApiServerSource[];
  kubeconfigPath: string;
  sinkUrl: string;
  logDir: string;
}): Promise<RunningAdapters> {
  mkdirSync(args.logDir, { recursive: true });
  const guards = [await holdLoopbackPort(8080)];
  const processes: ManagedProcess[] = [];
  for (const source of args.sources) {
    const profilingPort = await freeLoopbackPort();
    guards.push(await holdLoopbackPort(profilingPort));
    processes.push(
      startProcess(`adapter/${source.metadata.name}`, args.binary, [], {
        logFile: join(args.logDir, `adapter-${source.metadata.name}.log`),
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          KUBECONFIG: args.kubeconfigPath,
          K_SINK: args.sinkUrl,
          K_SOURCE_CONFIG: JSON.stringify(adapterSourceConfig(source)),
          NAME: source.metadata.name,
          NAMESPACE: source.metadata.namespace ?? 'default',
          SYSTEM_NAMESPACE: 'knative-eventing',
          METRICS_DOMAIN: 'knative.dev/eventing',
          PROFILING_PORT: String(profilingPort),
          K_SINK_TIMEOUT: '30',
          ...(source.spec.ceOverrides ? { K_CE_OVERRIDES: JSON.stringify(source.spec.ceOverrides) } : {}),
        },
      }),
    );
  }
  return {
    processes,
    async stop() {
      for (const p of processes) await p.stop();
      for (const g of guards) g?.close();
    },
  };
}
