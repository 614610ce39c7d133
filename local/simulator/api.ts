import { loadKubeConfig } from '../../shared/kube/client.ts';
import { resourcePath } from '../../shared/kube/resources.ts';
import { createTransport, type KubeTransport } from '../../shared/kube/transport.ts';
import type { KubeClient, KubeObject, ObjectKey } from '../../shared/kube/types.ts';

export const FIELD_MANAGER = 'aim-simulator';
const MERGE_PATCH = 'application/merge-patch+json';

/**
 * The Kubernetes calls the simulator makes: the project's `KubeClient` for ordinary reads and
 * writes, plus three a kubelet and a scheduler need that `KubeClient` does not offer (the
 * `pods/binding` subresource, merge patches of a `status` subresource, and deletion with
 * `gracePeriodSeconds=0`), sent through the same transport on the same kubeconfig.
 */
export interface SimulatorApi {
  readonly client: KubeClient;
  /** POST pods/{name}/binding, exactly what kube-scheduler does. */
  bindPod(namespace: string, name: string, node: string): Promise<void>;
  /** JSON merge patch of `{status}` on the object's status subresource. */
  patchStatus<T extends KubeObject = KubeObject>(key: ObjectKey, status: unknown): Promise<T>;
  /** DELETE with gracePeriodSeconds=0: what a kubelet does once a pod's containers are gone. */
  deleteNow(key: ObjectKey): Promise<void>;
}

export function createSimulatorApi(client: KubeClient, kubeconfigPath: string): SimulatorApi {
  const transport: KubeTransport = createTransport(loadKubeConfig({ kubeconfigPath }), {
    userAgent: FIELD_MANAGER,
    timeoutMs: 15_000,
  });
  return {
    client,
    async bindPod(namespace, name, node) {
      const path = resourcePath({ apiVersion: 'v1', kind: 'Pod', namespace, name, subresource: 'binding' });
      await transport.request({
        method: 'POST',
        path,
        query: { fieldManager: FIELD_MANAGER },
        body: JSON.stringify({
          apiVersion: 'v1',
          kind: 'Binding',
          metadata: { name, namespace },
          target: { apiVersion: 'v1', kind: 'Node', name: node },
        }),
      });
    },
    async patchStatus<T extends KubeObject>(key: ObjectKey, status: unknown): Promise<T> {
      const text = await transport.request({
        method: 'PATCH',
        path: resourcePath({ ...key, subresource: 'status' }),
        query: { fieldManager: FIELD_MANAGER },
        body: JSON.stringify({ status }),
        contentType: MERGE_PATCH,
      });
      return JSON.parse(text) as T;
    },
    async deleteNow(key) {
      await transport.request({
        method: 'DELETE',
        path: resourcePath(key),
        body: JSON.stringify({ apiVersion: 'v1', kind: 'DeleteOptions', gracePeriodSeconds: 0 }),
      });
    },
  };
}
