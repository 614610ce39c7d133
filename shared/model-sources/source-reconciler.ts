/**
 * The AIMClusterModelSource reconciler (spec §13): when a sync is due (or nothing is cached),
 * list the registry per filter with the credentials of `imagePullSecrets` (operator
 * namespace); create an AIMClusterModel, owned by the source, for each new matching image
 * while the source has fewer than `maxModels`; never delete one; report counts, components and
 * `MaxModelsLimitReached`; come back when the next sync is due.
 */
import { type AIMClusterModelSource, AIMClusterModelSourceSchema } from '../api/aim-cluster-model-source.ts';
import { AIM_API_VERSION } from '../api/group.ts';
import { CONDITION_TYPES } from '../constants/conditions.ts';
import { CONTROLLER_NAMES, LABELS } from '../constants/labels.ts';
import { MODEL_SOURCE_REASONS } from '../constants/model-source-conditions.ts';
import type { KubeObject } from '../kube/types.ts';
import { pullSecretEntries } from '../models/pull-credentials.ts';
import { formatConditionTime } from '../reconcile/conditions.ts';
import { captureFetch, type FetchResult } from '../reconcile/health.ts';
import { type KubeReader, readerOf } from '../reconcile/read-cache.ts';
import type { KindReconciler, ReconcileContext } from '../reconcile/reconciler.ts';
import { matchCredentials } from '../registry/credentials.ts';
import { type FilterOutcome, listFilters } from './list-filters.ts';
import { existingModelsHealth, filtersHealth } from './source-health.ts';
import { desiredClusterModel, modelSourceLabelValue, normalizeRegistry } from './source-image.ts';
import { type CredentialsFor, type ModelSourceLister, RegistrySourceLister } from './source-lister.ts';
import { planSource } from './source-plan.ts';
import { SyncCache } from './sync-cache.ts';
import { isSyncDue, secondsUntilNextSync, syncIntervalSeconds } from './sync-schedule.ts';

export const MODEL_SOURCE_GVK = { apiVersion: AIM_API_VERSION, kind: 'AIMClusterModelSource' } as const;
const CLUSTER_MODEL_GVK = { apiVersion: AIM_API_VERSION, kind: 'AIMClusterModel' } as const;

export interface ModelSourceDependencies {
  lister: ModelSourceLister;
  cache: SyncCache;
}

export interface SourceFetched {
  /** A due sync sets `lastSyncTime`; other reconciles keep it. */
  due: boolean;
  existing: FetchResult<KubeObject[]>;
  outcomes: FilterOutcome[];
}

/**
 * The models this source made, from the function's cache: its own creations are folded in at
 * once, and a LIST per reconcile of every cluster model was most of model-inspect's reads in a
 * burst. A model another instance created a moment ago may be missing: applying it again
 * changes nothing, and the counts catch up on the next reconcile.
 */
async function existingModels(client: KubeReader, source: AIMClusterModelSource): Promise<KubeObject[]> {
  const selector = `${LABELS.modelSource}=${modelSourceLabelValue(source.metadata.name)}`;
  return (await client.list(CLUSTER_MODEL_GVK, { labelSelector: selector })).items;
}

async function credentialsLookup(
  ctx: ReconcileContext,
  source: AIMClusterModelSource,
): Promise<CredentialsFor | { error: unknown }> {
  const names = (source.spec.imagePullSecrets ?? [])
    .map((secret) => secret.name)
    .filter((name) => name !== '');
  try {
    const entries = await pullSecretEntries(ctx.client, names, ctx.operatorNamespace);
    const registry = normalizeRegistry(source.spec.registry);
    return (repository) => matchCredentials(entries, registry, repository);
  } catch (error) {
    return { error };
  }
}

const imagesOf = (models: readonly KubeObject[]) =>
  models.map((model) => (typeof model.spec?.image === 'string' ? model.spec.image : ''));

function plannedSource(source: AIMClusterModelSource, fetched: SourceFetched) {
  return fetched.existing.ok
    ? planSource(fetched.outcomes, imagesOf(fetched.existing.value), source.spec.maxModels)
    : undefined;
}

export function modelSourceReconciler(
  deps: ModelSourceDependencies,
): KindReconciler<AIMClusterModelSource, SourceFetched> {
  return {
    gvk: MODEL_SOURCE_GVK,
    schema: AIMClusterModelSourceSchema as KindReconciler<AIMClusterModelSource, SourceFetched>['schema'],
    controllerName: CONTROLLER_NAMES.clusterModelSource,

    async fetch(ctx, source) {
      const now = ctx.now();
      const due = isSyncDue(source, now);
      const existing = await captureFetch(() => existingModels(readerOf(ctx), source));
      const key = SyncCache.key(source.metadata.uid, source.metadata.generation);
      const cached = due ? undefined : deps.cache.get(key, now);
      if (cached !== undefined) return { due, existing, outcomes: cached };
      const outcomes = await listFilters(deps.lister, source.spec, await credentialsLookup(ctx, source));
      ctx.log.info(
        {
          due,
          filters: outcomes.length,
          failed: outcomes.filter((outcome) => !outcome.ok).length,
          images: outcomes.reduce((sum, outcome) => sum + (outcome.ok ? outcome.images.length : 0), 0),
        },
        'registry listed',
      );
      // Failures are not kept: the next event or resync tick tries again.
      if (outcomes.every((outcome) => outcome.ok)) {
        deps.cache.set(key, outcomes, new Date(now.getTime() + syncIntervalSeconds(source) * 1000));
      }
      return { due, existing, outcomes };
    },

    plan(source, fetched, now) {
      const requeueAfterSeconds = secondsUntilNextSync(source, fetched.due, now);
      const planned = plannedSource(source, fetched);
      const apply = (planned?.create ?? []).map((image) => desiredClusterModel(source, image));
      const names = apply.map((model) => model.metadata.name);
      return {
        apply,
        applyWithoutOwner: [],
        delete: [],
        requeueAfterSeconds,
        events:
          names.length === 0
            ? []
            : [
                {
                  type: 'Normal',
                  reason: MODEL_SOURCE_REASONS.modelsCreated,
                  message: `Created ${names.length} AIMClusterModel(s): ${names.join(', ')}`.slice(0, 1024),
                  onApply: true,
                },
              ],
      };
    },

    observedChildren: (fetched) => (fetched.existing.ok ? fetched.existing.value : []),

    health(_source, fetched) {
      return [existingModelsHealth(fetched.existing), filtersHealth(fetched.outcomes)];
    },

    decorate(status, conditions, source, fetched, now) {
      if (fetched.due) status.lastSyncTime = formatConditionTime(now);
      const planned = plannedSource(source, fetched);
      if (planned === undefined) return;
      status.discoveredModels = planned.discovered;
      status.availableModels = planned.available;
      status.modelsLimitReached = planned.limitReached;
      conditions.set(
        CONDITION_TYPES.maxModelsLimitReached,
        planned.limitReached ? 'True' : 'False',
        planned.limitReached ? MODEL_SOURCE_REASONS.limitReached : MODEL_SOURCE_REASONS.withinLimit,
        planned.limitReached
          ? `${planned.available} images match; maxModels ${source.spec.maxModels} allows ${planned.discovered}`
          : `${planned.discovered} of at most ${source.spec.maxModels} models`,
      );
    },
  };
}

export function createModelSourceReconciler(
  dependencies: Partial<ModelSourceDependencies> = {},
): KindReconciler<AIMClusterModelSource, SourceFetched> {
  return modelSourceReconciler({
    lister: dependencies.lister ?? new RegistrySourceLister(),
    cache: dependencies.cache ?? new SyncCache(),
  });
}
