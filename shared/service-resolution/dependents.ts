/**
 * Which AIMServices a model or template event concerns (spec §10.11, widened): every service that
 * could now resolve differently. One LIST of services — the event's namespace for namespaced
 * objects, all namespaces for cluster-scoped ones — filtered in memory, so the cost of an event
 * does not grow with the number of matching services.
 *
 * Model → services naming it (`model.name`), asking for its image (`model.image`, or the base
 * image of `model.custom`), or resolved to it.
 * Template → services naming it (or whose overrides derive its name from theirs), auto-selecting
 * for its model (resolved, named, or the name an image would be given), or resolved to it.
 */
import { AIMServiceSpecSchema } from '../api/aim-service.ts';
import { canonicalSpec } from '../api/forms/canonical.ts';
import { AIM_API_VERSION } from '../api/group.ts';
import type { ApiServerEvent } from '../events/apiserver-event.ts';
import { isNotFound } from '../kube/errors.ts';
import type { KubeClient, KubeObject, ObjectKey } from '../kube/types.ts';
import { generateCustomModelName, generateModelName } from '../naming/model-names.ts';
import { derivedTemplateName } from '../naming/template-names.ts';
import {
  CLUSTER_MODEL_GVK,
  CLUSTER_TEMPLATE_GVK,
  MODEL_GVK,
  type ResolutionScope,
  SERVICE_GVK,
  TEMPLATE_GVK,
} from './kinds.ts';

type Plain = Record<string, unknown>;

function plain(value: unknown): Plain {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Plain) : {};
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** What a dependent check needs of the changed object (its last known state). */
export interface ChangedObject {
  name: string;
  scope: ResolutionScope;
  spec: Plain;
}

function resolvedTo(
  service: KubeObject,
  field: 'resolvedModel' | 'resolvedTemplate',
  changed: ChangedObject,
) {
  const reference = plain(plain(service.status)[field]);
  return text(reference.name) === changed.name && (reference.scope ?? changed.scope) === changed.scope;
}

/** The model names an auto-selecting service may select templates for. */
export function expectedModelNames(service: KubeObject): string[] {
  const names = [text(plain(plain(service.status).resolvedModel).name)];
  const model = plain(plain(service.spec).model);
  names.push(text(model.name));
  try {
    if (text(model.image) !== '') names.push(generateModelName(text(model.image)));
    const custom = plain(model.custom);
    if (typeof custom.baseImage === 'string')
      names.push(generateCustomModelName(custom as unknown as Parameters<typeof generateCustomModelName>[0]));
  } catch {
    // An image that cannot name a model resolves to nothing a template could reference.
  }
  return names.filter((name) => name !== '');
}

export function dependsOnModel(service: KubeObject, model: ChangedObject): boolean {
  const wanted = plain(plain(service.spec).model);
  const image = text(model.spec.image);
  if (text(wanted.name) === model.name) return true;
  if (image !== '' && text(wanted.image) === image) return true;
  if (image !== '' && model.scope === 'Namespace' && plain(wanted.custom).baseImage === image) return true;
  return resolvedTo(service, 'resolvedModel', model);
}

export function dependsOnTemplate(service: KubeObject, template: ChangedObject): boolean {
  const spec = plain(service.spec);
  const named = text(plain(spec.template).name);
  if (named !== '') {
    if (named === template.name) return true;
    const overrides = plain(spec.overrides) as Parameters<typeof derivedTemplateName>[1];
    if (template.scope === 'Namespace' && derivedTemplateName(named, overrides) === template.name)
      return true;
  } else {
    const modelName = text(template.spec.modelName);
    if (modelName !== '' && expectedModelNames(service).includes(modelName)) return true;
  }
  return resolvedTo(service, 'resolvedTemplate', template);
}

const WATCHED = new Map<string, { scope: ResolutionScope; check: typeof dependsOnModel }>([
  [MODEL_GVK.kind, { scope: 'Namespace', check: dependsOnModel }],
  [CLUSTER_MODEL_GVK.kind, { scope: 'Cluster', check: dependsOnModel }],
  [TEMPLATE_GVK.kind, { scope: 'Namespace', check: dependsOnTemplate }],
  [CLUSTER_TEMPLATE_GVK.kind, { scope: 'Cluster', check: dependsOnTemplate }],
]);

/** The event's object: the Resource-mode copy, else read (a deleted object yields no spec). */
async function changedObject(
  client: KubeClient,
  event: ApiServerEvent,
  scope: ResolutionScope,
): Promise<ChangedObject> {
  let object: unknown = event.object;
  if (object === undefined && event.action !== 'delete') {
    try {
      object = await client.get(event.ref);
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
  }
  return { name: event.ref.name, scope, spec: plain(plain(object).spec) };
}

/** Reconcile requests for the AIMServices a model or template event concerns; empty for other events. */
export async function serviceDependents(client: KubeClient, event: ApiServerEvent): Promise<ObjectKey[]> {
  const watched = event.ref.apiVersion === AIM_API_VERSION ? WATCHED.get(event.ref.kind) : undefined;
  if (watched === undefined) return [];
  const changed = await changedObject(client, event, watched.scope);
  const namespace = watched.scope === 'Namespace' ? event.ref.namespace : undefined;
  const services = await client.list(SERVICE_GVK, namespace ? { namespace } : {});
  // Compared in canonical form: `gpuSelector` derives the same template name as `hardware.gpu`.
  return services.items
    .filter((service) =>
      watched.check(
        { ...service, spec: canonicalSpec(AIMServiceSpecSchema(), service.spec) as Plain },
        changed,
      ),
    )
    .map((service) => ({
      ...SERVICE_GVK,
      namespace: service.metadata.namespace ?? '',
      name: service.metadata.name,
    }));
}
