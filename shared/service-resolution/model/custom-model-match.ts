/**
 * The de-duplication rule for custom models (spec §10.3): a service's `model.custom` reuses an
 * AIMModel of its namespace with the same base image and the same sources — same count, same
 * order, and per source the same model id, URI and literal AWS_ENDPOINT_URL. Two specs that differ
 * only in the endpoint therefore get two models (different S3-compatible stores).
 */
import { AIMModelSpecSchema } from '../../api/aim-model.ts';
import { canonicalSpec } from '../../api/forms/canonical.ts';
import { ENV } from '../../constants/env.ts';
import type { KubeObject } from '../../kube/types.ts';

export interface CustomSourceIdentity {
  modelId?: unknown;
  sourceUri?: unknown;
  env?: unknown;
}

export interface CustomModelIdentity {
  baseImage: string;
  modelSources: readonly CustomSourceIdentity[];
}

function endpointOf(source: CustomSourceIdentity): string {
  if (!Array.isArray(source.env)) return '';
  const entry = source.env.find(
    (env: unknown) =>
      typeof env === 'object' && env !== null && (env as { name?: unknown }).name === ENV.awsEndpointUrl,
  ) as { value?: unknown } | undefined;
  return typeof entry?.value === 'string' ? entry.value : '';
}

function sameSource(a: CustomSourceIdentity, b: CustomSourceIdentity): boolean {
  return a.modelId === b.modelId && a.sourceUri === b.sourceUri && endpointOf(a) === endpointOf(b);
}

export function isMatchingCustomModel(model: KubeObject, custom: CustomModelIdentity): boolean {
  const spec = canonicalSpec(AIMModelSpecSchema(), model.spec) as
    | { image?: unknown; modelSources?: unknown }
    | undefined;
  if (spec?.image !== custom.baseImage || !Array.isArray(spec.modelSources)) return false;
  const sources = spec.modelSources as CustomSourceIdentity[];
  return (
    sources.length === custom.modelSources.length &&
    sources.every((source, index) => sameSource(source, custom.modelSources[index]!))
  );
}
