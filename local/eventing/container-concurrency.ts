/**
 * How many deliveries one instance of a function takes at once: its Knative Service's
 * `containerConcurrency` (manifests/functions/), which the queue-proxy enforces in a cluster.
 * The local broker holds the rest back, as the activator does.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { yamlObjects } from '../../shared/kube/yaml-objects.ts';

const FUNCTION_MANIFESTS = join(import.meta.dirname, '..', '..', 'manifests', 'functions');
/** Knative's own default when a Service sets none is unlimited; the local broker keeps a bound. */
export const FALLBACK_CONTAINER_CONCURRENCY = 10;

export function containerConcurrencyOf(serviceName: string, dir = FUNCTION_MANIFESTS): number {
  let text: string;
  try {
    text = readFileSync(join(dir, `${serviceName}.yaml`), 'utf8');
  } catch {
    return FALLBACK_CONTAINER_CONCURRENCY;
  }
  for (const object of yamlObjects(text)) {
    const value = object.kind === 'Service' ? object.spec?.template?.spec?.containerConcurrency : undefined;
    if (typeof value === 'number' && Number.isInteger(value) && value > 0) return value;
  }
  return FALLBACK_CONTAINER_CONCURRENCY;
}
