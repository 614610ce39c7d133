/**
 * The user's cluster access, as kubectl would have it: the kubeconfig (`--kubeconfig`, else
 * $KUBECONFIG, else ~/.kube/config, else in-cluster), the context (`--context`, else current), the
 * namespace (`-n`, else the context's, else `default`). Failures become one clear sentence: no
 * kubeconfig, an unknown context, an unreachable server, missing CRDs, a forbidden namespace.
 */
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, join } from 'node:path';
import { KubeConfig } from '@kubernetes/client-node';
import { AIM_API_VERSION } from '../shared/api/group.ts';
import { createKubeClient } from '../shared/kube/client.ts';
import { isKubeError } from '../shared/kube/errors.ts';
import type { KubeClient } from '../shared/kube/types.ts';
import type { CliArgs } from './args.ts';

/** A failure the user can act on; printed without a stack trace. */
export class CliError extends Error {
  readonly exitCode: number;

  constructor(message: string, exitCode = 1) {
    super(message);
    this.exitCode = exitCode;
  }
}

export interface Connection {
  client: KubeClient;
  namespace: string;
  context: string;
  server: string;
}

/** The kubeconfig files to read, in kubectl's order of precedence; none means in-cluster. */
function kubeconfigFiles(args: CliArgs, env: NodeJS.ProcessEnv): string[] {
  if (args.kubeconfig !== undefined) {
    if (!existsSync(args.kubeconfig)) throw new CliError(`kubeconfig ${args.kubeconfig} does not exist`);
    return [args.kubeconfig];
  }
  const named = (env.KUBECONFIG ?? '').split(delimiter).filter((p) => p !== '');
  const existing = named.filter((p) => existsSync(p));
  if (existing.length > 0) return existing;
  const home = join(env.HOME ?? homedir(), '.kube', 'config');
  if (named.length === 0 && existsSync(home)) return [home];
  if (named.length === 0 && env.KUBERNETES_SERVICE_HOST) return [];
  const hint = named.length > 0 ? ` (KUBECONFIG=${env.KUBECONFIG} names no existing file)` : '';
  throw new CliError(
    `no kubeconfig found${hint}: set KUBECONFIG, pass --kubeconfig, or create ~/.kube/config ` +
      '(`npm start` writes .aim-local/kubeconfig for its local cluster)',
  );
}

/** Like kubectl: several KUBECONFIG files merge, the first one's current context wins. */
export function loadUserKubeConfig(args: CliArgs, env: NodeJS.ProcessEnv = process.env): KubeConfig {
  const [first, ...rest] = kubeconfigFiles(args, env);
  const kc = new KubeConfig();
  if (first === undefined) kc.loadFromCluster();
  else {
    kc.loadFromFile(first);
    for (const path of rest) {
      const more = new KubeConfig();
      more.loadFromFile(path);
      kc.mergeConfig(more, true);
    }
  }
  if (args.context !== undefined) {
    if (!kc.getContexts().some((c) => c.name === args.context))
      throw new CliError(`context "${args.context}" is not in the kubeconfig`);
    kc.setCurrentContext(args.context);
  }
  if (kc.getCurrentCluster() === null)
    throw new CliError(`the kubeconfig's current context "${kc.getCurrentContext()}" names no cluster`);
  return kc;
}

export function connect(args: CliArgs, env: NodeJS.ProcessEnv = process.env): Connection {
  const kc = loadUserKubeConfig(args, env);
  const context = kc.getCurrentContext();
  const namespace = args.namespace ?? kc.getContextObject(context)?.namespace ?? 'default';
  const client = createKubeClient({ kubeConfig: kc, userAgent: 'kubectl-aim', timeoutMs: 15_000 });
  return { client, namespace, context, server: kc.getCurrentCluster()?.server ?? '' };
}

/** One sentence for an API failure of `what` (e.g. `list aimservices in namespace team`). */
export function explainApiError(
  err: unknown,
  what: string,
  connection: Pick<Connection, 'server'>,
): CliError {
  if (!isKubeError(err)) return new CliError(`${what}: ${err instanceof Error ? err.message : String(err)}`);
  switch (err.reason) {
    case 'NotFound':
      return new CliError(
        `${what}: the AIM CRDs (${AIM_API_VERSION}) are not installed on ${connection.server} ` +
          '(kubectl apply -k manifests/crds)',
      );
    case 'Forbidden':
      return new CliError(`${what}: forbidden for your user: ${err.details.message ?? err.message}`);
    case 'Unauthorized':
      return new CliError(`${what}: the API server rejected your credentials (Unauthorized)`);
    case 'NetworkError':
    case 'Timeout':
      return new CliError(`${what}: cannot reach the API server ${connection.server} (${err.message})`);
    default:
      return new CliError(`${what}: ${err.message}`);
  }
}

/**
 * One cheap LIST that tells the three common set-up problems apart before a command starts:
 * unreachable server, no AIM CRDs (a LIST of an unknown resource is the only LIST that 404s),
 * no permission in the namespace.
 */
export async function checkAccess(connection: Connection, namespace: string | undefined): Promise<void> {
  const where = namespace === undefined ? 'in all namespaces' : `in namespace ${namespace}`;
  try {
    await connection.client.list(
      { apiVersion: AIM_API_VERSION, kind: 'AIMService' },
      namespace === undefined ? { limit: 1 } : { namespace, limit: 1 },
    );
  } catch (err) {
    throw explainApiError(err, `list aimservices ${where}`, connection);
  }
}
