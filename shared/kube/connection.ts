/**
 * Where the API server is and how to authenticate, without loading @kubernetes/client-node when
 * it is not needed: importing it costs a function about 80 MiB of resident memory (its generated
 * API models load with its KubeConfig). In-cluster service accounts and kubeconfigs with a token,
 * a token file, client certificates or basic auth — what the functions run with — are read here;
 * anything else (exec plugins, auth providers, proxies) is handed to client-node's KubeConfig,
 * imported only then. Sources are looked up in client-node's order: KUBECONFIG, ~/.kube/config,
 * then the in-cluster service account.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { AgentOptions, RequestOptions } from 'node:https';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { delimiter, dirname, isAbsolute, join } from 'node:path';
import { https, tls as nodeTls } from '../runtime/node-http.ts';

/** What the transport needs of a kubeconfig; client-node's KubeConfig has the same shape. */
export interface Connection {
  getCurrentCluster(): { server: string } | null;
  applyToHTTPSOptions(options: RequestOptions): Promise<void>;
}

export interface ConnectionSource {
  kubeconfigPath?: string;
  kubeconfigYaml?: string;
  context?: string;
}

const SERVICE_ACCOUNT_DIR = '/var/run/secrets/kubernetes.io/serviceaccount';

type Fields = Record<string, unknown>;

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The light connection, or undefined when the kubeconfig needs client-node (exec, auth provider, proxy). */
export function lightConnection(source: ConnectionSource = {}): Connection | undefined {
  if (source.kubeconfigYaml !== undefined)
    return fromKubeconfig(source.kubeconfigYaml, process.cwd(), source.context);
  const paths = source.kubeconfigPath
    ? [source.kubeconfigPath]
    : (process.env.KUBECONFIG?.split(delimiter).filter(Boolean) ?? [join(homedir(), '.kube', 'config')]);
  // Several KUBECONFIG files are merged by client-node: left to it.
  if (paths.length > 1) return undefined;
  const path = paths[0];
  if (path !== undefined && existsSync(path))
    return fromKubeconfig(readFileSync(path, 'utf8'), dirname(path), source.context);
  if (source.kubeconfigPath) throw new Error(`kubeconfig ${source.kubeconfigPath} does not exist`);
  return inCluster();
}

function inCluster(): Connection | undefined {
  const host = process.env.KUBERNETES_SERVICE_HOST;
  const port = process.env.KUBERNETES_SERVICE_PORT;
  const tokenFile = join(SERVICE_ACCOUNT_DIR, 'token');
  if (!host || !port || !existsSync(tokenFile)) return undefined;
  const server = `https://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return connection(server, { ca: readFileSync(join(SERVICE_ACCOUNT_DIR, 'ca.crt')) }, { tokenFile });
}

function named(list: unknown, name: string | undefined, field: string): Fields | undefined {
  if (!Array.isArray(list)) return undefined;
  const entry = (list as Fields[]).find((item) => item?.name === name);
  const value = entry?.[field];
  return typeof value === 'object' && value !== null ? (value as Fields) : undefined;
}

/**
 * A kubeconfig's fields. JSON (what the local platform writes; kubectl and client-go read it too)
 * needs no YAML parser, and in a pod there is no kubeconfig at all: the parser is loaded only for
 * YAML text, which spares every cold start its evaluation (~14 ms in a CPU profile).
 */
function parseKubeconfig(text: string): Fields {
  if (text.trimStart().startsWith('{')) {
    try {
      return JSON.parse(text) as Fields;
    } catch {
      // YAML flow style that is not JSON: the YAML parser below reads it.
    }
  }
  const yaml = createRequire(import.meta.url)('yaml') as typeof import('yaml');
  return yaml.parse(text) as Fields;
}

function fromKubeconfig(text: string, baseDir: string, contextName?: string): Connection | undefined {
  const config = parseKubeconfig(text);
  const context = named(config.contexts, contextName ?? str(config['current-context']), 'context');
  if (context === undefined) throw new Error('kubeconfig has no current context (or no such context)');
  const cluster = named(config.clusters, str(context.cluster), 'cluster');
  const user = named(config.users, str(context.user), 'user') ?? {};
  const server = str(cluster?.server);
  if (cluster === undefined || server === undefined)
    throw new Error('kubeconfig has no cluster for its context');
  if (user.exec || user['auth-provider'] || cluster['proxy-url'] || user.as || user.impersonate)
    return undefined;
  const file = (value: unknown) => {
    const path = str(value);
    return path === undefined ? undefined : readFileSync(isAbsolute(path) ? path : join(baseDir, path));
  };
  const data = (value: unknown) =>
    str(value) === undefined ? undefined : Buffer.from(str(value)!, 'base64');
  const tls: AgentOptions = {};
  const ca = data(cluster['certificate-authority-data']) ?? file(cluster['certificate-authority']);
  if (ca) tls.ca = ca;
  const cert = data(user['client-certificate-data']) ?? file(user['client-certificate']);
  const key = data(user['client-key-data']) ?? file(user['client-key']);
  if (cert) tls.cert = cert;
  if (key) tls.key = key;
  if (cluster['insecure-skip-tls-verify'] === true) tls.rejectUnauthorized = false;
  const tlsServerName = str(cluster['tls-server-name']);
  if (tlsServerName) tls.servername = tlsServerName;
  const auth: AuthSource = {};
  const token = str(user.token);
  const tokenFile = str(user.tokenFile);
  if (token) auth.token = token;
  else if (tokenFile) auth.tokenFile = isAbsolute(tokenFile) ? tokenFile : join(baseDir, tokenFile);
  if (str(user.username) && str(user.password)) auth.basic = `${user.username}:${user.password}`;
  return connection(server, tls, auth);
}

interface AuthSource {
  token?: string;
  /** Read on every request: projected service-account tokens rotate. */
  tokenFile?: string;
  basic?: string;
}

/**
 * One TLS context for every connection: left to each connection, it was built again from the CA,
 * certificate and key (~10 ms of CPU each; a cold start opens three, a burst dozens). Material
 * that does not parse is left to each connection, whose requests then fail naming it, as before.
 */
function withSharedContext(tls: AgentOptions): AgentOptions {
  try {
    return {
      ...tls,
      secureContext: nodeTls.createSecureContext({ ca: tls.ca, cert: tls.cert, key: tls.key }),
    };
  } catch {
    return tls;
  }
}

function connection(server: string, tls: AgentOptions, auth: AuthSource): Connection {
  const agent = new https.Agent(withSharedContext(tls));
  return {
    getCurrentCluster: () => ({ server }),
    async applyToHTTPSOptions(options) {
      options.agent = agent;
      const token = auth.token ?? (auth.tokenFile ? readFileSync(auth.tokenFile, 'utf8').trim() : undefined);
      if (token) options.headers = { ...options.headers, Authorization: `Bearer ${token}` };
      if (auth.basic) options.auth = auth.basic;
    },
  };
}
