import { describe, expect, it } from 'vitest';
import { clusterWide, inOperatorNamespace } from '../../../shared/rbac/permission.ts';
import { functionRoleObjects } from '../../../shared/rbac/role-objects.ts';
import {
  artifactStatusUpdaterRole,
  eventSourceRbac,
  watchedKinds,
} from '../../../shared/rbac/shared-roles.ts';

describe('a function’s RBAC objects', () => {
  it('one ServiceAccount, a ClusterRole for cluster-wide grants and a Role in the operator namespace', () => {
    const { serviceAccount, roles } = functionRoleObjects(
      {
        function: 'demo',
        permissions: [
          clusterWide('batch', 'jobs', ['create', 'get'], 'jobs'),
          inOperatorNamespace('coordination.k8s.io', 'leases', ['update', 'get'], 'lock'),
        ],
      },
      'aim-system',
    );
    expect(serviceAccount.metadata).toMatchObject({ name: 'aim-demo', namespace: 'aim-system' });
    expect(roles.map(({ role }) => [role.kind, role.metadata.name, role.metadata.namespace])).toEqual([
      ['ClusterRole', 'aim-engine-demo', undefined],
      ['Role', 'aim-engine-demo', 'aim-system'],
    ]);
    // Verbs in a fixed order, whatever order they were declared in.
    expect(roles[0]?.role.rules).toEqual([
      { apiGroups: ['batch'], resources: ['jobs'], verbs: ['get', 'create'] },
    ]);
    expect(roles[1]?.binding).toMatchObject({
      kind: 'RoleBinding',
      metadata: { namespace: 'aim-system' },
      roleRef: { kind: 'Role', name: 'aim-engine-demo' },
      subjects: [{ kind: 'ServiceAccount', name: 'aim-demo', namespace: 'aim-system' }],
    });
  });

  it('no Role when everything is cluster-wide', () => {
    const { roles } = functionRoleObjects(
      { function: 'demo', permissions: [clusterWide('', 'nodes', ['list'], 'nodes')] },
      'aim-system',
    );
    expect(roles.map(({ role }) => role.kind)).toEqual(['ClusterRole']);
  });
});

describe('roles of no function', () => {
  it('the downloader role: get/patch/update of artifact status only', () => {
    expect(artifactStatusUpdaterRole()).toMatchObject({
      metadata: { name: 'aim-engine-artifact-status-updater' },
      rules: [
        {
          apiGroups: ['aim.eai.amd.com'],
          resources: ['aimartifacts/status'],
          verbs: ['get', 'patch', 'update'],
        },
      ],
    });
  });

  it('the event source role watches what the ApiServerSources name, grouped and deduplicated', () => {
    const sources = [
      {
        apiVersion: 'sources.knative.dev/v1',
        kind: 'ApiServerSource',
        metadata: { name: 'a' },
        spec: {
          resources: [
            { apiVersion: 'batch/v1', kind: 'Job', selector: {} },
            { apiVersion: 'batch/v1', kind: 'Job' },
            { apiVersion: 'v1', kind: 'Pod' },
            { apiVersion: 'v1', kind: 'Node' },
          ],
        },
      },
      {
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: { name: 'ignored' },
        spec: { resources: [{ apiVersion: 'v1', kind: 'Secret' }] },
      },
    ];
    const [serviceAccount, role, binding] = eventSourceRbac(watchedKinds(sources), 'aim-system');
    expect(serviceAccount?.metadata.name).toBe('aim-event-source');
    expect(role?.rules).toEqual([
      { apiGroups: [''], resources: ['nodes', 'pods'], verbs: ['get', 'list', 'watch'] },
      { apiGroups: ['batch'], resources: ['jobs'], verbs: ['get', 'list', 'watch'] },
    ]);
    expect(binding?.subjects).toEqual([
      { kind: 'ServiceAccount', name: 'aim-event-source', namespace: 'aim-system' },
    ]);
  });
});
