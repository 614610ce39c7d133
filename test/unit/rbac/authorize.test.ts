import { describe, expect, it } from 'vitest';
import type { ApiAccess } from '../../../shared/kube/api-access.ts';
import { deniedAccesses, describeUnneeded, permits, unneededGrants } from '../../../shared/rbac/authorize.ts';
import { clusterWide, inOperatorNamespace } from '../../../shared/rbac/permission.ts';

const OPS = 'aim-system';
const jobs = clusterWide('batch', 'jobs', ['get', 'create'], 'jobs');
const leases = inOperatorNamespace('coordination.k8s.io', 'leases', ['get', 'update'], 'lock');
const bind = clusterWide('rbac.authorization.k8s.io', 'clusterroles', ['bind'], 'bind', {
  resourceNames: ['updater'],
});

const access = (
  verb: ApiAccess['verb'],
  apiGroup: string,
  resource: string,
  namespace?: string,
): ApiAccess => ({
  verb,
  apiGroup,
  resource,
  ...(namespace ? { namespace } : {}),
});

describe('permits (the RBAC decision)', () => {
  it('matches group, resource and verb; a subresource is a resource of its own', () => {
    expect(permits(jobs, access('get', 'batch', 'jobs', 'team'), OPS)).toBe(true);
    expect(permits(jobs, access('delete', 'batch', 'jobs', 'team'), OPS)).toBe(false);
    expect(permits(jobs, access('get', 'batch', 'jobs/status', 'team'), OPS)).toBe(false);
    expect(permits(jobs, access('get', '', 'jobs', 'team'), OPS)).toBe(false);
  });

  it('an operator-namespace grant covers that namespace only', () => {
    expect(permits(leases, access('update', 'coordination.k8s.io', 'leases', OPS), OPS)).toBe(true);
    expect(permits(leases, access('update', 'coordination.k8s.io', 'leases', 'team'), OPS)).toBe(false);
    expect(permits(leases, access('get', 'coordination.k8s.io', 'leases'), OPS)).toBe(false);
  });

  it('resourceNames restrict the grant to those names', () => {
    const named = (name: string): ApiAccess => ({
      ...access('bind', 'rbac.authorization.k8s.io', 'clusterroles'),
      resourceName: name,
    });
    expect(permits(bind, named('updater'), OPS)).toBe(true);
    expect(permits(bind, named('cluster-admin'), OPS)).toBe(false);
  });
});

describe('comparing recorded calls with declared permissions', () => {
  it('lists each denied access once', () => {
    const calls = [
      access('delete', 'batch', 'jobs', 'team'),
      access('delete', 'batch', 'jobs', 'team'),
      access('get', 'batch', 'jobs', 'team'),
    ];
    expect(deniedAccesses([jobs], calls, OPS)).toEqual([access('delete', 'batch', 'jobs', 'team')]);
  });

  it('finds grants no call needed, and cluster-wide grants used only in the operator namespace', () => {
    const calls = [
      access('get', 'batch', 'jobs', OPS),
      access('create', 'batch', 'jobs', 'team'),
      access('get', 'coordination.k8s.io', 'leases', OPS),
    ];
    const findings = unneededGrants([jobs, leases], calls, OPS);
    expect(findings.map(describeUnneeded)).toEqual([
      'get batch/jobs is granted cluster-wide but only used in the operator namespace',
      'update coordination.k8s.io/leases (operator-namespace) is granted but no call needs it',
    ]);
  });

  it('a cluster-wide list counts as cluster-wide use', () => {
    expect(
      unneededGrants([clusterWide('', 'nodes', ['list'], 'nodes')], [access('list', '', 'nodes')], OPS),
    ).toEqual([]);
  });
});
