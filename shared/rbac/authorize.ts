/**
 * RBAC's decision for declared permissions, and the reverse question: which declared grants no
 * recorded call needed. Both sides speak `ApiAccess` (one authorization request each).
 */
import { type ApiAccess, type ApiVerb, describeAccess } from '../kube/api-access.ts';
import type { Permission } from './permission.ts';

function sameResource(permission: Permission, access: ApiAccess): boolean {
  return permission.apiGroup === access.apiGroup && permission.resource === access.resource;
}

function namesMatch(permission: Permission, access: ApiAccess): boolean {
  if (permission.resourceNames === undefined) return true;
  return access.resourceName !== undefined && permission.resourceNames.includes(access.resourceName);
}

/** Whether `permission` allows `access`, as the API server's RBAC authorizer decides it. */
export function permits(permission: Permission, access: ApiAccess, operatorNamespace: string): boolean {
  if (!sameResource(permission, access) || !permission.verbs.includes(access.verb)) return false;
  if (!namesMatch(permission, access)) return false;
  // A Role in the operator namespace covers requests in that namespace and nowhere else.
  return permission.scope === 'cluster' || access.namespace === operatorNamespace;
}

function accessId(access: ApiAccess): string {
  return `${access.verb}|${access.apiGroup}|${access.resource}|${access.namespace ?? ''}|${access.resourceName ?? ''}`;
}

/** The distinct accesses no permission allows (each would be answered 403 Forbidden). */
export function deniedAccesses(
  permissions: readonly Permission[],
  accesses: readonly ApiAccess[],
  operatorNamespace: string,
): ApiAccess[] {
  const denied = new Map<string, ApiAccess>();
  for (const access of accesses) {
    if (permissions.some((permission) => permits(permission, access, operatorNamespace))) continue;
    denied.set(accessId(access), access);
  }
  return [...denied.values()];
}

export interface UnneededGrant {
  permission: Permission;
  verb: ApiVerb;
  /** `unused`: no access needed it; `too-broad`: only operator-namespace accesses did (a Role suffices). */
  problem: 'unused' | 'too-broad';
}

/**
 * Grants (permission × verb) that the recorded accesses never needed, or needed only in the
 * operator namespace while the permission is cluster-wide.
 */
export function unneededGrants(
  permissions: readonly Permission[],
  accesses: readonly ApiAccess[],
  operatorNamespace: string,
): UnneededGrant[] {
  const findings: UnneededGrant[] = [];
  for (const permission of permissions) {
    for (const verb of permission.verbs) {
      const single: Permission = { ...permission, verbs: [verb] };
      const used = accesses.filter((access) => permits(single, access, operatorNamespace));
      if (used.length === 0) findings.push({ permission, verb, problem: 'unused' });
      else if (
        permission.scope === 'cluster' &&
        used.every((access) => access.namespace !== undefined && access.namespace === operatorNamespace)
      ) {
        findings.push({ permission, verb, problem: 'too-broad' });
      }
    }
  }
  return findings;
}

/** One line per finding, for assertion messages. */
export function describeUnneeded(grant: UnneededGrant): string {
  const { permission, verb, problem } = grant;
  const resource =
    permission.apiGroup === '' ? permission.resource : `${permission.apiGroup}/${permission.resource}`;
  const names = permission.resourceNames ? ` [${permission.resourceNames.join(', ')}]` : '';
  return problem === 'unused'
    ? `${verb} ${resource}${names} (${permission.scope}) is granted but no call needs it`
    : `${verb} ${resource}${names} is granted cluster-wide but only used in the operator namespace`;
}

export { describeAccess };
