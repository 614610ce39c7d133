/** What a template reconcile observed: every read of spec §8.1, kept as values (never thrown). */
import type { GpuInventory } from '../gpu/inventory.ts';
import type { KubeObject } from '../kube/types.ts';
import type { FetchResult } from '../reconcile/health.ts';
import type { ResolvedRuntimeConfig } from '../reconcile/runtime-config.ts';
import type { PodsObservation } from '../workloads/observe-pods.ts';
import type { DiscoveryAdmission } from './discovery-admission.ts';
import type { DiscoveryOutput } from './discovery-output.ts';
import type { AnyTemplate, TemplateScope } from './scope.ts';

export interface DiscoveryObservation {
  /** This template's discovery Jobs (controlled by its uid) in the discovery namespace. */
  jobs: FetchResult<KubeObject[]>;
  /** The newest of them. */
  job?: KubeObject;
  /** The newest Job's pods, with what inspecting them needs. */
  pods?: FetchResult<PodsObservation>;
  /** Once the Job completed: the parsed result, or why there is none. */
  output?: FetchResult<DiscoveryOutput>;
  /** Set when this reconcile tried to start a Job (the admit step). */
  admission?: DiscoveryAdmission;
}

export interface TemplateFetched {
  scope: TemplateScope;
  template: AnyTemplate;
  /** The template as read (metadata intact). */
  object: KubeObject;
  operatorNamespace: string;
  runtimeConfig: FetchResult<ResolvedRuntimeConfig | undefined>;
  model: FetchResult<KubeObject>;
  /** Present iff the template requires a GPU (spec §8.1). */
  gpu?: FetchResult<GpuInventory>;
  /** Present iff discovery is still to be done and could run (no inline sources, GPU available). */
  discovery?: DiscoveryObservation;
  /** Namespaced templates with `spec.caching.enabled`: the AIMTemplateCaches of the namespace. */
  caches?: FetchResult<KubeObject[]>;
}
