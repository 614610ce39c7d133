/**
 * Where a model's image metadata comes from, in the spec's decision order (§7.2):
 * `discovery.extractMetadata: false` → none; `spec.imageMetadata` → used as is, no network
 * (air-gapped); `status.imageMetadata` → reused, never refreshed; otherwise the image's labels are
 * read from its registry with the credentials of the model's pull secrets. Nothing here throws:
 * every failure is a categorized error in the outcome.
 */
import type { AIMModelSpec, AIMModelStatus } from '../api/aim-model.ts';
import type { ImageMetadata } from '../api/image-metadata.ts';
import { MODEL_REASONS } from '../constants/model-conditions.ts';
import type { KubeClient } from '../kube/types.ts';
import {
  categorizeError,
  ERROR_CATEGORIES,
  type ErrorCategory,
  StateError,
} from '../reconcile/categorize.ts';
import type { ImageInspection } from '../registry/client.ts';
import type { RegistryCredentials } from '../registry/credentials.ts';
import { isRegistryError } from '../registry/errors.ts';
import { type RegistryMirrors, withMirror } from '../registry/mirrors.ts';
import { parseRegistryReference, type RegistryReference, referenceProblem } from '../registry/reference.ts';

const NO_MIRRORS: RegistryMirrors = new Map();

import type { InspectionCache } from './inspection-cache.ts';
import { metadataFromLabels } from './labels-to-metadata.ts';
import { InvalidImageMetadataError } from './metadata-error.ts';
import { METADATA_LIMITS } from './metadata-limits.ts';
import { pullCredentials } from './pull-credentials.ts';
import { deploymentProblems } from './recommended-deployments.ts';
import { registryFailure } from './registry-failure.ts';

export type MetadataSource = 'skipped' | 'spec' | 'status' | 'registry';

export type MetadataOutcome =
  | { ok: true; source: 'skipped' }
  | { ok: true; source: 'spec' | 'status'; metadata: ImageMetadata }
  | { ok: true; source: 'registry'; metadata: ImageMetadata; digest: string }
  | { ok: false; error: StateError; retryAfterSeconds?: number };

/** Reads an image's labels; `RegistryClient` is the real one. */
export interface ImageInspector {
  inspect(ref: RegistryReference, credentials?: RegistryCredentials): Promise<ImageInspection>;
}

export interface MetadataDependencies {
  client: KubeClient;
  /** Where the pull secrets live: the model's namespace, or the operator namespace for cluster models. */
  secretNamespace: string;
  inspector: ImageInspector;
  cache: InspectionCache;
  /** Registries fetched from another host (`shared/registry/mirrors.ts`). */
  mirrors?: RegistryMirrors;
}

function invalidMetadata(category: ErrorCategory, message: string): StateError {
  return new StateError(category, MODEL_REASONS.invalidImageMetadata, message);
}

/** Problems of metadata given in the spec that would make its templates invalid. */
export function specMetadataProblems(metadata: ImageMetadata): string[] {
  const deployments = metadata.model?.recommendedDeployments ?? [];
  const problems = deploymentProblems(deployments);
  if (deployments.length > METADATA_LIMITS.maxRecommendedDeployments) {
    problems.unshift(
      `recommendedDeployments lists ${deployments.length} deployments; at most ${METADATA_LIMITS.maxRecommendedDeployments} are accepted`,
    );
  }
  return problems.map((problem) => `spec.imageMetadata.model.${problem}`);
}

function pullSecretNames(spec: AIMModelSpec): string[] {
  return (spec.imagePullSecrets ?? []).map((secret) => secret.name).filter((name) => name !== '');
}

/**
 * An image that cannot parse can never be pulled, whatever the metadata says: the model fails
 * (InvalidSpec) naming `spec.image` and its value, and no registry is contacted.
 */
export function invalidImageReference(spec: Pick<AIMModelSpec, 'image'>): StateError | undefined {
  const problem = referenceProblem('spec.image', spec.image);
  return problem === undefined
    ? undefined
    : new StateError(ERROR_CATEGORIES.invalidSpec, MODEL_REASONS.invalidImageReference, problem);
}

export async function resolveImageMetadata(
  spec: AIMModelSpec,
  status: Pick<AIMModelStatus, 'imageMetadata'> | undefined,
  deps: MetadataDependencies,
): Promise<MetadataOutcome> {
  const invalidImage = invalidImageReference(spec);
  if (invalidImage !== undefined) return { ok: false, error: invalidImage };
  if (spec.discovery?.extractMetadata === false) return { ok: true, source: 'skipped' };
  if (spec.imageMetadata !== undefined) {
    const problems = specMetadataProblems(spec.imageMetadata);
    if (problems.length > 0)
      return { ok: false, error: invalidMetadata(ERROR_CATEGORIES.invalidSpec, problems.join('; ')) };
    return { ok: true, source: 'spec', metadata: spec.imageMetadata };
  }
  if (status?.imageMetadata !== undefined)
    return { ok: true, source: 'status', metadata: status.imageMetadata };
  return inspectRegistry(spec, deps);
}

async function inspectRegistry(spec: AIMModelSpec, deps: MetadataDependencies): Promise<MetadataOutcome> {
  let ref: RegistryReference;
  let credentials: RegistryCredentials | undefined;
  try {
    ref = withMirror(parseRegistryReference(spec.image), deps.mirrors ?? NO_MIRRORS);
    credentials = await pullCredentials(deps.client, pullSecretNames(spec), deps.secretNamespace, ref);
  } catch (err) {
    return { ok: false, error: asStateError(err) };
  }
  const result = await deps.cache.get(ref, credentials, () => deps.inspector.inspect(ref, credentials));
  if (!result.ok) {
    return {
      ok: false,
      error: asStateError(result.error, ref),
      retryAfterSeconds: result.retryAfterSeconds,
    };
  }
  try {
    const metadata = metadataFromLabels(result.inspection.labels, result.inspection.annotations);
    return { ok: true, source: 'registry', metadata, digest: result.inspection.digest };
  } catch (err) {
    return { ok: false, error: asStateError(err) };
  }
}

function asStateError(err: unknown, ref?: RegistryReference): StateError {
  if (err instanceof StateError) return err;
  if (isRegistryError(err)) return registryFailure(err, ref);
  if (err instanceof InvalidImageMetadataError) {
    return invalidMetadata(ERROR_CATEGORIES.unknown, `image labels are unusable: ${err.message}`);
  }
  return categorizeError(err);
}
