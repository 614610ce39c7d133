import { describe, expect, it } from 'vitest';
import { INFORMED } from '../../../shared/cache/kinds.ts';
import {
  clusterWide,
  inOperatorNamespace,
  type Permission,
  withInformedKinds,
} from '../../../shared/rbac/permission.ts';

const AIM_GROUP = 'aim.eai.amd.com';
const grantsOf = (permissions: Permission[], resource: string) =>
  permissions.filter((p) => p.resource === resource);

describe('withInformedKinds', () => {
  it("merges list and watch into the kind's existing cluster grant, once", () => {
    const base = [clusterWide(AIM_GROUP, 'aimmodels', ['get', 'patch'], 'reconciles models')];
    const result = withInformedKinds(base, [INFORMED.models]);
    expect(result).toHaveLength(1);
    expect(result[0]!.verbs).toEqual(['get', 'patch', 'list', 'watch']);
    expect(result[0]!.reason).toMatch(/^reconciles models; .*object cache/);
    expect(base[0]!.verbs).toEqual(['get', 'patch']);
  });

  it('adds only the missing verb and leaves a grant that has both alone', () => {
    const result = withInformedKinds(
      [
        clusterWide(AIM_GROUP, 'aimmodels', ['get', 'list'], 'models'),
        clusterWide('', 'nodes', ['get', 'list', 'watch'], 'nodes'),
      ],
      [INFORMED.models, INFORMED.nodes],
    );
    expect(result.map((p) => [p.resource, p.verbs, p.reason])).toEqual([
      ['aimmodels', ['get', 'list', 'watch'], expect.stringMatching(/^models; /)],
      ['nodes', ['get', 'list', 'watch'], 'nodes'],
    ]);
  });

  it('adds a cluster-wide list+watch grant for a kind without one, in its API group', () => {
    const result = withInformedKinds([], [INFORMED.nodes, INFORMED.discoveryJobs, INFORMED.httpRoutes]);
    expect(result.map((p) => [p.apiGroup, p.resource, p.verbs, p.scope])).toEqual([
      ['', 'nodes', ['list', 'watch'], 'cluster'],
      ['batch', 'jobs', ['list', 'watch'], 'cluster'],
      ['gateway.networking.k8s.io', 'httproutes', ['list', 'watch'], 'cluster'],
    ]);
  });

  it('leaves operator-namespace, resourceNames and subresource grants alone and adds a cluster grant', () => {
    const base = [
      inOperatorNamespace('batch', 'jobs', ['create', 'delete'], 'discovery jobs'),
      clusterWide(AIM_GROUP, 'aimmodels', ['get'], 'one model', { resourceNames: ['special'] }),
      clusterWide(AIM_GROUP, 'aimmodels/status', ['patch'], 'status'),
    ];
    const result = withInformedKinds(base, [INFORMED.discoveryJobs, INFORMED.models]);
    expect(result.slice(0, 3)).toEqual(base);
    expect(grantsOf(result, 'jobs')).toHaveLength(2);
    expect(grantsOf(result, 'jobs')[1]).toMatchObject({ scope: 'cluster', verbs: ['list', 'watch'] });
    expect(grantsOf(result, 'aimmodels')[1]).toMatchObject({
      scope: 'cluster',
      verbs: ['list', 'watch'],
    });
    expect(grantsOf(result, 'aimmodels')[1]!.resourceNames).toBeUndefined();
    expect(result).toHaveLength(5);
  });
});
