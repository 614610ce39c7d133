/**
 * The KindReconciler of AIMServiceTemplate and of AIMClusterServiceTemplate (spec §8): fetch,
 * admit (start a discovery Job under the global limit), plan (the template-owned cache), health
 * and status decoration; the pipeline does the rest.
 */
import { AIMClusterServiceTemplateSchema } from '../api/aim-cluster-service-template.ts';
import { AIMServiceTemplateSchema } from '../api/aim-service-template.ts';
import { AIM_API_VERSION } from '../api/group.ts';
import { K8S_LABELS, LABEL_VALUES } from '../constants/labels.ts';
import type { CachedKind } from '../reconcile/read-cache.ts';
import type { KindReconciler } from '../reconcile/reconciler.ts';
import { admitTemplateDiscovery } from './admit.ts';
import { decorateTemplateStatus } from './decorate.ts';
import type { DiscoveryLimiter } from './discovery-admission.ts';
import { fetchTemplate } from './fetch.ts';
import type { TemplateFetched } from './fetched.ts';
import { templateHealth } from './health.ts';
import { planTemplate } from './plan.ts';
import { type AnyTemplate, CLUSTER_TEMPLATE, NAMESPACED_TEMPLATE, type TemplateScope } from './scope.ts';

/** What a sweep over templates reads for every template: listed once per sweep instead. */
export function templateSweepKinds(scope: TemplateScope): CachedKind[] {
  const kinds: CachedKind[] = [
    { gvk: { apiVersion: AIM_API_VERSION, kind: 'AIMClusterRuntimeConfig' } },
    { gvk: scope.modelGvk },
    { gvk: { apiVersion: 'v1', kind: 'Node' } },
    {
      gvk: { apiVersion: 'batch/v1', kind: 'Job' },
      labelSelector: `${K8S_LABELS.name}=${LABEL_VALUES.discoveryAppName}`,
    },
  ];
  if (scope.scope === 'Namespace') {
    kinds.push(
      { gvk: { apiVersion: AIM_API_VERSION, kind: 'AIMRuntimeConfig' } },
      { gvk: { apiVersion: AIM_API_VERSION, kind: 'AIMTemplateCache' } },
    );
  }
  return kinds;
}

function templateReconciler(
  scope: TemplateScope,
  schema: KindReconciler<AnyTemplate, TemplateFetched>['schema'],
  limiter: DiscoveryLimiter,
): KindReconciler<AnyTemplate, TemplateFetched> {
  return {
    gvk: scope.gvk,
    schema,
    controllerName: scope.controllerName,
    runtimeConfigScope: scope.scope === 'Namespace' ? 'namespace' : 'cluster',
    sweepSnapshotKinds: templateSweepKinds(scope),
    fetch: (ctx, template, input) => fetchTemplate(ctx, scope, template, input),
    admit: (ctx, _template, fetched, input) => admitTemplateDiscovery(ctx, limiter, fetched, input.now),
    plan: (_template, fetched, now) => planTemplate(fetched, now),
    health: (_template, fetched, now) => templateHealth(fetched, now),
    decorate: (status, conditions, _template, fetched, now) =>
      decorateTemplateStatus(status, conditions, fetched, now),
  };
}

/** Both template reconcilers; they share the limiter, so one process holds one place in the lock queue. */
export function templateReconcilers(
  limiter: DiscoveryLimiter,
): KindReconciler<AnyTemplate, TemplateFetched>[] {
  return [
    templateReconciler(NAMESPACED_TEMPLATE, AIMServiceTemplateSchema, limiter),
    templateReconciler(CLUSTER_TEMPLATE, AIMClusterServiceTemplateSchema, limiter),
  ];
}
