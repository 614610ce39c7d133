/**
 * The artifact's PVC (spec §12.1): ReadWriteMany, sized from the model size plus headroom, storage
 * class from the artifact, else the runtime config, else the cluster default. Created once and
 * never updated.
 */
import { LABEL_VALUES, LABELS } from '../constants/labels.ts';
import type { KubeObject } from '../kube/types.ts';
import { artifactPvcName } from '../naming/artifact-names.ts';
import { LabelValueError, sanitizeLabelValue } from '../naming/label-value.ts';
import { formatBinarySI } from '../quantity/quantity.ts';
import { type ArtifactObject, PVC_GVK } from './kinds.ts';

/** `hf://org/model` → `org_model`: the source without its scheme, as a label value. */
export function sourceModelLabel(sourceUri: string): string | undefined {
  try {
    return sanitizeLabelValue(sourceUri.replace(/^[a-z0-9]+:\/\//i, ''));
  } catch (err) {
    if (err instanceof LabelValueError) return undefined;
    throw err;
  }
}

export function isTemplateCreated(artifact: KubeObject): boolean {
  return artifact.metadata.labels?.[LABELS.templateCreated] === LABEL_VALUES.true;
}

export function artifactStorageClass(
  artifact: ArtifactObject,
  runtimeConfigDefault: string | undefined,
): string {
  return artifact.spec.storageClassName || runtimeConfigDefault || '';
}

export function buildArtifactPvc(
  artifact: ArtifactObject,
  storageBytes: bigint,
  storageClassName: string,
): KubeObject {
  const labels: Record<string, string> = { [LABELS.cacheName]: artifact.metadata.name };
  if (isTemplateCreated(artifact)) labels[LABELS.cacheType] = LABEL_VALUES.cacheType.templateCache;
  const sourceModel = sourceModelLabel(artifact.spec.sourceUri);
  if (sourceModel !== undefined) labels[LABELS.sourceModel] = sourceModel;
  const spec: Record<string, unknown> = {
    accessModes: ['ReadWriteMany'],
    resources: { requests: { storage: formatBinarySI(storageBytes) } },
  };
  if (storageClassName !== '') spec.storageClassName = storageClassName;
  return {
    apiVersion: PVC_GVK.apiVersion,
    kind: PVC_GVK.kind,
    metadata: {
      name: artifactPvcName({ name: artifact.metadata.name, uid: artifact.metadata.uid ?? '' }),
      namespace: artifact.metadata.namespace ?? '',
      labels,
    },
    spec,
  };
}
