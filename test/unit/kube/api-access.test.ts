import { describe, expect, it } from 'vitest';
import { accessesOfCall, describeAccess } from '../../../shared/kube/api-access.ts';

const SERVICE = { apiVersion: 'aim.eai.amd.com/v1alpha1', kind: 'AIMService' };
const service = { ...SERVICE, metadata: { name: 'chat', namespace: 'team' } };

describe('the authorization requests of a KubeClient call', () => {
  it('reads: get by name, list of a namespace or of every namespace', () => {
    expect(accessesOfCall('getOptional', [{ ...SERVICE, namespace: 'team', name: 'chat' }])).toEqual([
      {
        verb: 'get',
        apiGroup: 'aim.eai.amd.com',
        resource: 'aimservices',
        namespace: 'team',
        resourceName: 'chat',
      },
    ]);
    expect(accessesOfCall('list', [SERVICE, { namespace: 'team' }])).toEqual([
      { verb: 'list', apiGroup: 'aim.eai.amd.com', resource: 'aimservices', namespace: 'team' },
    ]);
    expect(accessesOfCall('list', [SERVICE])).toEqual([
      { verb: 'list', apiGroup: 'aim.eai.amd.com', resource: 'aimservices' },
    ]);
  });

  it('cluster-scoped kinds carry no namespace, whatever the caller passed', () => {
    expect(
      accessesOfCall('get', [{ apiVersion: 'v1', kind: 'Namespace', name: 'team', namespace: 'x' }]),
    ).toEqual([{ verb: 'get', apiGroup: '', resource: 'namespaces', resourceName: 'team' }]);
  });

  it('server-side apply is patch plus create (it creates a missing object); status apply patches the subresource', () => {
    expect(accessesOfCall('apply', [service]).map(describeAccess)).toEqual([
      'patch aim.eai.amd.com/aimservices in team',
      'create aim.eai.amd.com/aimservices in team',
    ]);
    expect(accessesOfCall('applyStatus', [service]).map(describeAccess)).toEqual([
      'patch aim.eai.amd.com/aimservices/status in team',
    ]);
  });

  it('create is authorized on the collection (no name); replace is update; podLog reads pods/log', () => {
    expect(accessesOfCall('create', [service])).toEqual([
      { verb: 'create', apiGroup: 'aim.eai.amd.com', resource: 'aimservices', namespace: 'team' },
    ]);
    expect(accessesOfCall('replace', [service])[0]?.verb).toBe('update');
    expect(accessesOfCall('mergePatch', [{ ...SERVICE, namespace: 'team', name: 'chat' }])[0]?.verb).toBe(
      'patch',
    );
    expect(accessesOfCall('delete', [{ ...SERVICE, namespace: 'team', name: 'chat' }])[0]?.verb).toBe(
      'delete',
    );
    expect(accessesOfCall('podLog', ['team', 'p1'])).toEqual([
      { verb: 'get', apiGroup: '', resource: 'pods/log', namespace: 'team', resourceName: 'p1' },
    ]);
  });

  it('writing a RoleBinding also asks for bind on the role it references', () => {
    const binding = {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'RoleBinding',
      metadata: { name: 'b', namespace: 'team' },
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'updater' },
    };
    expect(accessesOfCall('apply', [binding]).map(describeAccess)).toEqual([
      'patch rbac.authorization.k8s.io/rolebindings in team',
      'create rbac.authorization.k8s.io/rolebindings in team',
      'bind rbac.authorization.k8s.io/clusterroles updater (cluster-wide)',
    ]);
    const toRole = { ...binding, roleRef: { ...binding.roleRef, kind: 'Role' } };
    expect(accessesOfCall('create', [toRole])[1]).toEqual({
      verb: 'bind',
      apiGroup: 'rbac.authorization.k8s.io',
      resource: 'roles',
      namespace: 'team',
      resourceName: 'updater',
    });
  });
});
