/**
 * AIMArtifact (spec §12): one model source downloaded into its own PVC by a Job running the
 * downloader image, which reports its progress on the artifact's status itself.
 */
import { type AIMArtifact, AIMArtifactSchema } from '../api/aim-artifact.ts';
import { componentConditionType } from '../constants/conditions.ts';
import { CONTROLLER_NAMES } from '../constants/labels.ts';
import { readerOf } from '../reconcile/read-cache.ts';
import type { KindReconciler } from '../reconcile/reconciler.ts';
import type { RuntimeConfigSpec } from '../reconcile/runtime-config.ts';
import { type ArtifactFetched, fetchArtifact } from './artifact-fetch.ts';
import { artifactHealth, STORAGE_SIZE_COMPONENT } from './artifact-health.ts';
import { planArtifact } from './artifact-plan.ts';
import { headroomPercent } from './artifact-size.ts';
import { decorateArtifact } from './artifact-status.ts';
import { ARTIFACT_GVK } from './kinds.ts';

function runtimeConfigSpec(fetched: ArtifactFetched): RuntimeConfigSpec | undefined {
  return fetched.runtimeConfig?.ok ? fetched.runtimeConfig.value?.spec : undefined;
}

function reportsStorageSize(artifact: AIMArtifact): boolean {
  const type = componentConditionType(STORAGE_SIZE_COMPONENT);
  return (artifact.status?.conditions ?? []).some((condition) => condition.type === type);
}

export function artifactReconciler(): KindReconciler<AIMArtifact, ArtifactFetched> {
  return {
    gvk: ARTIFACT_GVK,
    schema: AIMArtifactSchema,
    controllerName: CONTROLLER_NAMES.artifact,
    runtimeConfigScope: 'namespace',
    fetch: (ctx, _artifact, input) => fetchArtifact(readerOf(ctx), input.object, input.runtimeConfig),
    plan: (_artifact, fetched) => planArtifact(fetched, runtimeConfigSpec(fetched)),
    observedChildren: (fetched) => {
      const children = [fetched.roleBinding, fetched.checkSize?.job, fetched.pvc, fetched.download?.job];
      return children.flatMap((child) => (child?.ok && child.value !== undefined ? [child.value] : []));
    },
    health: (artifact, fetched) => artifactHealth(fetched, reportsStorageSize(artifact)),
    decorate: (status, conditions, _artifact, fetched) =>
      decorateArtifact(
        status,
        conditions,
        fetched,
        headroomPercent(runtimeConfigSpec(fetched)?.storage?.pvcHeadroomPercent),
      ),
  };
}
