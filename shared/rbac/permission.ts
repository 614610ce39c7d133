/**
 * A function's least-privilege permissions, declared in code (`functions/<name>/permissions.ts`)
 * and turned into its ServiceAccount, ClusterRole and Role (`manifests/rbac/`, generated). Tests
 * compare the declaration with the calls the function's code makes (`shared/kube/api-access.ts`)
 * in both directions, so the role neither misses nor over-grants anything.
 */
import type { ApiVerb } from '../kube/api-access.ts';
import { parseApiVersion, resourceInfo } from '../kube/resources.ts';
import type { GroupVersionKind } from '../kube/types.ts';

/**
 * `cluster`: every namespace (ClusterRole + ClusterRoleBinding), needed for cluster-scoped
 * resources and for objects in users' namespaces. `operator-namespace`: only the namespace the
 * functions run in (Role + RoleBinding there), for objects the operator keeps to itself.
 */
export type PermissionScope = 'cluster' | 'operator-namespace';

export interface Permission {
  /** `''` for the core group. */
  apiGroup: string;
  /** One plural resource, with `/subresource` when it is one (`aimservices/status`). */
  resource: string;
  verbs: readonly ApiVerb[];
  scope: PermissionScope;
  /** Restricts the grant to these object names (RBAC `resourceNames`). */
  resourceNames?: readonly string[];
  /** Which code needs it; rendered as a comment above the rule. */
  reason: string;
}

export interface FunctionPermissions {
  /** The function's name (`model-inspect`). */
  function: string;
  permissions: readonly Permission[];
}

/** Shorthand for a cluster-wide permission (the common case: objects live in users' namespaces). */
export function clusterWide(
  apiGroup: string,
  resource: string,
  verbs: readonly ApiVerb[],
  reason: string,
  extra: { resourceNames?: readonly string[] } = {},
): Permission {
  return { apiGroup, resource, verbs, scope: 'cluster', reason, ...extra };
}

/** Shorthand for a permission in the operator namespace only (a Role there). */
export function inOperatorNamespace(
  apiGroup: string,
  resource: string,
  verbs: readonly ApiVerb[],
  reason: string,
): Permission {
  return { apiGroup, resource, verbs, scope: 'operator-namespace', reason };
}

/**
 * `permissions` plus `list` and `watch` on every kind the function keeps in memory (its object
 * cache lists each kind once and then watches it), merged into the kind's existing grant.
 */
export function withInformedKinds(
  permissions: readonly Permission[],
  kinds: readonly { gvk: GroupVersionKind }[],
): Permission[] {
  const result = permissions.map((permission) => ({ ...permission }));
  for (const { gvk } of kinds) {
    const apiGroup = parseApiVersion(gvk.apiVersion).group;
    const resource = resourceInfo(gvk).plural;
    const existing = result.find(
      (p) => p.apiGroup === apiGroup && p.resource === resource && p.scope === 'cluster' && !p.resourceNames,
    );
    if (existing === undefined) {
      result.push(clusterWide(apiGroup, resource, ['list', 'watch'], INFORMED_REASON));
      continue;
    }
    const missing = (['list', 'watch'] as const).filter((verb) => !existing.verbs.includes(verb));
    if (missing.length === 0) continue;
    existing.verbs = [...existing.verbs, ...missing];
    existing.reason = `${existing.reason}; ${INFORMED_REASON}`;
  }
  return result;
}

const INFORMED_REASON = 'kept in memory by the function’s object cache (one list, then a watch)';
