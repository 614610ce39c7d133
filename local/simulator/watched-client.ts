import { ObjectCache } from '../../shared/cache/object-cache.ts';
import { HPA_GVK } from '../../shared/inference/hpa-health.ts';
import type { KubeClient, KubeObject, ObjectKey } from '../../shared/kube/types.ts';
import { reportingWritesTo } from '../../shared/reconcile/write-reporting-client.ts';
import type { SimulatorApi } from './api.ts';
import { HTTP_ROUTE_GVK } from './gateway.ts';
import { SCALED_OBJECT_GVK } from './keda.ts';
import { ISVC_GVK } from './kserve.ts';
import { PVC_GVK } from './pvc-provisioner.ts';

/** What the simulator reads on every pass: held in memory from a watch each. */
const WATCHED_KINDS = [
  { apiVersion: 'v1', kind: 'Pod' },
  { apiVersion: 'v1', kind: 'Node' },
  { apiVersion: 'v1', kind: 'ConfigMap' },
  PVC_GVK,
  ISVC_GVK,
  HTTP_ROUTE_GVK,
];

/** With real KServe, the simulator plays KEDA: it reads ScaledObjects, their HPAs and Deployments. */
export const KEDA_WATCHED_KINDS = [SCALED_OBJECT_GVK, HPA_GVK, { apiVersion: 'apps/v1', kind: 'Deployment' }];

export interface WatchedClient {
  /** Reads of the watched kinds from memory, writes live and folded into memory. */
  readonly client: KubeClient;
  /** `api` (built on `client`) with its status patches folded into memory too. */
  withApi(api: SimulatorApi): SimulatorApi;
  stop(): void;
}

/**
 * The simulator reads like the controllers it plays (kubelet, KServe, a provisioner): from
 * watches, not a LIST of every pod, claim and InferenceService each pass. Polling cost the API
 * server a LIST of everything 2.5 times a second (and 13 requests per service per minute at
 * rest); `onChange` lets a pass follow a change at once instead of at the next poll. A client
 * without watch support is used as it is.
 */
export function watchedClient(
  client: KubeClient,
  onChange: () => void,
  extraKinds: readonly { apiVersion: string; kind: string }[] = [],
): WatchedClient {
  if (client.watch === undefined) return { client, withApi: (api) => api, stop() {} };
  const kinds = [...WATCHED_KINDS, ...extraKinds].map((gvk) => ({ gvk }));
  const cache = new ObjectCache(client, kinds, { onChange });
  return {
    client: reportingWritesTo(cache, client, cache),
    withApi: (api) => ({
      ...api,
      async patchStatus<T extends KubeObject = KubeObject>(key: ObjectKey, status: unknown): Promise<T> {
        const stored = await api.patchStatus<T>(key, status);
        cache.written(key, stored);
        return stored;
      },
    }),
    stop: () => cache.stop(),
  };
}
