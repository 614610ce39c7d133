import { describe, expect, it } from 'vitest';
import { cacheManageRequests } from '../../../shared/caching/event-mapping.ts';
import type { ApiServerEvent } from '../../../shared/events/apiserver-event.ts';
import type { KubeObject } from '../../../shared/kube/types.ts';
import { FakeKubeClient } from '../../support/fake-kube.ts';
import { aim, NOW, NS } from './fixtures.ts';

const API = 'aim.eai.amd.com/v1alpha1';
const OWNED = [
  { apiVersion: API, kind: 'AIMTemplateCache' },
  { apiVersion: API, kind: 'AIMArtifact' },
  { apiVersion: API, kind: 'AIMService' },
];

function event(object: KubeObject, action: 'add' | 'update' | 'delete' = 'update'): ApiServerEvent {
  const ref = { apiVersion: object.apiVersion, kind: object.kind, name: object.metadata.name };
  return {
    action,
    mode: 'resource',
    ref: object.metadata.namespace ? { ...ref, namespace: object.metadata.namespace } : ref,
    object,
    eventId: 'e1',
    type: `dev.knative.apiserver.resource.${action}`,
    source: 'test',
  };
}

const names = (requests: { kind: string; name: string; namespace?: string }[]) =>
  requests.map((request) => `${request.kind}/${request.namespace ?? ''}/${request.name}`).sort();

function world(): FakeKubeClient {
  const kube = new FakeKubeClient({ now: () => NOW });
  kube.seed(
    aim('AIMTemplateCache', 'tpl-cache', { templateName: 'tpl', templateScope: 'Namespace' }),
    aim(
      'AIMTemplateCache',
      'sharer',
      { templateName: 'other', templateScope: 'Namespace' },
      {
        status: { artifacts: { weights: { name: 'weights' } } },
      },
    ),
    aim('AIMTemplateCache', 'cluster-cache', { templateName: 'tpl', templateScope: 'Cluster' }),
    aim(
      'AIMService',
      'svc-a',
      { model: { name: 'm' } },
      { status: { resolvedTemplate: { name: 'tpl', scope: 'Namespace' } } },
    ),
    aim(
      'AIMService',
      'svc-c',
      { model: { name: 'm' } },
      { status: { resolvedTemplate: { name: 'tpl', scope: 'Cluster' } } },
    ),
    aim(
      'AIMService',
      'svc-x',
      { model: { name: 'm' } },
      { status: { resolvedTemplate: { name: 'x', scope: 'Namespace' } } },
    ),
  );
  return kube;
}

describe('cache-manage event mapping', () => {
  it('maps PVC, Job and Pod events to the artifact of their cache.name label', async () => {
    const kube = world();
    for (const [apiVersion, kind] of [
      ['v1', 'PersistentVolumeClaim'],
      ['batch/v1', 'Job'],
      ['v1', 'Pod'],
    ] as const) {
      const workload = {
        apiVersion,
        kind,
        metadata: { name: 'w', namespace: NS, labels: { 'aim.eai.amd.com/cache.name': 'weights' } },
      };
      expect(await cacheManageRequests(kube, OWNED, event(workload, 'delete'))).toEqual([
        { apiVersion: API, kind: 'AIMArtifact', namespace: NS, name: 'weights' },
      ]);
    }
    const discoveryJob = {
      apiVersion: 'batch/v1',
      kind: 'Job',
      metadata: { name: 'd', namespace: NS, labels: { 'aim.eai.amd.com/template': 't' } },
    };
    expect(await cacheManageRequests(kube, OWNED, event(discoveryJob))).toEqual([]);
  });

  it('maps an artifact to the cache that created it and the caches tracking it', async () => {
    const artifact = aim(
      'AIMArtifact',
      'weights',
      { sourceUri: 'hf://o/m' },
      {
        metadata: {
          name: 'weights',
          namespace: NS,
          labels: { 'aim.eai.amd.com/template-cache.name': 'tpl-cache' },
        },
      },
    );
    expect(names(await cacheManageRequests(world(), OWNED, event(artifact)))).toEqual([
      `AIMTemplateCache/${NS}/sharer`,
      `AIMTemplateCache/${NS}/tpl-cache`,
    ]);
  });

  it('maps a namespaced template to its caches and services, and a cluster template to its own', async () => {
    const kube = world();
    const namespaced = aim('AIMServiceTemplate', 'tpl', { modelName: 'm' });
    expect(names(await cacheManageRequests(kube, OWNED, event(namespaced)))).toEqual([
      `AIMService/${NS}/svc-a`,
      `AIMTemplateCache/${NS}/tpl-cache`,
    ]);
    const cluster: KubeObject = {
      apiVersion: API,
      kind: 'AIMClusterServiceTemplate',
      metadata: { name: 'tpl' },
      spec: {},
    };
    expect(names(await cacheManageRequests(kube, OWNED, event(cluster)))).toEqual([
      `AIMService/${NS}/svc-c`,
      `AIMTemplateCache/${NS}/cluster-cache`,
    ]);
  });

  it('maps a cache to the services resolved to its template and to its owning service', async () => {
    const cache = aim(
      'AIMTemplateCache',
      'tpl-cache',
      { templateName: 'tpl', templateScope: 'Namespace' },
      {
        metadata: {
          name: 'tpl-cache',
          namespace: NS,
          ownerReferences: [
            { apiVersion: API, kind: 'AIMService', name: 'owner', uid: 'u', controller: true },
          ],
        },
      },
    );
    expect(names(await cacheManageRequests(world(), OWNED, event(cache, 'delete')))).toEqual([
      `AIMService/${NS}/owner`,
      `AIMService/${NS}/svc-a`,
      `AIMService/${NS}/svc-c`,
    ]);
  });

  it('maps a runtime config to the owned objects using it', async () => {
    const config = aim('AIMRuntimeConfig', 'default', {});
    const requests = await cacheManageRequests(world(), OWNED, event(config));
    expect(names(requests)).toContain(`AIMService/${NS}/svc-a`);
    expect(names(requests)).toContain(`AIMTemplateCache/${NS}/tpl-cache`);
  });
});
