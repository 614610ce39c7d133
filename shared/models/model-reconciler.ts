/**
 * The AIMModel and AIMClusterModel reconcilers (spec §7): resolve the image metadata, generate
 * the templates the metadata (or the custom-model spec) calls for, and report RuntimeConfig,
 * ImageMetadata and the templates' aggregate. The pipeline does the rest (validation, state
 * engine, owner references and labels, server-side apply, status write, events).
 */
import type { AIMClusterModel } from '../api/aim-cluster-model.ts';
import type { AIMModel } from '../api/aim-model.ts';
import { AIM_KINDS } from '../api/kinds.ts';
import type { KubeObject } from '../kube/types.ts';
import { captureFetch, fetched } from '../reconcile/health.ts';
import { type KubeReader, readerOf } from '../reconcile/read-cache.ts';
import type { KindReconciler, ReconcileContext } from '../reconcile/reconciler.ts';
import { RegistryClient } from '../registry/client.ts';
import { type RegistryMirrors, registryMirrorsFromEnv } from '../registry/mirrors.ts';
import { isCustomModel } from './expected-templates.ts';
import { type ImageInspector, resolveImageMetadata } from './image-metadata-source.ts';
import { InspectionCache } from './inspection-cache.ts';
import { knownMetadata, type ModelFetched, modelHealth } from './model-health.ts';
import { CLUSTER_MODEL_SCOPE, type ModelScope, NAMESPACED_MODEL_SCOPE } from './model-scope.ts';
import { desiredTemplates, type ModelInput } from './template-builders.ts';

export type AnyModel = AIMModel | AIMClusterModel;

export interface ModelDependencies {
  /** Reads image labels from registries (default: a RegistryClient on global fetch). */
  inspector: ImageInspector;
  /** Shared by both scopes so one image is inspected once per instance. */
  cache: InspectionCache;
  /** Registry mirrors (default: `AIM_REGISTRY_MIRRORS`). */
  mirrors: RegistryMirrors;
}

export const MODEL_SOURCE_TYPE = { image: 'Image', custom: 'Custom' } as const;

function modelInput(model: AnyModel): ModelInput {
  return { name: model.metadata.name, namespace: model.metadata.namespace, spec: model.spec };
}

/**
 * The templates of `scope` that name the model (field selectors on spec fields are not served for
 * CRDs), from the object cache when it is current: a live LIST of every template of the namespace
 * per model reconcile was a quarter of model-inspect's requests in issue 14's burst.
 */
async function templatesOf(reader: KubeReader, scope: ModelScope, model: AnyModel): Promise<KubeObject[]> {
  const options = scope.namespaced && model.metadata.namespace ? { namespace: model.metadata.namespace } : {};
  const list = await reader.list(scope.template, options);
  return list.items
    .filter((template) => template.spec?.modelName === model.metadata.name)
    .map((template) => ({ ...template, apiVersion: scope.template.apiVersion, kind: scope.template.kind }));
}

function secretNamespace(scope: ModelScope, model: AnyModel, ctx: ReconcileContext): string {
  return scope.namespaced && model.metadata.namespace ? model.metadata.namespace : ctx.operatorNamespace;
}

export function modelReconciler(
  scope: ModelScope,
  deps: ModelDependencies,
): KindReconciler<AnyModel, ModelFetched> {
  const definition = scope.namespaced ? AIM_KINDS.AIMModel : AIM_KINDS.AIMClusterModel;
  const desired = (model: AnyModel, state: ModelFetched) =>
    desiredTemplates(scope, modelInput(model), knownMetadata(model.spec, model.status, state.metadata));

  return {
    gvk: scope.model,
    schema: (() => definition.schema) as KindReconciler<AnyModel, ModelFetched>['schema'],
    controllerName: scope.controllerName,
    runtimeConfigScope: scope.namespaced ? 'namespace' : 'cluster',

    async fetch(ctx, model, input) {
      const [metadata, templates] = await Promise.all([
        resolveImageMetadata(model.spec, model.status, {
          client: ctx.client,
          secretNamespace: secretNamespace(scope, model, ctx),
          inspector: deps.inspector,
          cache: deps.cache,
          mirrors: deps.mirrors,
        }),
        captureFetch(() => templatesOf(readerOf(ctx), scope, model)),
      ]);
      if (metadata.ok && metadata.source === 'registry') {
        ctx.log.info(
          {
            image: model.spec.image,
            digest: metadata.digest,
            canonicalName: metadata.metadata.model?.canonicalName,
          },
          'image metadata read from the registry',
        );
      }
      const runtimeConfig: ModelFetched['runtimeConfig'] = input.runtimeConfig ?? fetched(undefined);
      return { runtimeConfig, metadata, templates };
    },

    plan(model, state) {
      const plan = { apply: desired(model, state), applyWithoutOwner: [], delete: [] };
      return state.metadata.ok || state.metadata.retryAfterSeconds === undefined
        ? plan
        : { ...plan, requeueAfterSeconds: state.metadata.retryAfterSeconds };
    },

    observedChildren: (state) => (state.templates.ok ? state.templates.value : []),

    health(model, state) {
      return modelHealth(scope, model.spec, model.status, state, desired(model, state).length);
    },

    decorate(status, _conditions, model, state) {
      status.sourceType = isCustomModel(model.spec) ? MODEL_SOURCE_TYPE.custom : MODEL_SOURCE_TYPE.image;
      const { metadata } = state;
      // Metadata in status is never lost: only a successful read (or the spec's) replaces it.
      if (metadata.ok && (metadata.source === 'spec' || metadata.source === 'registry')) {
        status.imageMetadata = structuredClone(metadata.metadata);
      }
    },
  };
}

export interface ModelReconcilers {
  namespaced: KindReconciler<AnyModel, ModelFetched>;
  cluster: KindReconciler<AnyModel, ModelFetched>;
  dependencies: ModelDependencies;
}

/** Both reconcilers, sharing one registry client and inspection cache. */
export function createModelReconcilers(dependencies: Partial<ModelDependencies> = {}): ModelReconcilers {
  const deps: ModelDependencies = {
    inspector: dependencies.inspector ?? new RegistryClient(),
    cache: dependencies.cache ?? new InspectionCache(),
    mirrors: dependencies.mirrors ?? registryMirrorsFromEnv(),
  };
  return {
    namespaced: modelReconciler(NAMESPACED_MODEL_SCOPE, deps),
    cluster: modelReconciler(CLUSTER_MODEL_SCOPE, deps),
    dependencies: deps,
  };
}
