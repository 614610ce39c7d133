/**
 * API calls the product's KubeClient has no vocabulary for (it knows a fixed set of kinds): a
 * server-side apply of any kind, resolved through API discovery as kubectl does, and the
 * TokenRequest subresource of a ServiceAccount.
 */
import { loadKubeConfig } from '../../../shared/kube/client.ts';
import { createTransport, type KubeTransport } from '../../../shared/kube/transport.ts';
import type { KubeObject } from '../../../shared/kube/types.ts';

interface DiscoveredResource {
  name: string;
  kind: string;
  namespaced: boolean;
}

export interface AccessSubject {
  user: string;
  groups: string[];
}

/** A SubjectAccessReview's `resourceAttributes`. */
export interface ResourceRequest {
  verb: string;
  group: string;
  resource: string;
  subresource?: string;
  name?: string;
  /** Absent: a request across all namespaces (or for a cluster-scoped resource). */
  namespace?: string;
}

export class RawApi {
  readonly #transport: KubeTransport;
  readonly #groups = new Map<string, Promise<DiscoveredResource[]>>();

  constructor(kubeconfigPath: string) {
    this.#transport = createTransport(loadKubeConfig({ kubeconfigPath }));
  }

  #resources(apiVersion: string): Promise<DiscoveredResource[]> {
    let resources = this.#groups.get(apiVersion);
    if (resources === undefined) {
      const path = apiVersion.includes('/') ? `/apis/${apiVersion}` : `/api/${apiVersion}`;
      resources = this.#transport
        .request({ method: 'GET', path })
        .then((text) => (JSON.parse(text) as { resources: DiscoveredResource[] }).resources);
      this.#groups.set(apiVersion, resources);
    }
    return resources;
  }

  /** `/apis/<group>/<version>[/namespaces/<ns>]/<plural>/<name>` of an object, from discovery. */
  async objectPath(object: KubeObject): Promise<string> {
    const resource = (await this.#resources(object.apiVersion)).find(
      (candidate) => candidate.kind === object.kind && !candidate.name.includes('/'),
    );
    if (resource === undefined)
      throw new Error(`the API server serves no ${object.kind} in ${object.apiVersion}`);
    const base = object.apiVersion.includes('/') ? `/apis/${object.apiVersion}` : `/api/${object.apiVersion}`;
    const namespace = object.metadata.namespace;
    if (resource.namespaced && !namespace)
      throw new Error(`${object.kind} ${object.metadata.name} has no namespace`);
    const scope = resource.namespaced ? `/namespaces/${encodeURIComponent(namespace ?? '')}` : '';
    return `${base}${scope}/${resource.name}/${encodeURIComponent(object.metadata.name)}`;
  }

  /** Server-side apply; with `dryRun` the API server validates and admits it but stores nothing. */
  async apply(object: KubeObject, options: { fieldManager: string; dryRun?: boolean }): Promise<KubeObject> {
    const text = await this.#transport.request({
      method: 'PATCH',
      path: await this.objectPath(object),
      query: {
        fieldManager: options.fieldManager,
        force: true,
        fieldValidation: 'Strict',
        dryRun: options.dryRun ? 'All' : undefined,
      },
      body: JSON.stringify(object),
      contentType: 'application/apply-patch+yaml',
    });
    return JSON.parse(text) as KubeObject;
  }

  /** A token for a ServiceAccount (`POST .../serviceaccounts/<name>/token`). */
  async serviceAccountToken(namespace: string, name: string, expirationSeconds = 3600): Promise<string> {
    const text = await this.#transport.request({
      method: 'POST',
      path: `/api/v1/namespaces/${encodeURIComponent(namespace)}/serviceaccounts/${encodeURIComponent(name)}/token`,
      body: JSON.stringify({
        apiVersion: 'authentication.k8s.io/v1',
        kind: 'TokenRequest',
        spec: { expirationSeconds },
      }),
      contentType: 'application/json',
    });
    const token = (JSON.parse(text) as { status?: { token?: string } }).status?.token;
    if (!token) throw new Error(`TokenRequest for ${namespace}/${name} returned no token`);
    return token;
  }

  /** Whether the API server's authorizer allows `subject` a request (SubjectAccessReview). */
  async allows(subject: AccessSubject, request: ResourceRequest): Promise<boolean> {
    const text = await this.#transport.request({
      method: 'POST',
      path: '/apis/authorization.k8s.io/v1/subjectaccessreviews',
      body: JSON.stringify({
        apiVersion: 'authorization.k8s.io/v1',
        kind: 'SubjectAccessReview',
        spec: { user: subject.user, groups: subject.groups, resourceAttributes: request },
      }),
      contentType: 'application/json',
    });
    return (JSON.parse(text) as { status?: { allowed?: boolean } }).status?.allowed === true;
  }

  /** Who the API server takes these credentials for (SelfSubjectReview). */
  async username(): Promise<string> {
    const text = await this.#transport.request({
      method: 'POST',
      path: '/apis/authentication.k8s.io/v1/selfsubjectreviews',
      body: JSON.stringify({ apiVersion: 'authentication.k8s.io/v1', kind: 'SelfSubjectReview' }),
      contentType: 'application/json',
    });
    return (
      (JSON.parse(text) as { status?: { userInfo?: { username?: string } } }).status?.userInfo?.username ?? ''
    );
  }
}
