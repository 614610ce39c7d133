/**
 * The template cache as it will be once Ready, for a plan made before it is: its
 * `status.artifacts`, built the way cache-manage will build them. Each model source of the
 * template is matched to an existing artifact (shared/caching's matcher) or gets the artifact
 * cache-manage would create (same builder, same name). A claim is named from the artifact's uid,
 * which only exists once the artifact does, so a claim not known yet is a placeholder that says
 * which artifact's claim it stands for.
 */
import type { CachedArtifact } from '../../shared/api/aim-template-cache.ts';
import {
  ARTIFACT_GVK,
  type ArtifactObject,
  type TemplateCacheObject,
  type TemplateObject,
} from '../../shared/caching/kinds.ts';
import { buildCacheArtifact } from '../../shared/caching/template-cache-artifact.ts';
import { matchSources } from '../../shared/caching/template-cache-match.ts';
import type { KubeReader } from '../../shared/reconcile/read-cache.ts';

export const PENDING_CLAIM_PREFIX = 'pending-claim-of-artifact:';

export interface PlannedArtifact {
  name: string;
  modelId: string;
  sourceUri: string;
  /** Exists already (matched), else cache-manage creates it. */
  exists: boolean;
  status: string;
  /** The claim, or `pending-claim-of-artifact:<name>` while the artifact has none. */
  claim: string;
}

export function pendingClaim(artifactName: string): string {
  return `${PENDING_CLAIM_PREFIX}${artifactName}`;
}

export function plannedArtifacts(
  cache: TemplateCacheObject,
  template: TemplateObject,
  artifacts: readonly ArtifactObject[],
): PlannedArtifact[] {
  const sources = template.status?.modelSources ?? [];
  const composition = matchSources(cache, sources, artifacts);
  const planned: PlannedArtifact[] = [];
  for (const source of sources) {
    const matched = composition.matched.get(source.modelId);
    if (matched) {
      planned.push({
        name: matched.metadata.name,
        modelId: source.modelId,
        sourceUri: source.sourceUri,
        exists: true,
        status: matched.status?.status ?? '',
        claim: matched.status?.persistentVolumeClaim || pendingClaim(matched.metadata.name),
      });
      continue;
    }
    const missing = composition.missing.find((entry) => entry.source === source);
    if (missing === undefined) continue;
    const desired = buildCacheArtifact(cache, missing);
    planned.push({
      name: desired.metadata.name,
      modelId: source.modelId,
      sourceUri: source.sourceUri,
      exists: false,
      status: '',
      claim: pendingClaim(desired.metadata.name),
    });
  }
  return planned;
}

export async function readArtifacts(client: KubeReader, namespace: string): Promise<ArtifactObject[]> {
  return (await client.list<ArtifactObject>(ARTIFACT_GVK, { namespace })).items;
}

/** The cache with the status it will have once Ready: every planned artifact Ready on its claim. */
export function readyProjection(
  cache: TemplateCacheObject,
  artifacts: readonly PlannedArtifact[],
): TemplateCacheObject {
  const entries: Record<string, CachedArtifact> = {};
  for (const artifact of artifacts)
    entries[artifact.name] = {
      name: artifact.name,
      model: artifact.modelId,
      status: 'Ready',
      persistentVolumeClaim: artifact.claim,
    };
  return { ...cache, status: { ...(cache.status ?? {}), status: 'Ready', artifacts: entries } };
}
