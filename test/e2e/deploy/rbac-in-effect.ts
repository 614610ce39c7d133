/**
 * RBAC objects take effect once the API server's authorizer has seen them — it follows Roles and
 * bindings through its own informers — not when their apply returns. A function started right
 * after could be refused its first calls (and a refusal is exactly what these tests look for).
 * So wait until a SubjectAccessReview grants every rule of every binding applied.
 */
import type { KubeObject } from '../../../shared/kube/types.ts';
import { eventually } from '../support/wait.ts';
import type { AccessSubject, RawApi, ResourceRequest } from './raw-api.ts';

interface Rule {
  apiGroups?: string[];
  resources?: string[];
  verbs?: string[];
  resourceNames?: string[];
}

interface Check {
  subject: AccessSubject;
  request: ResourceRequest;
}

function subjectsOf(binding: KubeObject): AccessSubject[] {
  const subjects = (binding.subjects ?? []) as { kind: string; name: string; namespace?: string }[];
  return subjects.map((subject) =>
    subject.kind === 'ServiceAccount'
      ? {
          user: `system:serviceaccount:${subject.namespace}:${subject.name}`,
          groups: [
            'system:serviceaccounts',
            `system:serviceaccounts:${subject.namespace}`,
            'system:authenticated',
          ],
        }
      : subject.kind === 'Group'
        ? { user: '', groups: [subject.name] }
        : { user: subject.name, groups: [] },
  );
}

function roleOf(binding: KubeObject, objects: readonly KubeObject[]): KubeObject | undefined {
  const ref = binding.roleRef as { kind: string; name: string };
  return objects.find(
    (object) =>
      object.kind === ref.kind &&
      object.metadata.name === ref.name &&
      (ref.kind === 'ClusterRole' || object.metadata.namespace === binding.metadata.namespace),
  );
}

/** One request per verb, resource and name of every rule the bindings in `objects` grant. */
export function grantedRequests(objects: readonly KubeObject[]): Check[] {
  const checks: Check[] = [];
  for (const binding of objects) {
    if (binding.kind !== 'RoleBinding' && binding.kind !== 'ClusterRoleBinding') continue;
    const role = roleOf(binding, objects);
    if (role === undefined) continue; // a built-in role: in effect from the start
    const namespace = binding.kind === 'RoleBinding' ? binding.metadata.namespace : undefined;
    for (const subject of subjectsOf(binding)) {
      for (const rule of (role.rules ?? []) as Rule[]) {
        for (const group of rule.apiGroups ?? []) {
          for (const resource of rule.resources ?? []) {
            const [name, subresource] = resource.split('/');
            for (const verb of rule.verbs ?? []) {
              for (const resourceName of rule.resourceNames ?? [undefined]) {
                checks.push({
                  subject,
                  request: {
                    verb,
                    group,
                    resource: name ?? resource,
                    ...(subresource ? { subresource } : {}),
                    ...(resourceName ? { name: resourceName } : {}),
                    ...(namespace ? { namespace } : {}),
                  },
                });
              }
            }
          }
        }
      }
    }
  }
  return checks;
}

export async function waitUntilRbacInEffect(api: RawApi, objects: readonly KubeObject[]): Promise<void> {
  let pending = grantedRequests(objects);
  await eventually(
    'the RBAC rules in effect',
    async () => {
      const denied: Check[] = [];
      for (const check of pending) {
        if (!(await api.allows(check.subject, check.request))) denied.push(check);
      }
      pending = denied;
      if (denied.length === 0) return true;
      const first = denied[0];
      throw new Error(`${denied.length} not yet granted, e.g. ${JSON.stringify(first)}`);
    },
    { timeoutMs: 60_000, intervalMs: 200 },
  );
}
