import { describe, expect, it } from 'vitest';
import { AIM_API_VERSION } from '../../../shared/api/group.ts';
import type { ApiServerEvent } from '../../../shared/events/apiserver-event.ts';
import { mapIsvcRenderEvents } from '../../../shared/inference/event-mapping.ts';
import type { KubeObject } from '../../../shared/kube/types.ts';
import { createLogger } from '../../../shared/observability/logger.ts';
import { FakeKubeClient } from '../../support/fake-kube.ts';

const SERVICE = { apiVersion: AIM_API_VERSION, kind: 'AIMService' };
const owned = [SERVICE];
const log = createLogger({ function: 'test', level: 'fatal' });

function svc(
  namespace: string,
  name: string,
  status: Record<string, unknown> = {},
  spec: Record<string, unknown> = {},
): KubeObject {
  return {
    ...SERVICE,
    metadata: { name, namespace, uid: `${namespace}-${name}` },
    spec: { model: { name: 'm' }, ...spec },
    status,
  };
}

function event(object: KubeObject | undefined, ref: ApiServerEvent['ref']): ApiServerEvent {
  return {
    action: 'update',
    mode: object ? 'resource' : 'reference',
    ref,
    ...(object ? { object } : {}),
    eventId: '1',
    type: 'dev.knative.apiserver.resource.update',
    source: 'test',
  };
}

const refOf = (object: KubeObject): ApiServerEvent['ref'] => ({
  apiVersion: object.apiVersion,
  kind: object.kind,
  name: object.metadata.name,
  ...(object.metadata.namespace ? { namespace: object.metadata.namespace } : {}),
});

const isvc: KubeObject = {
  apiVersion: 'serving.kserve.io/v1beta1',
  kind: 'InferenceService',
  metadata: {
    name: 'chat-1a2b',
    namespace: 'team-a',
    ownerReferences: [
      { apiVersion: AIM_API_VERSION, kind: 'AIMService', name: 'chat', uid: 'u', controller: true },
    ],
  },
};

describe('isvc-render event mapping', () => {
  it('maps an InferenceService or HTTPRoute to its owning service', async () => {
    const kube = new FakeKubeClient();
    expect(await mapIsvcRenderEvents({ client: kube, log, owned }, event(isvc, refOf(isvc)))).toEqual([
      { ...SERVICE, namespace: 'team-a', name: 'chat' },
    ]);
    const route = {
      ...isvc,
      apiVersion: 'gateway.networking.k8s.io/v1',
      kind: 'HTTPRoute',
      metadata: { ...isvc.metadata, name: 'r' },
    };
    expect(await mapIsvcRenderEvents({ client: kube, log, owned }, event(route, refOf(route)))).toEqual([
      { ...SERVICE, namespace: 'team-a', name: 'chat' },
    ]);
  });

  it('maps a predictor pod through its service label, else through its InferenceService', async () => {
    const kube = new FakeKubeClient().seed(isvc);
    const labelled: KubeObject = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'p', namespace: 'team-a', labels: { 'aim.eai.amd.com/service.name': 'chat' } },
    };
    expect(await mapIsvcRenderEvents({ client: kube, log, owned }, event(labelled, refOf(labelled)))).toEqual(
      [{ ...SERVICE, namespace: 'team-a', name: 'chat' }],
    );
    const bare: KubeObject = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: {
        name: 'q',
        namespace: 'team-a',
        labels: { 'serving.kserve.io/inferenceservice': 'chat-1a2b' },
      },
    };
    expect(await mapIsvcRenderEvents({ client: kube, log, owned }, event(bare, refOf(bare)))).toEqual([
      { ...SERVICE, namespace: 'team-a', name: 'chat' },
    ]);
  });

  it('maps a KEDA HPA by its name to the InferenceService owner', async () => {
    const hpa: KubeObject = {
      apiVersion: 'autoscaling/v2',
      kind: 'HorizontalPodAutoscaler',
      metadata: { name: 'keda-hpa-chat-1a2b-predictor', namespace: 'team-a' },
    };
    const noIsvc = new FakeKubeClient();
    expect(await mapIsvcRenderEvents({ client: noIsvc, log, owned }, event(hpa, refOf(hpa)))).toEqual([]);
    // Even once deleted (a Reference-mode event of a gone HPA), its name leads to the service.
    const kube = new FakeKubeClient().seed(isvc);
    expect(await mapIsvcRenderEvents({ client: kube, log, owned }, event(undefined, refOf(hpa)))).toEqual([
      { ...SERVICE, namespace: 'team-a', name: 'chat' },
    ]);
  });

  it('maps models, templates and caches to the services whose status references them', async () => {
    const kube = new FakeKubeClient().seed(
      svc('team-a', 'uses-ns', {
        resolvedModel: { name: 'llama', scope: 'Namespace' },
        resolvedTemplate: { name: 'tpl', scope: 'Namespace' },
        cache: { templateCacheRef: { name: 'tpl-cache' } },
      }),
      svc('team-b', 'uses-cluster', {
        resolvedModel: { name: 'llama', scope: 'Cluster' },
        resolvedTemplate: { name: 'tpl', scope: 'Cluster' },
      }),
      svc('team-a', 'unrelated', { resolvedModel: { name: 'other', scope: 'Namespace' } }),
    );
    const map = (kind: string, name: string, namespace?: string, object?: KubeObject) =>
      mapIsvcRenderEvents(
        { client: kube, log, owned },
        event(object, { apiVersion: AIM_API_VERSION, kind, name, ...(namespace ? { namespace } : {}) }),
      );
    const names = (requests: { name: string }[]) => requests.map((request) => request.name).sort();
    expect(names(await map('AIMModel', 'llama', 'team-a'))).toEqual(['uses-ns']);
    expect(names(await map('AIMClusterModel', 'llama'))).toEqual(['uses-cluster']);
    expect(names(await map('AIMServiceTemplate', 'tpl', 'team-a'))).toEqual(['uses-ns']);
    expect(names(await map('AIMClusterServiceTemplate', 'tpl'))).toEqual(['uses-cluster']);
    expect(names(await map('AIMTemplateCache', 'tpl-cache', 'team-a'))).toEqual(['uses-ns']);
    const newCache: KubeObject = {
      apiVersion: AIM_API_VERSION,
      kind: 'AIMTemplateCache',
      metadata: { name: 'new', namespace: 'team-a' },
      spec: { templateName: 'tpl' },
    };
    expect(names(await map('AIMTemplateCache', 'new', 'team-a', newCache))).toEqual(['uses-ns']);
  });

  it('maps a runtime config to the services using it', async () => {
    const kube = new FakeKubeClient().seed(
      svc('team-a', 'a'),
      svc('team-a', 'b', {}, { runtimeConfigName: 'other' }),
    );
    const requests = await mapIsvcRenderEvents(
      { client: kube, log, owned },
      event(undefined, {
        apiVersion: AIM_API_VERSION,
        kind: 'AIMRuntimeConfig',
        name: 'default',
        namespace: 'team-a',
      }),
    );
    expect(requests.map((request) => request.name)).toEqual(['a']);
  });
});
