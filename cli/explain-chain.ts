/**
 * The objects behind an AIM object, read-only, in the order they depend on each other:
 *
 *   service   service → model → template → cache → artifacts → InferenceService → pods
 *   model     model → its templates → the services resolved to it
 *   template  model → template → its caches → their artifacts
 *   cache     template → cache → artifacts
 *   artifact  artifact → its claim
 *
 * A service that has not recorded its model or template yet is resolved with the functions' own
 * read-only resolution (shared/service-resolution), so the chain shows what it is waiting for.
 */
import { AIMServiceSchema } from '../shared/api/aim-service.ts';
import { AIM_API_VERSION } from '../shared/api/group.ts';
import { fetchServiceCache } from '../shared/caching/service-cache-fetch.ts';
import { KSERVE_LABELS } from '../shared/constants/kserve.ts';
import { modelKey, templateCacheKey, templateKey } from '../shared/inference/source-objects.ts';
import type { KubeClient, KubeObject, ObjectKey } from '../shared/kube/types.ts';
import { isvcName } from '../shared/naming/service-names.ts';
import { fetchServiceResolution } from '../shared/service-resolution/resolution.ts';

export interface ChainLink {
  role: string;
  object?: KubeObject;
  /** Why there is no object (yet). */
  missing?: string;
}

const AIM = AIM_API_VERSION;
const ISVC = { apiVersion: 'serving.kserve.io/v1beta1', kind: 'InferenceService' } as const;

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function link(client: KubeClient, role: string, key: ObjectKey): Promise<ChainLink> {
  const object = await client.getOptional(key);
  return object ? { role, object } : { role, missing: `${key.kind} ${key.name} not found` };
}

async function serviceModelAndTemplate(client: KubeClient, service: KubeObject): Promise<ChainLink[]> {
  const namespace = service.metadata.namespace ?? '';
  const status = service.status ?? {};
  if (status.resolvedModel && status.resolvedTemplate)
    return Promise.all([
      link(client, 'model', modelKey(status.resolvedModel, namespace)),
      link(client, 'template', templateKey(status.resolvedTemplate, namespace)),
    ]);
  const parsed = AIMServiceSchema().safeParse(service);
  if (!parsed.success) return [{ role: 'model', missing: 'the service spec is invalid' }];
  const resolution = await fetchServiceResolution(client, parsed.data, {});
  const links: ChainLink[] = [];
  const { model, template } = resolution;
  if (model.kind === 'found') links.push({ role: 'model', object: model.model.object });
  else if (model.kind === 'create')
    links.push({
      role: 'model',
      missing: `${model.desired.metadata.name} is to be created: ${model.message}`,
    });
  else links.push({ role: 'model', missing: errorText(model.error) });
  if (template.kind === 'found') links.push({ role: 'template', object: template.template.object });
  else if (template.kind === 'unselected')
    links.push({ role: 'template', missing: `no template selected: ${template.selection.outcome}` });
  else if (template.kind === 'deriving')
    links.push({
      role: 'template',
      missing: `derived template ${template.desired.metadata.name} is being created`,
    });
  else if (template.kind === 'awaiting-model')
    links.push({ role: 'template', missing: 'waiting for the model' });
  else links.push({ role: 'template', missing: errorText(template.error) });
  return links;
}

async function serviceCache(client: KubeClient, service: KubeObject): Promise<ChainLink> {
  const namespace = service.metadata.namespace ?? '';
  const ref = service.status?.cache?.templateCacheRef;
  if (ref?.name) return link(client, 'cache', templateCacheKey(ref, namespace));
  const parsed = AIMServiceSchema().safeParse(service);
  if (!parsed.success) return { role: 'cache', missing: 'the service spec is invalid' };
  const fetched = await fetchServiceCache(client, parsed.data, service, undefined);
  if (fetched.cache.ok && fetched.cache.value) return { role: 'cache', object: fetched.cache.value };
  return { role: 'cache', missing: 'no template cache yet (created once the template is Ready)' };
}

async function cacheArtifacts(client: KubeClient, cache: KubeObject | undefined): Promise<ChainLink[]> {
  if (cache === undefined) return [];
  const entries = Object.values((cache.status?.artifacts ?? {}) as Record<string, { name?: string }>);
  const namespace = cache.metadata.namespace ?? '';
  return Promise.all(
    entries
      .filter((entry) => entry.name)
      .map((entry) =>
        link(client, 'artifact', { apiVersion: AIM, kind: 'AIMArtifact', namespace, name: entry.name! }),
      ),
  );
}

async function serviceChain(client: KubeClient, service: KubeObject): Promise<ChainLink[]> {
  const namespace = service.metadata.namespace ?? '';
  const [modelAndTemplate, cache] = await Promise.all([
    serviceModelAndTemplate(client, service),
    serviceCache(client, service),
  ]);
  const artifacts = await cacheArtifacts(client, cache.object);
  const links = [{ role: 'service', object: service }, ...modelAndTemplate, cache, ...artifacts];
  let name: string;
  try {
    name = isvcName({ name: service.metadata.name, namespace });
  } catch (err) {
    return [...links, { role: 'inferenceservice', missing: errorText(err) }];
  }
  const isvc = await client.getOptional({ ...ISVC, namespace, name });
  if (isvc === undefined)
    return [...links, { role: 'inferenceservice', missing: `InferenceService ${name} not created yet` }];
  const pods = await client.list(
    { apiVersion: 'v1', kind: 'Pod' },
    { namespace, labelSelector: `${KSERVE_LABELS.inferenceService}=${name}` },
  );
  const podLinks = pods.items.map((pod) => ({ role: 'pod', object: { ...pod, kind: 'Pod' } }));
  return [
    ...links,
    { role: 'inferenceservice', object: isvc },
    ...(podLinks.length > 0 ? podLinks : [{ role: 'pod', missing: 'no predictor pods' }]),
  ];
}

function withKind(items: readonly KubeObject[], kind: string): KubeObject[] {
  return items.map((item) => ({ ...item, kind }));
}

async function modelChain(client: KubeClient, model: KubeObject): Promise<ChainLink[]> {
  const name = model.metadata.name;
  const namespace = model.metadata.namespace;
  const [namespaced, cluster, services] = await Promise.all([
    namespace ? client.list({ apiVersion: AIM, kind: 'AIMServiceTemplate' }, { namespace }) : { items: [] },
    client.list({ apiVersion: AIM, kind: 'AIMClusterServiceTemplate' }),
    client.list({ apiVersion: AIM, kind: 'AIMService' }, namespace ? { namespace } : {}),
  ]);
  const templates = [
    ...withKind(namespaced.items, 'AIMServiceTemplate'),
    ...withKind(cluster.items, 'AIMClusterServiceTemplate'),
  ].filter((t) => t.spec?.modelName === name);
  const users = withKind(services.items, 'AIMService').filter((s) => s.status?.resolvedModel?.name === name);
  return [
    { role: 'model', object: model },
    ...templates.map((object) => ({ role: 'template', object })),
    ...users.map((object) => ({ role: 'service', object })),
  ];
}

async function cachesOfTemplate(
  client: KubeClient,
  template: KubeObject,
  namespace: string,
): Promise<KubeObject[]> {
  const caches = await client.list(
    { apiVersion: AIM, kind: 'AIMTemplateCache' },
    namespace ? { namespace } : {},
  );
  return withKind(caches.items, 'AIMTemplateCache').filter(
    (c) => c.spec?.templateName === template.metadata.name,
  );
}

/** A namespaced template's model is looked for in its namespace, then at cluster scope. */
async function templateModel(
  client: KubeClient,
  template: KubeObject,
  modelName: string,
  namespace: string,
): Promise<ChainLink> {
  if (template.kind !== 'AIMClusterServiceTemplate') {
    const namespaced = await client.getOptional({
      ...modelKey({ name: modelName, scope: 'Namespace' }, namespace),
    });
    if (namespaced) return { role: 'model', object: namespaced };
  }
  return link(client, 'model', modelKey({ name: modelName, scope: 'Cluster' }, namespace));
}

async function templateChain(
  client: KubeClient,
  template: KubeObject,
  namespace: string,
): Promise<ChainLink[]> {
  const modelName: string = template.spec?.modelName ?? '';
  const model = modelName
    ? await templateModel(client, template, modelName, namespace)
    : { role: 'model', missing: 'the template names no model' };
  const caches = await cachesOfTemplate(client, template, namespace);
  const artifacts = (await Promise.all(caches.map((cache) => cacheArtifacts(client, cache)))).flat();
  return [
    model,
    { role: 'template', object: template },
    ...caches.map((object) => ({ role: 'cache', object })),
    ...artifacts,
  ];
}

async function cacheChain(client: KubeClient, cache: KubeObject): Promise<ChainLink[]> {
  const namespace = cache.metadata.namespace ?? '';
  const name: string = cache.spec?.templateName ?? '';
  const cluster = cache.spec?.templateScope === 'Cluster';
  const template = await link(client, 'template', {
    apiVersion: AIM,
    kind: cluster ? 'AIMClusterServiceTemplate' : 'AIMServiceTemplate',
    name,
    ...(cluster ? {} : { namespace }),
  });
  return [template, { role: 'cache', object: cache }, ...(await cacheArtifacts(client, cache))];
}

async function artifactChain(client: KubeClient, artifact: KubeObject): Promise<ChainLink[]> {
  const claim: string | undefined = artifact.status?.persistentVolumeClaim;
  const namespace = artifact.metadata.namespace ?? '';
  const pvc = claim
    ? await link(client, 'claim', { apiVersion: 'v1', kind: 'PersistentVolumeClaim', namespace, name: claim })
    : { role: 'claim', missing: 'no claim yet' };
  if (pvc.object) pvc.object = { ...pvc.object, kind: 'PersistentVolumeClaim' };
  return [{ role: 'artifact', object: artifact }, pvc];
}

/** The chain of `root` (one of the AIM kinds `explain` accepts). */
export async function explainChain(
  client: KubeClient,
  root: KubeObject,
  namespace: string,
): Promise<ChainLink[]> {
  switch (root.kind) {
    case 'AIMService':
      return serviceChain(client, root);
    case 'AIMModel':
    case 'AIMClusterModel':
      return modelChain(client, root);
    case 'AIMServiceTemplate':
    case 'AIMClusterServiceTemplate':
      return templateChain(client, root, namespace);
    case 'AIMTemplateCache':
      return cacheChain(client, root);
    default:
      return artifactChain(client, root);
  }
}
