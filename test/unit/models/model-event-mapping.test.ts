import { describe, expect, it } from 'vitest';
import { AIM_API_VERSION } from '../../../shared/api/group.ts';
import type { ApiServerEvent } from '../../../shared/events/apiserver-event.ts';
import type { KubeObject } from '../../../shared/kube/types.ts';
import { modelRequestsForEvent } from '../../../shared/models/model-event-mapping.ts';
import { createLogger } from '../../../shared/observability/logger.ts';
import { FakeKubeClient } from '../../support/fake-kube.ts';
import { modelObject } from './support.ts';

const MODEL = { apiVersion: AIM_API_VERSION, kind: 'AIMModel' };
const CLUSTER_MODEL = { apiVersion: AIM_API_VERSION, kind: 'AIMClusterModel' };
const owned = [MODEL, CLUSTER_MODEL];
const log = createLogger({ function: 'test', level: 'silent' });

function event(object: KubeObject, withBody = true): ApiServerEvent {
  const ref: ApiServerEvent['ref'] = {
    apiVersion: object.apiVersion,
    kind: object.kind,
    name: object.metadata.name,
    ...(object.metadata.namespace ? { namespace: object.metadata.namespace } : {}),
  };
  const result: ApiServerEvent = {
    action: 'update',
    mode: withBody ? 'resource' : 'reference',
    ref,
    eventId: 'e1',
    type: 'dev.knative.apiserver.resource.update',
    source: 'test',
  };
  if (withBody) result.object = object;
  return result;
}

const template: KubeObject = {
  apiVersion: AIM_API_VERSION,
  kind: 'AIMServiceTemplate',
  metadata: {
    name: 't',
    namespace: 'team',
    ownerReferences: [
      { apiVersion: AIM_API_VERSION, kind: 'AIMModel', name: 'owner', uid: 'u1', controller: true },
    ],
  },
  spec: { modelName: 'named' },
};

describe('modelRequestsForEvent', () => {
  it('maps a template event to its owner and the model it names', async () => {
    const client = new FakeKubeClient();
    const requests = await modelRequestsForEvent({ client, log, owned }, event(template));
    expect(requests).toEqual([
      { ...MODEL, namespace: 'team', name: 'owner' },
      { ...MODEL, namespace: 'team', name: 'named' },
    ]);
    expect(client.calls).toEqual([]);
  });

  it('reads the template when the event carries no body', async () => {
    const client = new FakeKubeClient().seed(template);
    const requests = await modelRequestsForEvent({ client, log, owned }, event(template, false));
    expect(requests.map((request) => request.name)).toEqual(['owner', 'named']);
    expect(
      await modelRequestsForEvent({ client: new FakeKubeClient(), log, owned }, event(template, false)),
    ).toEqual([]);
  });

  it('maps a cluster template to cluster models', async () => {
    const clusterTemplate: KubeObject = {
      apiVersion: AIM_API_VERSION,
      kind: 'AIMClusterServiceTemplate',
      metadata: { name: 'ct' },
      spec: { modelName: 'cm' },
    };
    expect(
      await modelRequestsForEvent({ client: new FakeKubeClient(), log, owned }, event(clusterTemplate)),
    ).toEqual([{ ...CLUSTER_MODEL, name: 'cm' }]);
  });

  it('maps the default runtime config to models that name it and models that name none (quirk 17 fixed)', async () => {
    const client = new FakeKubeClient().seed(
      modelObject('AIMModel', 'implicit', { image: 'x' }, 'team'),
      modelObject('AIMModel', 'explicit', { image: 'x', runtimeConfigName: 'default' }, 'team'),
      modelObject('AIMModel', 'other-config', { image: 'x', runtimeConfigName: 'special' }, 'team'),
      modelObject('AIMModel', 'other-namespace', { image: 'x' }, 'elsewhere'),
      modelObject('AIMClusterModel', 'cluster', { image: 'x' }),
    );
    const config: KubeObject = {
      apiVersion: AIM_API_VERSION,
      kind: 'AIMRuntimeConfig',
      metadata: { name: 'default', namespace: 'team' },
      spec: {},
    };
    const requests = await modelRequestsForEvent({ client, log, owned }, event(config));
    expect(requests.map((request) => request.name).sort()).toEqual(['explicit', 'implicit']);

    const clusterConfig: KubeObject = {
      apiVersion: AIM_API_VERSION,
      kind: 'AIMClusterRuntimeConfig',
      metadata: { name: 'default' },
      spec: {},
    };
    const all = await modelRequestsForEvent({ client, log, owned }, event(clusterConfig));
    expect(all.map((request) => request.name).sort()).toEqual([
      'cluster',
      'explicit',
      'implicit',
      'other-namespace',
    ]);
  });
});
