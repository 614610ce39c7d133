/**
 * The AIMArtifact a template cache creates for a model source it has no artifact for (spec §11.4,
 * names §14.6). Shared artifacts are named by source, env and storage class only, so every cache
 * asking for the same download ends up with the same artifact.
 */
import type { EnvVar } from '../api/common/env.ts';
import { LABEL_VALUES, LABELS } from '../constants/labels.ts';
import { artifactName } from '../naming/artifact-names.ts';
import { sanitizeLabelValue } from '../naming/label-value.ts';
import { canonicalQuantityOrSelf } from '../quantity/canonical.ts';
import { mergeEnv } from '../reconcile/env-merge.ts';
import { templateCacheMode } from './cache-mode.ts';
import { ARTIFACT_GVK, type ArtifactObject, type TemplateCacheObject } from './kinds.ts';
import type { MissingSource } from './template-cache-match.ts';

/** Cache env, then the source's own env on top. */
export function artifactEnv(cache: TemplateCacheObject, sourceEnv: readonly EnvVar[] | undefined): EnvVar[] {
  return mergeEnv([cache.spec.env, sourceEnv], { deepMergeNames: [] });
}

export function buildCacheArtifact(cache: TemplateCacheObject, missing: MissingSource): ArtifactObject {
  const { source, index } = missing;
  const env = artifactEnv(cache, source.env);
  const storageClassName = cache.spec.storageClassName ?? '';
  const name = artifactName({
    sourceUri: source.sourceUri,
    env,
    storageClassName,
    mode: templateCacheMode(cache.spec.mode),
    cacheName: cache.metadata.name,
  });
  const spec: ArtifactObject['spec'] = { sourceUri: source.sourceUri, modelId: source.modelId };
  if (storageClassName !== '') spec.storageClassName = storageClassName;
  if (source.size !== undefined) spec.size = canonicalQuantityOrSelf(source.size);
  if (env.length > 0) spec.env = env;
  if (cache.spec.runtimeConfigName) spec.runtimeConfigName = cache.spec.runtimeConfigName;
  return {
    apiVersion: ARTIFACT_GVK.apiVersion,
    kind: ARTIFACT_GVK.kind,
    metadata: {
      name,
      namespace: cache.metadata.namespace ?? '',
      labels: {
        [LABELS.templateCreated]: LABEL_VALUES.true,
        [LABELS.templateName]: sanitizeLabelValue(cache.spec.templateName),
        [LABELS.templateScope]: cache.spec.templateScope ?? 'Unknown',
        [LABELS.templateIndex]: String(index),
        [LABELS.templateCacheName]: sanitizeLabelValue(cache.metadata.name),
      },
    },
    spec,
  };
}
