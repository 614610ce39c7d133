import { describe, expect, it } from 'vitest';
import {
  isKnownKind,
  parseApiVersion,
  qualifiedResourceName,
  resourceInfo,
  resourcePath,
  UnknownResourceError,
} from '../../../shared/kube/resources.ts';

const AIM = 'aim.eai.amd.com/v1alpha1';

describe('resourceInfo', () => {
  it.each([
    ['v1', 'PersistentVolumeClaim', 'persistentvolumeclaims', true],
    ['v1', 'Namespace', 'namespaces', false],
    ['batch/v1', 'Job', 'jobs', true],
    ['coordination.k8s.io/v1', 'Lease', 'leases', true],
    ['rbac.authorization.k8s.io/v1', 'ClusterRoleBinding', 'clusterrolebindings', false],
    ['autoscaling/v2', 'HorizontalPodAutoscaler', 'horizontalpodautoscalers', true],
    ['events.k8s.io/v1', 'Event', 'events', true],
    ['serving.kserve.io/v1beta1', 'InferenceService', 'inferenceservices', true],
    ['gateway.networking.k8s.io/v1', 'HTTPRoute', 'httproutes', true],
    ['apiextensions.k8s.io/v1', 'CustomResourceDefinition', 'customresourcedefinitions', false],
    [AIM, 'AIMClusterServiceTemplate', 'aimclusterservicetemplates', false],
    [AIM, 'AIMTemplateCache', 'aimtemplatecaches', true],
    [AIM, 'AIMClusterRuntimeConfig', 'aimclusterruntimeconfigs', false],
  ])('%s %s → %s', (apiVersion, kind, plural, namespaced) => {
    expect(resourceInfo({ apiVersion, kind })).toEqual({ plural, namespaced });
  });

  it('throws a clear error for kinds outside the table', () => {
    expect(() => resourceInfo({ apiVersion: 'apps/v1', kind: 'StatefulSet' })).toThrow(UnknownResourceError);
    expect(() => resourceInfo({ apiVersion: 'v1beta1', kind: 'AIMService' })).toThrow(
      /AIMService in v1beta1/,
    );
    expect(isKnownKind({ apiVersion: AIM, kind: 'AIMArtifact' })).toBe(true);
    expect(isKnownKind({ apiVersion: AIM, kind: 'Pod' })).toBe(false);
  });
});

describe('resourcePath', () => {
  it('builds core and group paths for collections, objects and subresources', () => {
    expect(resourcePath({ apiVersion: 'v1', kind: 'Pod', namespace: 'ns' })).toBe(
      '/api/v1/namespaces/ns/pods',
    );
    expect(resourcePath({ apiVersion: 'v1', kind: 'Pod' })).toBe('/api/v1/pods');
    expect(
      resourcePath({ apiVersion: 'v1', kind: 'Pod', namespace: 'ns', name: 'p', subresource: 'log' }),
    ).toBe('/api/v1/namespaces/ns/pods/p/log');
    expect(
      resourcePath({
        apiVersion: AIM,
        kind: 'AIMService',
        namespace: 'ns',
        name: 's',
        subresource: 'status',
      }),
    ).toBe('/apis/aim.eai.amd.com/v1alpha1/namespaces/ns/aimservices/s/status');
  });

  it('ignores a namespace for cluster-scoped kinds', () => {
    expect(resourcePath({ apiVersion: AIM, kind: 'AIMClusterModel', namespace: 'ns', name: 'm' })).toBe(
      '/apis/aim.eai.amd.com/v1alpha1/aimclustermodels/m',
    );
  });

  it('rejects a namespaced object without namespace, an empty name, a subresource without name', () => {
    expect(() => resourcePath({ apiVersion: 'v1', kind: 'Secret', name: 's' })).toThrow(
      /namespace is required/,
    );
    expect(() => resourcePath({ apiVersion: 'v1', kind: 'Node', name: '' })).toThrow(/must not be empty/);
    expect(() => resourcePath({ apiVersion: 'v1', kind: 'Node', subresource: 'status' })).toThrow(
      /needs an object name/,
    );
  });

  it('encodes path segments', () => {
    expect(resourcePath({ apiVersion: 'v1', kind: 'ConfigMap', namespace: 'ns', name: 'a/b' })).toBe(
      '/api/v1/namespaces/ns/configmaps/a%2Fb',
    );
  });
});

describe('names', () => {
  it('splits apiVersion and names resources like the API server', () => {
    expect(parseApiVersion('v1')).toEqual({ group: '', version: 'v1' });
    expect(parseApiVersion('batch/v1')).toEqual({ group: 'batch', version: 'v1' });
    expect(qualifiedResourceName({ apiVersion: AIM, kind: 'AIMService' })).toBe(
      'aimservices.aim.eai.amd.com',
    );
    expect(qualifiedResourceName({ apiVersion: 'v1', kind: 'Pod' })).toBe('pods');
  });
});
