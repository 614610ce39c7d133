/**
 * What a `KubeClient` call asks the API server's authorizer for: the RBAC verb, API group,
 * resource (with `/subresource`) and namespace of each request the call makes. This is the
 * vocabulary least-privilege roles are written in (`shared/rbac/`), so a function's recorded
 * calls can be compared with its role.
 */
import { parseApiVersion, resourceInfo } from './resources.ts';
import type { GroupVersionKind, KubeObject, ObjectKey } from './types.ts';

export type ApiVerb = 'get' | 'list' | 'watch' | 'create' | 'update' | 'patch' | 'delete' | 'bind';

export interface ApiAccess {
  verb: ApiVerb;
  /** `''` for the core group. */
  apiGroup: string;
  /** Plural resource, with `/subresource` when the request targets one (`aimservices/status`). */
  resource: string;
  /** The request's namespace; absent for cluster-scoped resources and all-namespace lists. */
  namespace?: string;
  /** The object's name, when the request names one (`bind` always does). */
  resourceName?: string;
}

/** The methods of `KubeClient` that reach the API server. */
export type KubeClientMethod =
  | 'get'
  | 'getOptional'
  | 'list'
  | 'apply'
  | 'applyStatus'
  | 'mergePatch'
  | 'create'
  | 'replace'
  | 'delete'
  | 'podLog'
  | 'watch';

const RBAC_GROUP = 'rbac.authorization.k8s.io';

function target(
  gvk: GroupVersionKind,
  namespace: string | undefined,
  name: string | undefined,
  subresource?: string,
): Omit<ApiAccess, 'verb'> {
  const { plural, namespaced } = resourceInfo(gvk);
  const access: Omit<ApiAccess, 'verb'> = {
    apiGroup: parseApiVersion(gvk.apiVersion).group,
    resource: subresource ? `${plural}/${subresource}` : plural,
  };
  if (namespaced && namespace) access.namespace = namespace;
  if (name) access.resourceName = name;
  return access;
}

function keyTarget(key: ObjectKey, subresource?: string): Omit<ApiAccess, 'verb'> {
  return target(key, key.namespace, key.name, subresource);
}

function objectTarget(object: KubeObject, subresource?: string): Omit<ApiAccess, 'verb'> {
  return target(object, object.metadata?.namespace, object.metadata?.name, subresource);
}

/** A create is authorized on the collection: the request carries no object name. */
function createAccess(object: KubeObject): ApiAccess {
  const { resourceName: _unnamed, ...collection } = objectTarget(object);
  return { verb: 'create', ...collection };
}

/*
 * Writing a RoleBinding or ClusterRoleBinding is checked for privilege escalation: unless the
 * writer already holds every permission of the referenced role, it needs `bind` on that role.
 * The writer here never holds them all, so the binding write is also a `bind` request.
 */
function bindAccess(object: KubeObject): ApiAccess[] {
  if (object.apiVersion !== `${RBAC_GROUP}/v1`) return [];
  if (object.kind !== 'RoleBinding' && object.kind !== 'ClusterRoleBinding') return [];
  const roleRef = object.roleRef as { kind?: unknown; name?: unknown } | undefined;
  if (typeof roleRef?.name !== 'string') return [];
  const clusterRole = roleRef.kind === 'ClusterRole';
  const access: ApiAccess = {
    verb: 'bind',
    apiGroup: RBAC_GROUP,
    resource: clusterRole ? 'clusterroles' : 'roles',
    resourceName: roleRef.name,
  };
  if (!clusterRole && object.metadata?.namespace) access.namespace = object.metadata.namespace;
  return [access];
}

/**
 * The authorization requests one call makes. Server-side apply is a PATCH that creates the object
 * when it is missing, and the API server then checks `create` too, so `apply` needs both.
 */
export function accessesOfCall(method: KubeClientMethod, args: readonly unknown[]): ApiAccess[] {
  switch (method) {
    case 'get':
    case 'getOptional':
      return [{ verb: 'get', ...keyTarget(args[0] as ObjectKey) }];
    case 'list':
    case 'watch': {
      const options = args[1] as { namespace?: string } | undefined;
      return [{ verb: method, ...target(args[0] as GroupVersionKind, options?.namespace, undefined) }];
    }
    case 'apply': {
      const object = args[0] as KubeObject;
      return [{ verb: 'patch', ...objectTarget(object) }, createAccess(object), ...bindAccess(object)];
    }
    case 'applyStatus':
      return [{ verb: 'patch', ...objectTarget(args[0] as KubeObject, 'status') }];
    case 'mergePatch':
      return [{ verb: 'patch', ...keyTarget(args[0] as ObjectKey) }];
    case 'create': {
      const object = args[0] as KubeObject;
      return [createAccess(object), ...bindAccess(object)];
    }
    case 'replace': {
      const object = args[0] as KubeObject;
      return [{ verb: 'update', ...objectTarget(object) }, ...bindAccess(object)];
    }
    case 'delete':
      return [{ verb: 'delete', ...keyTarget(args[0] as ObjectKey) }];
    case 'podLog': {
      const [namespace, pod] = args as [string, string];
      return [{ verb: 'get', ...target({ apiVersion: 'v1', kind: 'Pod' }, namespace, pod, 'log') }];
    }
  }
}

/** `verb group/resource [ns]` for messages (`patch aim.eai.amd.com/aimservices/status in team-a`). */
export function describeAccess(access: ApiAccess): string {
  const resource = access.apiGroup === '' ? access.resource : `${access.apiGroup}/${access.resource}`;
  const name = access.resourceName && access.verb === 'bind' ? ` ${access.resourceName}` : '';
  const where = access.namespace ? ` in ${access.namespace}` : ' (cluster-wide)';
  return `${access.verb} ${resource}${name}${where}`;
}
