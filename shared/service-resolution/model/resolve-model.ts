/**
 * Model resolution (spec §10.3): which AIMModel / AIMClusterModel a service serves, or which model
 * it must create. All reads happen here; failures come back as values (a `StateError` carrying
 * its category), never as exceptions.
 *
 *   name    AIMModel in the namespace, else AIMClusterModel; neither ⇒ ModelNotFound (blocking)
 *   image   every model of either scope whose spec.image is exactly the image: one ⇒ use it,
 *           several ⇒ ModelAmbiguous (blocking), none ⇒ create one (an unparseable image ⇒
 *           InvalidImageReference, nothing created)
 *   custom  the namespace's model with the same base image and sources, else create one
 *
 * A model recorded in status.resolvedModel that still exists, still fits the spec and is Ready is
 * kept without searching again (upstream's fast path, which misses namespaced models — quirk): a
 * running service does not start failing because a second model with its image appeared later.
 */
import type { AIMService } from '../../api/aim-service.ts';
import { ERROR_REASONS } from '../../constants/conditions.ts';
import { SERVICE_REASONS } from '../../constants/service-conditions.ts';
import type { KubeObject } from '../../kube/types.ts';
import { generateCustomModelName, generateModelName } from '../../naming/model-names.ts';
import { ERROR_CATEGORIES, StateError } from '../../reconcile/categorize.ts';
import type { KubeReader } from '../../reconcile/read-cache.ts';
import { referenceProblem } from '../../registry/reference.ts';
import { CLUSTER_MODEL_GVK, MODEL_GVK, modelGvk, type ResolutionScope } from '../kinds.ts';
import { isReady, qualifiedName, type ResolvedObject } from '../resolved-object.ts';
import { autoCustomModel, autoImageModel } from './auto-model.ts';
import { isMatchingCustomModel } from './custom-model-match.ts';

export type ModelResolution =
  | { kind: 'found'; model: ResolvedObject }
  /** No model fits: `desired` is applied (without owner) and resolution runs again on its events. */
  | { kind: 'create'; desired: KubeObject; message: string }
  | { kind: 'error'; error: unknown };

function invalidSpec(reason: string, message: string): ModelResolution {
  return { kind: 'error', error: new StateError(ERROR_CATEGORIES.invalidSpec, reason, message) };
}

function failed(error: unknown): ModelResolution {
  return { kind: 'error', error };
}

/** Whether a model found earlier still answers the spec (the spec is immutable, the model is not). */
function fitsSpec(service: AIMService, model: KubeObject, scope: ResolutionScope): boolean {
  const { name, image, custom } = service.spec.model;
  if (name !== undefined) return model.metadata.name === name.trim();
  if (image !== undefined) return model.spec?.image === image.trim();
  if (custom !== undefined) return scope === 'Namespace' && isMatchingCustomModel(model, custom);
  return false;
}

async function previouslyResolved(
  client: KubeReader,
  service: AIMService,
): Promise<ResolvedObject | undefined> {
  const reference = service.status?.resolvedModel;
  if (reference === undefined || (reference.scope !== 'Namespace' && reference.scope !== 'Cluster'))
    return undefined;
  const scope = reference.scope;
  const namespace = service.metadata.namespace;
  try {
    const model = await client.getOptional({
      ...modelGvk(scope),
      ...(scope === 'Namespace' ? { namespace } : {}),
      name: reference.name,
    });
    if (model === undefined || !fitsSpec(service, model, scope)) return undefined;
    const resolved: ResolvedObject = { object: model, scope };
    return isReady(resolved) ? resolved : undefined;
  } catch {
    // The full resolution below reads again and reports whatever is wrong.
    return undefined;
  }
}

async function byName(client: KubeReader, namespace: string, rawName: string): Promise<ModelResolution> {
  const name = rawName.trim();
  if (name === '') return invalidSpec(ERROR_REASONS.invalidSpec, 'spec.model.name is blank');
  try {
    const namespaced = await client.getOptional({ ...MODEL_GVK, namespace, name });
    if (namespaced) return { kind: 'found', model: { object: namespaced, scope: 'Namespace' } };
    const cluster = await client.getOptional({ ...CLUSTER_MODEL_GVK, name });
    if (cluster) return { kind: 'found', model: { object: cluster, scope: 'Cluster' } };
  } catch (err) {
    return failed(err);
  }
  return failed(
    new StateError(
      ERROR_CATEGORIES.missingUpstreamDependency,
      SERVICE_REASONS.modelNotFound,
      `spec.model.name: model "${name}" not found in namespace ${namespace} or cluster scope`,
    ),
  );
}

async function byImage(client: KubeReader, service: AIMService, rawImage: string): Promise<ModelResolution> {
  const image = rawImage.trim();
  if (image === '') return invalidSpec(ERROR_REASONS.invalidSpec, 'spec.model.image is blank');
  // An image that cannot parse can never be pulled: say so before looking for or creating a model.
  const problem = referenceProblem('spec.model.image', image);
  if (problem !== undefined) return invalidSpec(SERVICE_REASONS.invalidImageReference, problem);
  let matches: ResolvedObject[];
  try {
    const [namespaced, cluster] = await Promise.all([
      client.list(MODEL_GVK, { namespace: service.metadata.namespace ?? '' }),
      client.list(CLUSTER_MODEL_GVK),
    ]);
    matches = [
      ...namespaced.items.map((object) => ({
        object: { ...object, ...MODEL_GVK },
        scope: 'Namespace' as const,
      })),
      ...cluster.items.map((object) => ({
        object: { ...object, ...CLUSTER_MODEL_GVK },
        scope: 'Cluster' as const,
      })),
    ].filter((resolved) => resolved.object.spec?.image === image);
  } catch (err) {
    return failed(err);
  }
  const [only] = matches;
  if (matches.length === 1 && only) return { kind: 'found', model: only };
  if (matches.length > 1) {
    return invalidSpec(
      SERVICE_REASONS.modelAmbiguous,
      `multiple models found with the same image "${image}": ${matches.map(qualifiedName).join(', ')}; ` +
        'set spec.model.name to choose one, or remove the duplicates',
    );
  }
  let name: string;
  try {
    name = generateModelName(image);
  } catch (err) {
    return invalidSpec(
      SERVICE_REASONS.invalidImageReference,
      err instanceof Error ? err.message : String(err),
    );
  }
  return {
    kind: 'create',
    desired: autoImageModel(service, name, image),
    message: `Model will be created for image ${image}`,
  };
}

async function byCustom(
  client: KubeReader,
  service: AIMService,
  custom: NonNullable<AIMService['spec']['model']['custom']>,
): Promise<ModelResolution> {
  const problem = referenceProblem('spec.model.custom.baseImage', custom.baseImage.trim());
  if (problem !== undefined) return invalidSpec(SERVICE_REASONS.invalidImageReference, problem);
  try {
    const models = await client.list(MODEL_GVK, { namespace: service.metadata.namespace ?? '' });
    const match = models.items.find((model) => isMatchingCustomModel(model, custom));
    if (match) return { kind: 'found', model: { object: { ...match, ...MODEL_GVK }, scope: 'Namespace' } };
  } catch (err) {
    return failed(err);
  }
  const name = generateCustomModelName(custom);
  return {
    kind: 'create',
    desired: autoCustomModel(service, name, custom),
    message: `Custom model will be created for ${custom.modelSources[0]?.modelId ?? custom.baseImage}`,
  };
}

export async function resolveModel(client: KubeReader, service: AIMService): Promise<ModelResolution> {
  const previous = await previouslyResolved(client, service);
  if (previous) return { kind: 'found', model: previous };
  const { name, image, custom } = service.spec.model;
  if (name !== undefined) return byName(client, service.metadata.namespace ?? '', name);
  if (image !== undefined) return byImage(client, service, image);
  if (custom !== undefined) return byCustom(client, service, custom);
  return invalidSpec(ERROR_REASONS.invalidSpec, 'no model specified in service spec');
}
