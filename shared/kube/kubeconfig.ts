/** How a client finds its API server: a kubeconfig (file, text or object) or the pod's service account. */
import { createRequire } from 'node:module';
import type { KubeConfig } from '@kubernetes/client-node';
import { type Connection, lightConnection } from './connection.ts';
import type { TransportRequest } from './transport.ts';

export interface KubeClientOptions {
  /** A ready KubeConfig (tests build one with `loadFromOptions`); wins over the other sources. */
  kubeConfig?: KubeConfig;
  /** Path of a kubeconfig file. */
  kubeconfigPath?: string;
  /** Kubeconfig YAML text. */
  kubeconfigYaml?: string;
  /** Context to use instead of the kubeconfig's current context. */
  context?: string;
  /** Per-request timeout in ms (default 30 s); expiry is a retryable Timeout KubeError. */
  timeoutMs?: number;
  userAgent?: string;
  /** Told of every request as it is sent. */
  onRequest?: (request: TransportRequest) => void;
  /** Told of every request's answer (or failure), with how long it took in seconds. */
  onResponse?: (request: TransportRequest, seconds: number) => void;
  /**
   * Keep-alive connections to open at once in the background (one `GET /version` each), so that
   * the first requests find their TLS handshake done: a cold function's first GET took 25-40 ms
   * against 2-4 ms on an open connection.
   */
  preconnect?: number;
}

/**
 * client-node's KubeConfig, loaded on demand: importing the package costs about 80 MiB of
 * resident memory, so the functions connect through `lightConnection` whenever they can.
 */
function clientNode(): typeof import('@kubernetes/client-node') {
  return createRequire(import.meta.url)(
    '@kubernetes/client-node',
  ) as typeof import('@kubernetes/client-node');
}

/** Default: in-cluster service account when running in a pod, else KUBECONFIG / ~/.kube/config. */
export function loadKubeConfig(options: KubeClientOptions = {}): KubeConfig {
  if (options.kubeConfig) return options.kubeConfig;
  const kc = new (clientNode().KubeConfig)();
  if (options.kubeconfigYaml !== undefined) kc.loadFromString(options.kubeconfigYaml);
  else if (options.kubeconfigPath !== undefined) kc.loadFromFile(options.kubeconfigPath);
  else kc.loadFromDefault();
  if (options.context) kc.setCurrentContext(options.context);
  return kc;
}

/** The connection for a client: the light one when it can serve, else client-node's KubeConfig. */
export function loadConnection(options: KubeClientOptions = {}): Connection {
  if (options.kubeConfig) return options.kubeConfig;
  const source: { kubeconfigPath?: string; kubeconfigYaml?: string; context?: string } = {};
  if (options.kubeconfigPath !== undefined) source.kubeconfigPath = options.kubeconfigPath;
  if (options.kubeconfigYaml !== undefined) source.kubeconfigYaml = options.kubeconfigYaml;
  if (options.context !== undefined) source.context = options.context;
  return lightConnection(source) ?? loadKubeConfig(options);
}
