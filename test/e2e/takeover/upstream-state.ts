/**
 * The Go operator's recorded cluster (../shared/upstream-state/v0.2.1: one YAML file per kind, as
 * `kubectl get -o yaml --show-managed-fields` showed it): every object with its metadata and status.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import type { KubeObject } from '../../../shared/kube/types.ts';

export const UPSTREAM_VERSION = 'v0.2.1';
export const TAKEOVER_NAMESPACE = 'aim-takeover';

export interface UpstreamState {
  /** Every recorded object, as recorded. */
  objects: KubeObject[];
  /** The namespace as workload.yaml declares it (its labels are propagated to children). */
  namespace: KubeObject;
}

function yamlObjects(text: string): KubeObject[] {
  return parseAllDocuments(text)
    .map((doc) => doc.toJS() as KubeObject | null)
    .filter((object): object is KubeObject => object?.kind !== undefined);
}

export function readUpstreamState(dir: string): UpstreamState {
  const objects = readdirSync(dir)
    .filter((file) => file.endsWith('.yaml') && file !== 'workload.yaml')
    .sort()
    .flatMap((file) => yamlObjects(readFileSync(join(dir, file), 'utf8')));
  const namespace = yamlObjects(readFileSync(join(dir, 'workload.yaml'), 'utf8')).find(
    (object) => object.kind === 'Namespace',
  );
  if (!namespace) throw new Error(`${dir}/workload.yaml declares no Namespace`);
  return { objects, namespace };
}

/**
 * The predictor pods were made by the recording's stand-in for KServe. Here KServe's own
 * controller makes them from the InferenceServices (Deployment → ReplicaSet → pods), as on the
 * cluster a user migrates, so they are not loaded.
 */
export function isPredictorPod(object: KubeObject): boolean {
  return (
    object.kind === 'Pod' &&
    (object.metadata.ownerReferences ?? []).some((owner) => owner.kind === 'InferenceService')
  );
}
