/**
 * A KubeClient that can only read: `plan` and `explain` hand it to the functions' fetch code, so
 * a change there that starts writing fails loudly instead of changing the user's cluster.
 */
import type { KubeClient } from '../shared/kube/types.ts';

function refuse(method: string): never {
  throw new Error(`kubectl aim only reads: refused ${method}`);
}

export function readOnlyClient(client: KubeClient): KubeClient {
  return {
    get: (key) => client.get(key),
    getOptional: (key) => client.getOptional(key),
    list: (gvk, options) => client.list(gvk, options),
    podLog: (namespace, pod, options) => client.podLog(namespace, pod, options),
    apply: () => refuse('apply'),
    applyStatus: () => refuse('applyStatus'),
    mergePatch: () => refuse('mergePatch'),
    create: () => refuse('create'),
    replace: () => refuse('replace'),
    delete: () => refuse('delete'),
    get requestCount() {
      return client.requestCount;
    },
  };
}
