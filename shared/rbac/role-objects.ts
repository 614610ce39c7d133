/**
 * The Kubernetes objects that give a function exactly its declared permissions: its own
 * ServiceAccount, a ClusterRole + ClusterRoleBinding for the cluster-wide grants and a Role +
 * RoleBinding in the operator namespace for the rest (each pair only when it has rules).
 */
import type { ApiVerb } from '../kube/api-access.ts';
import type { KubeObject } from '../kube/types.ts';
import type { FunctionPermissions, Permission, PermissionScope } from './permission.ts';

const RBAC_API_VERSION = 'rbac.authorization.k8s.io/v1';
const VERB_ORDER: readonly ApiVerb[] = [
  'get',
  'list',
  'watch',
  'create',
  'update',
  'patch',
  'delete',
  'bind',
];

/** The ServiceAccount a function's Knative Service runs as. */
export function functionServiceAccountName(fn: string): string {
  return `aim-${fn}`;
}

/** Name of the function's ClusterRole, Role and their bindings. */
export function functionRoleName(fn: string): string {
  return `aim-engine-${fn}`;
}

export interface PolicyRule {
  apiGroups: string[];
  resources: string[];
  verbs: ApiVerb[];
  resourceNames?: string[];
}

export function ruleOf(permission: Permission): PolicyRule {
  const verbs = VERB_ORDER.filter((verb) => permission.verbs.includes(verb));
  const rule: PolicyRule = { apiGroups: [permission.apiGroup], resources: [permission.resource], verbs };
  if (permission.resourceNames) rule.resourceNames = [...permission.resourceNames];
  return rule;
}

export function labelsOf(component: string): Record<string, string> {
  return { 'app.kubernetes.io/part-of': 'aim-engine', 'app.kubernetes.io/component': component };
}

function binding(
  kind: 'ClusterRoleBinding' | 'RoleBinding',
  name: string,
  namespace: string,
  serviceAccount: string,
  labels: Record<string, string>,
): KubeObject {
  return {
    apiVersion: RBAC_API_VERSION,
    kind,
    metadata: { name, ...(kind === 'RoleBinding' ? { namespace } : {}), labels },
    roleRef: {
      apiGroup: 'rbac.authorization.k8s.io',
      kind: kind === 'RoleBinding' ? 'Role' : 'ClusterRole',
      name,
    },
    subjects: [{ kind: 'ServiceAccount', name: serviceAccount, namespace }],
  };
}

export interface RoleObjects {
  serviceAccount: KubeObject;
  /** Each role together with the permissions its rules came from (same order). */
  roles: { role: KubeObject; permissions: Permission[]; binding: KubeObject }[];
}

/** The RBAC objects of a function, with `namespace` the operator namespace. */
export function functionRoleObjects(declared: FunctionPermissions, namespace: string): RoleObjects {
  const fn = declared.function;
  const labels = { ...labelsOf(fn), 'aim.eai.amd.com/function': fn };
  const serviceAccountName = functionServiceAccountName(fn);
  const name = functionRoleName(fn);
  const serviceAccount: KubeObject = {
    apiVersion: 'v1',
    kind: 'ServiceAccount',
    metadata: { name: serviceAccountName, namespace, labels },
  };
  const roles: RoleObjects['roles'] = [];
  const scopes: { scope: PermissionScope; kind: 'ClusterRole' | 'Role' }[] = [
    { scope: 'cluster', kind: 'ClusterRole' },
    { scope: 'operator-namespace', kind: 'Role' },
  ];
  for (const { scope, kind } of scopes) {
    const permissions = declared.permissions.filter((permission) => permission.scope === scope);
    if (permissions.length === 0) continue;
    const role: KubeObject = {
      apiVersion: RBAC_API_VERSION,
      kind,
      metadata: { name, ...(kind === 'Role' ? { namespace } : {}), labels },
      rules: permissions.map(ruleOf),
    };
    const bindingKind = kind === 'Role' ? 'RoleBinding' : 'ClusterRoleBinding';
    roles.push({
      role,
      permissions,
      binding: binding(bindingKind, name, namespace, serviceAccountName, labels),
    });
  }
  return { serviceAccount, roles };
}
