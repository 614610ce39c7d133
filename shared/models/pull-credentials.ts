/**
 * Registry credentials from a model's `imagePullSecrets` (spec §7.2): every named Secret must
 * exist in the secret namespace (the model's own, or the operator namespace for cluster models);
 * its docker config supplies the credentials for the image's registry. Errors name the Secret and
 * namespace and never carry the Secret's content.
 */
import { MODEL_REASONS } from '../constants/model-conditions.ts';
import type { KubeClient, KubeObject } from '../kube/types.ts';
import { ERROR_CATEGORIES, StateError } from '../reconcile/categorize.ts';
import {
  type DockerConfigEntry,
  DockerConfigError,
  matchCredentials,
  parseDockerConfig,
  type RegistryCredentials,
} from '../registry/credentials.ts';
import type { RegistryReference } from '../registry/reference.ts';

export const DOCKER_CONFIG_JSON_TYPE = 'kubernetes.io/dockerconfigjson';
export const DOCKER_CONFIG_JSON_KEY = '.dockerconfigjson';
export const DOCKER_CFG_TYPE = 'kubernetes.io/dockercfg';
export const DOCKER_CFG_KEY = '.dockercfg';

function describeSecret(name: string, namespace: string): string {
  return `imagePullSecret "${name}" in namespace "${namespace}"`;
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** The docker config entries of one Secret; throws InvalidSpec/InvalidPullSecret when unusable. */
export function dockerConfigEntries(secret: KubeObject, namespace: string): DockerConfigEntry[] {
  const name = secret.metadata.name;
  const type = typeof secret.type === 'string' ? secret.type : '';
  const legacy = type === DOCKER_CFG_TYPE;
  if (type !== DOCKER_CONFIG_JSON_TYPE && !legacy) {
    throw new StateError(
      ERROR_CATEGORIES.invalidSpec,
      MODEL_REASONS.invalidPullSecret,
      `${describeSecret(name, namespace)} is of type "${type || 'Opaque'}"; expected ${DOCKER_CONFIG_JSON_TYPE}`,
    );
  }
  const key = legacy ? DOCKER_CFG_KEY : DOCKER_CONFIG_JSON_KEY;
  const data = (secret.data ?? {}) as Record<string, unknown>;
  const encoded = data[key];
  if (typeof encoded !== 'string') {
    throw new StateError(
      ERROR_CATEGORIES.invalidSpec,
      MODEL_REASONS.invalidPullSecret,
      `${describeSecret(name, namespace)} has no ${key} key`,
    );
  }
  try {
    return parseDockerConfig(Buffer.from(encoded, 'base64').toString('utf8'), { legacy });
  } catch (err) {
    if (!(err instanceof DockerConfigError)) throw err;
    throw new StateError(
      ERROR_CATEGORIES.invalidSpec,
      MODEL_REASONS.invalidPullSecret,
      `${describeSecret(name, namespace)} is not a valid docker config: ${err.message}`,
    );
  }
}

/**
 * The docker config entries of the named Secrets, in order. Throws a categorized StateError:
 * MissingUpstreamDependency `SecretNotFound`, Infrastructure `SecretAccessFailed`, InvalidSpec
 * `InvalidPullSecret`.
 */
export async function pullSecretEntries(
  client: KubeClient,
  secretNames: readonly string[],
  namespace: string,
): Promise<DockerConfigEntry[]> {
  const entries: DockerConfigEntry[] = [];
  for (const name of secretNames) {
    let secret: KubeObject | undefined;
    try {
      secret = await client.getOptional({ apiVersion: 'v1', kind: 'Secret', namespace, name });
    } catch (err) {
      throw new StateError(
        ERROR_CATEGORIES.infrastructure,
        MODEL_REASONS.secretAccessFailed,
        `reading ${describeSecret(name, namespace)} failed: ${errorText(err)}`,
        { cause: err },
      );
    }
    if (secret === undefined) {
      throw new StateError(
        ERROR_CATEGORIES.missingUpstreamDependency,
        MODEL_REASONS.secretNotFound,
        `imagePullSecret "${name}" not found in namespace "${namespace}"`,
      );
    }
    entries.push(...dockerConfigEntries(secret, namespace));
  }
  return entries;
}

/**
 * Reads the named Secrets (in order) and returns the credentials for `ref`'s registry, or
 * undefined for anonymous access. Throws what `pullSecretEntries` throws.
 */
export async function pullCredentials(
  client: KubeClient,
  secretNames: readonly string[],
  namespace: string,
  ref: RegistryReference,
): Promise<RegistryCredentials | undefined> {
  return matchCredentials(
    await pullSecretEntries(client, secretNames, namespace),
    ref.domain,
    ref.repository,
  );
}
