/**
 * One single change of the benchmark: `spec.replicas` of a service patched, and the ms until its
 * InferenceService's generation moves (seen by the tracker's watch).
 */
import type { KubeClient } from '../../shared/kube/types.ts';
import { isvcName } from '../../shared/naming/service-names.ts';
import type { Tracker } from './tracker.ts';
import * as workload from './workload.ts';

export async function changeReplicas(
  client: KubeClient,
  tracker: Tracker,
  index: number,
  replicas: number,
  fieldManager: string,
  timeoutMs: number,
): Promise<number> {
  const name = workload.serviceName(index);
  const isvc = isvcName({ name, namespace: workload.BENCH_NAMESPACE });
  const generation = tracker.isvcGenerations.get(isvc) ?? 0;
  const started = Date.now();
  await client.mergePatch(
    { apiVersion: 'aim.eai.amd.com/v1alpha1', kind: 'AIMService', namespace: workload.BENCH_NAMESPACE, name },
    { spec: { replicas } },
    { fieldManager },
  );
  await tracker.until(
    () => (tracker.isvcGenerations.get(isvc) ?? 0) > generation,
    timeoutMs,
    `${isvc} updated`,
  );
  return Date.now() - started;
}
