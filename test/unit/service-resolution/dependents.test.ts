import { describe, expect, it } from 'vitest';
import type { ApiServerEvent } from '../../../shared/events/apiserver-event.ts';
import type { KubeObject } from '../../../shared/kube/types.ts';
import { derivedTemplateName } from '../../../shared/naming/template-names.ts';
import { expectedModelNames, serviceDependents } from '../../../shared/service-resolution/dependents.ts';
import { FakeKubeClient } from '../../support/fake-kube.ts';
import { API, clusterModel, clusterTemplate, model, NS, service, template } from './fixtures.ts';

const IMAGE = 'ghcr.io/silogen/aim-dummy:0.1.10';

function inNamespace(object: KubeObject, namespace: string): KubeObject {
  return { ...object, metadata: { ...object.metadata, namespace } };
}

function event(
  object: KubeObject,
  options: { mode?: 'resource' | 'reference'; action?: 'add' | 'update' | 'delete' } = {},
) {
  const mode = options.mode ?? 'resource';
  const result: ApiServerEvent = {
    action: options.action ?? 'update',
    mode,
    ref: {
      apiVersion: object.apiVersion,
      kind: object.kind,
      name: object.metadata.name,
      ...(object.metadata.namespace ? { namespace: object.metadata.namespace } : {}),
    },
    eventId: '1',
    type: `dev.knative.apiserver.${mode === 'resource' ? 'resource' : 'ref'}.update`,
    source: 'test',
  };
  if (mode === 'resource') result.object = object;
  return result;
}

const names = (requests: { namespace?: string; name: string }[]) =>
  requests.map((request) => `${request.namespace}/${request.name}`).sort();

const services = [
  service('by-name', { model: { name: 'llama' } }),
  service('by-image', { model: { image: IMAGE } }),
  service('by-custom', {
    model: {
      custom: {
        baseImage: IMAGE,
        modelSources: [{ modelId: 'a/b', sourceUri: 'hf://a/b' }],
        hardware: { cpu: { requests: '1' } },
      },
    },
  }),
  service('explicit', { model: { name: 'other' }, template: { name: 'tpl' } }),
  service('explicit-overrides', {
    model: { name: 'other' },
    template: { name: 'base' },
    overrides: { metric: 'latency' },
  }),
  service(
    'resolved',
    { model: { name: 'other' } },
    { status: { resolvedModel: { name: 'llama', scope: 'Namespace' } } },
  ),
  service('unrelated', { model: { name: 'other' } }),
  inNamespace(service('elsewhere', { model: { name: 'llama' } }), 'team-b'),
];

describe('serviceDependents', () => {
  it('maps a namespaced model to the services of its namespace that name it, want its image or resolved to it', async () => {
    const client = new FakeKubeClient().seed(...services);
    const requests = await serviceDependents(client, event(model('llama', IMAGE)));
    expect(names(requests)).toEqual(['team/by-custom', 'team/by-image', 'team/by-name', 'team/resolved']);
    expect(requests[0]).toMatchObject({ apiVersion: API, kind: 'AIMService' });
    expect(client.callsOf('list')).toHaveLength(1);
    expect(client.callsOf('list')[0]?.options).toEqual({ namespace: NS });
  });

  it('maps a cluster model to such services in every namespace with one LIST', async () => {
    const client = new FakeKubeClient().seed(...services);
    const requests = await serviceDependents(client, event(clusterModel('llama', IMAGE)));
    expect(names(requests)).toEqual(['team-b/elsewhere', 'team/by-image', 'team/by-name']);
    expect(client.callsOf('list')).toEqual([expect.objectContaining({ options: {} })]);
  });

  it('reads the object of a Reference-mode event and matches by name when it is gone', async () => {
    const client = new FakeKubeClient().seed(...services, model('llama', IMAGE));
    const referenced = await serviceDependents(client, event(model('llama', IMAGE), { mode: 'reference' }));
    expect(names(referenced)).toContain('team/by-image');
    const gone = new FakeKubeClient().seed(...services);
    const deleted = await serviceDependents(gone, event(model('llama', IMAGE), { mode: 'reference' }));
    expect(names(deleted)).toEqual(['team/by-name', 'team/resolved']);
  });

  it('maps a template to services naming it, deriving it, or auto-selecting for its model', async () => {
    const client = new FakeKubeClient().seed(...services);
    expect(names(await serviceDependents(client, event(template('tpl', 'nothing'))))).toEqual([
      'team/explicit',
    ]);
    const derived = derivedTemplateName('base', { metric: 'latency' });
    expect(names(await serviceDependents(client, event(template(derived, 'nothing'))))).toEqual([
      'team/explicit-overrides',
    ]);
    // Auto-selecting services whose model is (or will be) llama: named, resolved, or image-derived.
    expect(names(await serviceDependents(client, event(template('t', 'llama'))))).toEqual([
      'team/by-name',
      'team/resolved',
    ]);
    expect(names(await serviceDependents(client, event(template('t', 'aim-dummy-0-1-10-9bf80281'))))).toEqual(
      ['team/by-image'],
    );
    expect(names(await serviceDependents(client, event(clusterTemplate('t', 'llama'))))).toEqual([
      'team-b/elsewhere',
      'team/by-name',
      'team/resolved',
    ]);
  });

  it('ignores other kinds', async () => {
    const client = new FakeKubeClient().seed(...services);
    const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: NS } };
    expect(await serviceDependents(client, event(pod))).toEqual([]);
    expect(client.calls).toEqual([]);
  });

  it('derives the expected model names of a service', () => {
    expect(expectedModelNames(service('s', { model: { image: 'bad:' } }))).toEqual([]);
    expect(expectedModelNames(service('s', { model: { image: IMAGE } }))).toEqual([
      'aim-dummy-0-1-10-9bf80281',
    ]);
  });
});
