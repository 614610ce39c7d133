/**
 * The components of a model (spec §7.5): `RuntimeConfig`, `ImageMetadata` and
 * `ServiceTemplates` / `ClusterServiceTemplates`. Cluster models report the first two as upstream
 * dependencies, as upstream does.
 */
import type { AIMModelSpec, AIMModelStatus } from '../api/aim-model.ts';
import type { ImageMetadata } from '../api/image-metadata.ts';
import { MODEL_COMPONENTS, MODEL_REASONS } from '../constants/model-conditions.ts';
import type { KubeObject } from '../kube/types.ts';
import { ERROR_CATEGORIES } from '../reconcile/categorize.ts';
import {
  type ComponentHealth,
  DEPENDENCY_TYPES,
  type FetchResult,
  type HealthInspection,
  toComponentHealth,
  toUpstreamComponentHealth,
} from '../reconcile/health.ts';
import { type ResolvedRuntimeConfig, runtimeConfigHealth } from '../reconcile/runtime-config.ts';
import { expectsTemplates } from './expected-templates.ts';
import type { MetadataOutcome } from './image-metadata-source.ts';
import type { ModelScope } from './model-scope.ts';
import { aggregateTemplateStatuses } from './template-aggregation.ts';

export interface ModelFetched {
  runtimeConfig: FetchResult<ResolvedRuntimeConfig | undefined>;
  metadata: MetadataOutcome;
  /** Templates of the model's scope whose `spec.modelName` is the model. */
  templates: FetchResult<KubeObject[]>;
}

/** The metadata this reconcile knows: the spec's, else what was just resolved, else what status holds. */
export function knownMetadata(
  spec: AIMModelSpec,
  status: Pick<AIMModelStatus, 'imageMetadata'> | undefined,
  outcome: MetadataOutcome,
): ImageMetadata | undefined {
  if (spec.imageMetadata !== undefined) return spec.imageMetadata;
  if (outcome.ok && outcome.source !== 'skipped') return outcome.metadata;
  return status?.imageMetadata;
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

function inspectMetadata(outcome: Extract<MetadataOutcome, { ok: true }>): HealthInspection {
  if (outcome.source === 'skipped') {
    return {
      reason: MODEL_REASONS.imageFound,
      message: 'Metadata extraction is disabled (discovery.extractMetadata: false)',
    };
  }
  const { model } = outcome.metadata;
  const origin = outcome.source === 'spec' ? ' (from spec.imageMetadata)' : '';
  if (model?.canonicalName) {
    const deployments = plural(model.recommendedDeployments?.length ?? 0, 'recommended deployment');
    return {
      reason: MODEL_REASONS.imageMetadataFound,
      message: `Model ${model.canonicalName} with ${deployments}${origin}`,
    };
  }
  return { reason: MODEL_REASONS.imageFound, message: `The image carries no AIM model labels${origin}` };
}

export function imageMetadataHealth(scope: ModelScope, outcome: MetadataOutcome): ComponentHealth {
  const result: FetchResult<Extract<MetadataOutcome, { ok: true }>> = outcome.ok
    ? { ok: true, value: outcome }
    : { ok: false, error: outcome.error };
  const health = scope.upstreamComponents
    ? toUpstreamComponentHealth(MODEL_COMPONENTS.imageMetadata, result, inspectMetadata)
    : toComponentHealth(MODEL_COMPONENTS.imageMetadata, result, inspectMetadata);
  // Registry failures are Unknown errors, which would leave the component merely "Progressing"
  // while the model is Degraded; saying Degraded here makes Ready name the failure and the
  // event a Warning (the overall status is Degraded either way, spec §7.2).
  if (!outcome.ok && outcome.error.category === ERROR_CATEGORIES.unknown) health.state = 'Degraded';
  return health;
}

export function templatesHealth(
  scope: ModelScope,
  templates: FetchResult<KubeObject[]>,
  spec: AIMModelSpec,
  metadata: ImageMetadata | undefined,
  expectedCount: number,
): ComponentHealth {
  const expectation = expectsTemplates(spec, metadata);
  return toComponentHealth(scope.templatesComponent, templates, (list) => ({
    ...aggregateTemplateStatuses(list, expectation, expectedCount),
    dependencyType: DEPENDENCY_TYPES.downstream,
  }));
}

export function modelHealth(
  scope: ModelScope,
  spec: AIMModelSpec,
  status: Pick<AIMModelStatus, 'imageMetadata'> | undefined,
  fetched: ModelFetched,
  expectedCount: number,
): ComponentHealth[] {
  return [
    runtimeConfigHealth(fetched.runtimeConfig, { upstream: scope.upstreamComponents }),
    imageMetadataHealth(scope, fetched.metadata),
    templatesHealth(
      scope,
      fetched.templates,
      spec,
      knownMetadata(spec, status, fetched.metadata),
      expectedCount,
    ),
  ];
}
