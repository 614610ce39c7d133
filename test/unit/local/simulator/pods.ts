import type { KubeObject } from '../../../../shared/kube/types.ts';

/** A pod as the API server returns it, with only what a test cares about filled in. */
export function pod(
  name: string,
  options: {
    namespace?: string;
    labels?: Record<string, string>;
    containers?: Record<string, unknown>[];
    spec?: Record<string, unknown>;
    status?: Record<string, unknown>;
    uid?: string;
  } = {},
): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      namespace: options.namespace ?? 'default',
      uid: options.uid ?? `uid-${name}`,
      labels: options.labels ?? {},
    },
    spec: {
      containers: options.containers ?? [{ name: 'main', image: 'example.com/app:1' }],
      ...options.spec,
    },
    status: options.status ?? { phase: 'Pending' },
  };
}
