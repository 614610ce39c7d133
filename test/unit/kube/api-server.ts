import { KubeConfig } from '@kubernetes/client-node';
import { createKubeClient } from '../../../shared/kube/client.ts';
import type { KubeClient } from '../../../shared/kube/types.ts';

/** The fake API server msw answers for; nothing listens there. */
export const API_SERVER = 'https://127.0.0.1:6443';
/** A token that must never show up in an error message. */
export const TOKEN = 'sekret-token-5f1c9a';

export function testKubeConfig(): KubeConfig {
  const kc = new KubeConfig();
  kc.loadFromOptions({
    clusters: [{ name: 'test', server: API_SERVER, skipTLSVerify: true }],
    users: [{ name: 'robot', token: TOKEN }],
    contexts: [{ name: 'test', cluster: 'test', user: 'robot' }],
    currentContext: 'test',
  });
  return kc;
}

export function testClient(options: { timeoutMs?: number } = {}): KubeClient {
  return createKubeClient({ kubeConfig: testKubeConfig(), ...options });
}

/** A Kubernetes Status failure body. */
export function statusBody(code: number, reason: string, message: string, details?: Record<string, unknown>) {
  return {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message,
    reason,
    code,
    details,
  };
}
