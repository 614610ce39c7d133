import { describe, expect, it } from 'vitest';
import type { AIMService } from '../../../shared/api/aim-service.ts';
import { crdFor } from '../../../shared/api/crd/render.ts';
import { AIM_KIND_LIST, AIM_KINDS, aimKind, isAIMKind } from '../../../shared/api/kinds.ts';
import type { KubeObject } from '../../../shared/kube/types.ts';

describe('kind registry', () => {
  it.each([
    ['AIMService', 'aimservices', 'Namespaced', ['aimsvc']],
    ['AIMModel', 'aimmodels', 'Namespaced', ['aimmdl']],
    ['AIMClusterModel', 'aimclustermodels', 'Cluster', ['aimclmdl']],
    ['AIMServiceTemplate', 'aimservicetemplates', 'Namespaced', ['aimtpl']],
    ['AIMClusterServiceTemplate', 'aimclusterservicetemplates', 'Cluster', ['aimcltpl']],
    ['AIMTemplateCache', 'aimtemplatecaches', 'Namespaced', ['aimtc']],
    ['AIMArtifact', 'aimartifacts', 'Namespaced', ['aimart', 'aimmodelcache']],
    ['AIMRuntimeConfig', 'aimruntimeconfigs', 'Namespaced', ['aimrc']],
    ['AIMClusterRuntimeConfig', 'aimclusterruntimeconfigs', 'Cluster', ['aimclrc']],
    ['AIMClusterModelSource', 'aimclustermodelsources', 'Cluster', ['aimclsrc']],
  ] as const)('%s is served as %s (%s) with short names %j', (kind, plural, scope, shortNames) => {
    const definition = AIM_KINDS[kind];
    expect(definition).toMatchObject({ kind, plural, scope, shortNames, singular: kind.toLowerCase() });
    expect(definition.apiVersion).toBe('aim.eai.amd.com/v1alpha1');
    expect(definition.categories).toEqual(['aim', 'all']);
  });

  it('has no duplicate short names or plurals', () => {
    const shortNames = AIM_KIND_LIST.flatMap((kind) => kind.shortNames);
    expect(new Set(shortNames).size).toBe(shortNames.length);
    expect(new Set(AIM_KIND_LIST.map((kind) => kind.plural)).size).toBe(AIM_KIND_LIST.length);
  });

  it('looks kinds up by name', () => {
    expect(aimKind('AIMArtifact')?.plural).toBe('aimartifacts');
    expect(aimKind('Pod')).toBeUndefined();
    expect(isAIMKind('toString')).toBe(false);
  });

  it('renders the story-telling printer columns', () => {
    const columns = (kind: keyof typeof AIM_KINDS) =>
      crdFor(AIM_KINDS[kind]).spec.versions[0]?.additionalPrinterColumns.map((column) => column.name);
    expect(columns('AIMService')).toEqual(['Status', 'Model', 'Template', 'Replicas', 'URL', 'Age']);
    expect(columns('AIMServiceTemplate')).toEqual([
      'Model',
      'Status',
      'Hardware',
      'Metric',
      'Precision',
      'Age',
    ]);
    expect(columns('AIMArtifact')?.slice(0, 4)).toEqual(['Status', 'Mode', 'Size', 'Progress']);
    expect(columns('AIMClusterModelSource')).toEqual([
      'Status',
      'Registry',
      'Models',
      'Available',
      'Limit Reached',
      'Last Sync',
      'Max',
      'Interval',
      'Age',
    ]);
    const url = crdFor(AIM_KINDS.AIMService).spec.versions[0]?.additionalPrinterColumns.find(
      (c) => c.name === 'URL',
    );
    expect(url).toEqual({ name: 'URL', type: 'string', jsonPath: '.status.url', priority: 1 });
  });

  it('serves v1alpha1 with a status subresource', () => {
    for (const definition of AIM_KIND_LIST) {
      const crd = crdFor(definition);
      expect(crd.metadata.name).toBe(`${definition.plural}.aim.eai.amd.com`);
      expect(crd.spec.versions).toHaveLength(1);
      expect(crd.spec.versions[0]).toMatchObject({
        name: 'v1alpha1',
        served: true,
        storage: true,
        subresources: { status: {} },
      });
    }
  });

  it('parses into types the Kubernetes client accepts', () => {
    const service: AIMService = AIM_KINDS.AIMService.schema.parse({
      apiVersion: 'aim.eai.amd.com/v1alpha1',
      kind: 'AIMService',
      metadata: { name: 's', namespace: 'n', resourceVersion: '7' },
      spec: { model: { name: 'm' } },
    });
    const object: KubeObject = service;
    expect(object.metadata.resourceVersion).toBe('7');
  });
});
