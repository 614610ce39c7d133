import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../../shared/kube/types.ts';
import { reconcileObject } from '../../../shared/reconcile/pipeline.ts';
import { serviceResolveReconciler } from '../../../shared/service-resolution/service-reconciler.ts';
import { FakeKubeClient } from '../../support/fake-kube.ts';
import { API, context, NS, service } from './fixtures.ts';

const FINALIZER = 'aim.eai.amd.com/template-cache-cleanup';
const CACHE = { apiVersion: API, kind: 'AIMTemplateCache' };

function cache(name: string, status: string, serviceLabel = 'chat'): KubeObject {
  return {
    ...CACHE,
    metadata: { name, namespace: NS, labels: { 'aim.eai.amd.com/service': serviceLabel } },
    spec: { templateName: 't', templateScope: 'Namespace' },
    status: { status },
  };
}

function namespace(terminating = false): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Namespace',
    metadata: { name: NS, ...(terminating ? { deletionTimestamp: '2026-05-01T11:00:00Z' } : {}) },
  };
}

async function deleteService(client: FakeKubeClient) {
  await client.delete({ apiVersion: API, kind: 'AIMService', namespace: NS, name: 'chat' });
  return reconcileObject(context(client), serviceResolveReconciler, {
    apiVersion: API,
    kind: 'AIMService',
    namespace: NS,
    name: 'chat',
  });
}

const remainingCaches = (client: FakeKubeClient) =>
  client.objects(CACHE).map((object) => object.metadata.name);
const serviceGone = (client: FakeKubeClient) =>
  client.peek({ apiVersion: API, kind: 'AIMService', namespace: NS, name: 'chat' }) === undefined;

function deletable(): KubeObject {
  const object = service('chat', { model: { name: 'llama' } });
  object.metadata.finalizers = [FINALIZER];
  return object;
}

describe('template-cache-cleanup finalizer (spec §10.1)', () => {
  it('deletes the service’s non-Ready caches, keeps Ready ones and other services’ caches', async () => {
    const client = new FakeKubeClient().seed(
      namespace(),
      deletable(),
      cache('failed', 'Failed'),
      cache('pending', 'Pending'),
      cache('ready', 'Ready'),
      cache('other', 'Failed', 'other-svc'),
    );
    const outcome = await deleteService(client);
    expect(outcome.result).toBe('deleted');
    expect(remainingCaches(client)).toEqual(['other', 'ready']);
    expect(serviceGone(client)).toBe(true);
  });

  it('never blocks namespace deletion: a terminating or unreadable namespace skips the cleanup', async () => {
    const terminating = new FakeKubeClient().seed(namespace(true), deletable(), cache('failed', 'Failed'));
    await deleteService(terminating);
    expect(remainingCaches(terminating)).toEqual(['failed']);
    expect(serviceGone(terminating)).toBe(true);

    const missing = new FakeKubeClient().seed(deletable(), cache('failed', 'Failed'));
    await deleteService(missing);
    expect(serviceGone(missing)).toBe(true);

    const forbidden = new FakeKubeClient().seed(namespace(), deletable(), cache('failed', 'Failed'));
    forbidden.failNext('get', 'Forbidden', (call) => call.key?.kind === 'Namespace');
    await deleteService(forbidden);
    expect(serviceGone(forbidden)).toBe(true);
  });

  it('ignores caches that vanish or cannot be deleted, and keeps the finalizer on other errors', async () => {
    const client = new FakeKubeClient().seed(namespace(), deletable(), cache('failed', 'Failed'));
    client.failNext('delete', 'Forbidden', (call) => call.key?.kind === 'AIMTemplateCache');
    await deleteService(client);
    expect(serviceGone(client)).toBe(true);

    const flaky = new FakeKubeClient().seed(namespace(), deletable(), cache('failed', 'Failed'));
    flaky.failNext('delete', 'ServiceUnavailable', (call) => call.key?.kind === 'AIMTemplateCache');
    await expect(deleteService(flaky)).rejects.toThrow();
    expect(serviceGone(flaky)).toBe(false);
    await deleteService(flaky);
    expect(serviceGone(flaky)).toBe(true);
    expect(remainingCaches(flaky)).toEqual([]);
  });
});
