import { generateDerivedName } from './derived-name.ts';
import { type EnvVarInput, goEnvVarList } from './go-env-var.ts';
import type { GoJsonValue } from './go-json.ts';

/** Names of AIMArtifacts and their children (spec §14.6). */

const ARTIFACT_HASH_LENGTH = 10;
const DEDICATED_MARKER = 'dedicated';

export interface ArtifactNameInput {
  sourceUri: string;
  /** merge(cache.spec.env, source.env), the env the artifact will carry. */
  env?: readonly EnvVarInput[];
  /** The cache's storage class; empty when unset. */
  storageClassName?: string;
  /** Dedicated artifacts are private to one cache, so its name enters the hash. */
  mode: 'Shared' | 'Dedicated';
  cacheName: string;
}

/**
 * `<sourceUri with . → ->-<hash10>` over (sourceUri, env, storage class[, "dedicated", cache]).
 * Shared artifacts with the same source, env and storage class therefore get the same name and are
 * reused across caches. An empty env hashes like an absent one (a nil slice, `null`), so a spec that
 * writes `env: []` does not fork a second copy of the same download.
 */
export function artifactName(input: ArtifactNameInput): string {
  const env = input.env && input.env.length > 0 ? input.env : undefined;
  const hashInputs: GoJsonValue[] = [input.sourceUri, goEnvVarList(env), input.storageClassName ?? ''];
  if (input.mode === 'Dedicated') hashInputs.push(DEDICATED_MARKER, input.cacheName);
  return generateDerivedName([input.sourceUri.replaceAll('.', '-')], hashInputs, {
    hashLen: ARTIFACT_HASH_LENGTH,
  });
}

export interface ArtifactRef {
  name: string;
  uid: string;
}

/** The artifact's PVC; keyed by uid so a recreated artifact gets a fresh volume. */
export function artifactPvcName(artifact: ArtifactRef): string {
  return generateDerivedName([artifact.name, 'cache'], [artifact.uid]);
}

export function artifactDownloadJobName(artifact: ArtifactRef): string {
  return generateDerivedName([artifact.name, 'download'], [artifact.uid]);
}

export function artifactCheckSizeJobName(artifact: ArtifactRef): string {
  return generateDerivedName([artifact.name, 'check-size'], [artifact.uid]);
}
