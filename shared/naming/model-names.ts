import { ENV } from '../constants/env.ts';
import { generateDerivedName } from './derived-name.ts';
import type { EnvVarInput } from './go-env-var.ts';
import type { GoJsonValue } from './go-json.ts';
import { parseImageReference } from './image-ref.ts';

/**
 * Name of the AIMModel auto-created for `spec.model.image` (spec §14.3): `<name>-<tag>-<hash8>` with
 * the hash over the full image reference. Pass the image already trimmed, as the service does.
 * Throws ImageReferenceError for an unparseable image.
 */
export function generateModelName(image: string): string {
  const { name, tag } = parseImageReference(image);
  return generateDerivedName([name, tag], [image]);
}

export interface CustomModelSourceInput {
  modelId: string;
  sourceUri: string;
  env?: readonly EnvVarInput[];
}

export interface CustomModelInput {
  baseImage: string;
  modelSources?: readonly CustomModelSourceInput[];
}

const CUSTOM_MODEL_FALLBACK_PART = 'custom-model';

/** The literal AWS_ENDPOINT_URL of a source: two sources differing only in it are different models. */
function awsEndpointUrl(source: CustomModelSourceInput): string {
  return source.env?.find((env) => env.name === ENV.awsEndpointUrl)?.value ?? '';
}

/**
 * Name of the AIMModel auto-created for `spec.model.custom` (spec §14.3): the first source's model id
 * plus a hash of the base image and each source's identity (model id, URI, non-empty AWS_ENDPOINT_URL).
 */
export function generateCustomModelName(custom: CustomModelInput): string {
  const sources = custom.modelSources ?? [];
  const first = sources[0];
  if (first === undefined) return generateDerivedName([CUSTOM_MODEL_FALLBACK_PART], [custom.baseImage]);
  const hashInputs: GoJsonValue[] = [custom.baseImage];
  for (const source of sources) {
    hashInputs.push(source.modelId, source.sourceUri);
    const endpoint = awsEndpointUrl(source);
    if (endpoint !== '') hashInputs.push(endpoint);
  }
  return generateDerivedName([first.modelId], hashInputs);
}

/** Hash length of the names of cluster models created by a model source (spec §14.7). */
export const MODEL_SOURCE_MODEL_HASH_LENGTH = 6;

/**
 * Name of the AIMClusterModel an AIMClusterModelSource creates for one image (spec §14.7):
 * `<repository>-<tag>-<hash6>` over registry, repository and tag, e.g. `ghcr.io` +
 * `silogen/aim-llama` + `1.0.0` ⇒ `silogen-aim-llama-1-0-0-201bdd`.
 */
export function generateModelSourceModelName(registry: string, repository: string, tag: string): string {
  return generateDerivedName([repository, tag], [registry, repository, tag], {
    hashLen: MODEL_SOURCE_MODEL_HASH_LENGTH,
  });
}
