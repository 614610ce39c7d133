/**
 * AIMTemplateCache (spec §11): every model source of the template gets an artifact — an existing
 * one the cache may use, or a new one — and the cache is as ready as its worst artifact.
 */
import { type AIMTemplateCache, AIMTemplateCacheSchema } from '../api/aim-template-cache.ts';
import { CONTROLLER_NAMES } from '../constants/labels.ts';
import type { ConditionSet } from '../reconcile/conditions.ts';
import type { ComponentHealth } from '../reconcile/health.ts';
import { emptyPlan, type Plan } from '../reconcile/plan.ts';
import { readerOf } from '../reconcile/read-cache.ts';
import type { KindReconciler } from '../reconcile/reconciler.ts';
import { runtimeConfigHealth } from '../reconcile/runtime-config.ts';
import { templateCacheMode } from './cache-mode.ts';
import { TEMPLATE_CACHE_GVK } from './kinds.ts';
import { buildCacheArtifact } from './template-cache-artifact.ts';
import { fetchTemplateCache, type TemplateCacheFetched } from './template-cache-fetch.ts';
import { artifactCleanupFinalizer } from './template-cache-finalizer.ts';
import {
  ARTIFACTS_CONDITION_TYPE,
  artifactsHealth,
  artifactsVerdict,
  cachedArtifacts,
  serviceTemplateHealth,
} from './template-cache-health.ts';

export const ARTIFACTS_STATUS_FIELD = 'artifacts';

/** Missing artifacts: owned by a Dedicated cache, unowned (shared, outliving it) for a Shared one. */
export function planTemplateCache(fetched: TemplateCacheFetched): Plan {
  const plan = emptyPlan();
  const { cache, composition } = fetched;
  if (composition === undefined || !fetched.template.ok) return plan;
  const artifacts = composition.missing.map((missing) => buildCacheArtifact(cache, missing));
  if (templateCacheMode(cache.spec.mode) === 'Dedicated') plan.apply.push(...artifacts);
  else plan.applyWithoutOwner.push(...artifacts);
  return plan;
}

export function templateCacheHealth(fetched: TemplateCacheFetched): ComponentHealth[] {
  const health: ComponentHealth[] = [];
  if (fetched.runtimeConfig !== undefined)
    health.push(runtimeConfigHealth(fetched.runtimeConfig, { upstream: true }));
  health.push(serviceTemplateHealth(fetched.cache, fetched.template));
  const artifacts = artifactsHealth(fetched.artifacts, fetched.composition);
  if (artifacts !== undefined) health.push(artifacts);
  return health;
}

export function decorateTemplateCache(
  status: Record<string, unknown>,
  conditions: ConditionSet,
  fetched: TemplateCacheFetched,
): void {
  const verdict = artifactsVerdict(fetched.composition);
  conditions.set(ARTIFACTS_CONDITION_TYPE, verdict.status, verdict.reason, verdict.message);
  // A failed read says nothing about the artifacts: keep what was recorded.
  if (fetched.composition === undefined) return;
  const artifacts = cachedArtifacts(fetched.composition);
  if (artifacts === undefined) delete status[ARTIFACTS_STATUS_FIELD];
  else status[ARTIFACTS_STATUS_FIELD] = artifacts;
}

export function templateCacheReconciler(): KindReconciler<AIMTemplateCache, TemplateCacheFetched> {
  return {
    gvk: TEMPLATE_CACHE_GVK,
    schema: AIMTemplateCacheSchema,
    controllerName: CONTROLLER_NAMES.templateCache,
    runtimeConfigScope: 'namespace',
    finalizer: artifactCleanupFinalizer,
    fetch: (ctx, _cache, input) => fetchTemplateCache(readerOf(ctx), input.object, input.runtimeConfig),
    plan: (_cache, fetched) => planTemplateCache(fetched),
    observedChildren: (fetched) => (fetched.artifacts.ok ? fetched.artifacts.value : []),
    health: (_cache, fetched) => templateCacheHealth(fetched),
    decorate: (status, conditions, _cache, fetched) => decorateTemplateCache(status, conditions, fetched),
  };
}
