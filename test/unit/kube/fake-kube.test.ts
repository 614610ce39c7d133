import { describe, expect, it } from 'vitest';
import { isConflict, isNotFound, KubeError } from '../../../shared/kube/errors.ts';
import type { KubeObject } from '../../../shared/kube/types.ts';
import { applyMergePatch, FakeKubeClient } from '../../support/fake-kube.ts';

const AIM = 'aim.eai.amd.com/v1alpha1';
const serviceKey = { apiVersion: AIM, kind: 'AIMService', namespace: 'team', name: 'svc' };

function service(spec: Record<string, unknown> = { model: { name: 'llama' } }): KubeObject {
  return { apiVersion: AIM, kind: 'AIMService', metadata: { name: 'svc', namespace: 'team' }, spec };
}

async function rejection(promise: Promise<unknown>): Promise<KubeError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(KubeError);
  return err as KubeError;
}

describe('FakeKubeClient reads', () => {
  it('gets seeded objects and reports NotFound like the API server', async () => {
    const fake = new FakeKubeClient().seed(service());
    const stored = await fake.get(serviceKey);
    expect(stored.metadata).toMatchObject({ uid: 'uid-1', resourceVersion: '1', generation: 1 });
    const err = await rejection(fake.get({ ...serviceKey, name: 'other' }));
    expect(isNotFound(err)).toBe(true);
    expect(err.message).toContain('aimservices.aim.eai.amd.com "other" not found');
    expect(await fake.getOptional({ ...serviceKey, name: 'other' })).toBeUndefined();
  });

  it('returns frozen copies, as the object cache does, never its own state', async () => {
    const fake = new FakeKubeClient().seed(service());
    const first = await fake.get(serviceKey);
    expect(() => {
      first.spec.model.name = 'changed';
    }).toThrow(TypeError);
    expect(Object.isFrozen((await fake.list(first)).items[0]?.spec)).toBe(true);
    expect((await fake.get(serviceKey)).spec.model.name).toBe('llama');
  });

  it('lists by namespace, label and field selectors, with apiVersion/kind and sorted', async () => {
    const pod = (name: string, namespace: string, labels: Record<string, string>): KubeObject => ({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name, namespace, labels },
    });
    const fake = new FakeKubeClient().seed(
      pod('b', 'team', { app: 'aim', role: 'predictor' }),
      pod('a', 'team', { app: 'aim' }),
      pod('c', 'other', { app: 'aim', role: 'download' }),
      pod('d', 'team', { app: 'other' }),
    );
    const gvk = { apiVersion: 'v1', kind: 'Pod' };
    const names = async (options: Parameters<FakeKubeClient['list']>[1]) =>
      (await fake.list(gvk, options)).items.map((p) => `${p.metadata.namespace}/${p.metadata.name}`);
    expect(await names({})).toEqual(['other/c', 'team/a', 'team/b', 'team/d']);
    expect(await names({ namespace: 'team', labelSelector: 'app=aim' })).toEqual(['team/a', 'team/b']);
    expect(await names({ labelSelector: 'app=aim,!role' })).toEqual(['team/a']);
    expect(await names({ labelSelector: 'role in (download,x)' })).toEqual(['other/c']);
    expect(await names({ labelSelector: 'role!=predictor,app' })).toEqual(['other/c', 'team/a', 'team/d']);
    expect(await names({ fieldSelector: 'metadata.name=d' })).toEqual(['team/d']);
    expect(await names({ fieldSelector: 'metadata.namespace!=team' })).toEqual(['other/c']);
  });

  it('rejects unknown kinds and namespaced keys without namespace', async () => {
    const fake = new FakeKubeClient();
    await expect(
      fake.get({ apiVersion: 'apps/v1', kind: 'StatefulSet', namespace: 'n', name: 'x' }),
    ).rejects.toThrow(/unknown resource kind/);
    await expect(fake.get({ apiVersion: 'v1', kind: 'Secret', name: 'x' })).rejects.toThrow(
      /namespace is required/,
    );
  });
});

describe('FakeKubeClient apply', () => {
  it('creates, then bumps generation only on spec change and resourceVersion only on change', async () => {
    const fake = new FakeKubeClient();
    const created = await fake.apply(service(), { fieldManager: 'm' });
    expect(created.metadata).toMatchObject({ generation: 1, resourceVersion: '1', uid: 'uid-1' });

    const same = await fake.apply(service(), { fieldManager: 'm' });
    expect(same.metadata.resourceVersion).toBe('1');

    const labelled = service();
    labelled.metadata.labels = { team: 'a' };
    const relabelled = await fake.apply(labelled, { fieldManager: 'm' });
    expect(relabelled.metadata).toMatchObject({ generation: 1, resourceVersion: '2', labels: { team: 'a' } });

    const changed = await fake.apply(service({ model: { name: 'mistral' } }), { fieldManager: 'm' });
    expect(changed.metadata).toMatchObject({ generation: 2, resourceVersion: '3', labels: { team: 'a' } });
  });

  it('never changes status through the main resource', async () => {
    const fake = new FakeKubeClient().seed({ ...service(), status: { status: 'Running' } });
    const applied = await fake.apply({ ...service(), status: { status: 'Failed' } }, { fieldManager: 'm' });
    expect(applied.status).toEqual({ status: 'Running' });
    const created = await fake.apply(
      {
        apiVersion: 'batch/v1',
        kind: 'Job',
        metadata: { name: 'j', namespace: 'team' },
        status: { active: 1 },
      },
      { fieldManager: 'm' },
    );
    expect(created.status).toBeUndefined();
  });

  it('needs a field manager, rejects a stale resourceVersion and does not store dry runs', async () => {
    const fake = new FakeKubeClient().seed(service());
    expect((await rejection(fake.apply(service(), { fieldManager: '' }))).reason).toBe('BadRequest');
    const stale = service({ x: 1 });
    stale.metadata.resourceVersion = '0';
    expect(isConflict(await rejection(fake.apply(stale, { fieldManager: 'm' })))).toBe(true);
    const dry = await fake.apply(service({ x: 2 }), { fieldManager: 'm', dryRun: true });
    expect(dry.spec).toEqual({ x: 2 });
    expect((await fake.get(serviceKey)).spec).toEqual({ model: { name: 'llama' } });
  });
});

describe('FakeKubeClient applyStatus', () => {
  const conditions = (...types: string[]) => types.map((type) => ({ type, status: 'True', reason: type }));

  it('merges the conditions of several field managers and lets each drop only its own', async () => {
    const fake = new FakeKubeClient().seed(service());
    const withStatus = (status: Record<string, unknown>) => ({ ...service(), status });
    await fake.applyStatus(withStatus({ conditions: conditions('ModelReady', 'TemplateReady') }), {
      fieldManager: 'aim-service-resolve',
    });
    await fake.applyStatus(withStatus({ status: 'Running', conditions: conditions('Ready') }), {
      fieldManager: 'aim-isvc-render',
    });
    expect((await fake.get(serviceKey)).status).toEqual({
      status: 'Running',
      conditions: conditions('ModelReady', 'TemplateReady', 'Ready'),
    });
    await fake.applyStatus(withStatus({ conditions: conditions('ModelReady') }), {
      fieldManager: 'aim-service-resolve',
    });
    expect((await fake.get(serviceKey)).status.conditions.map((c: { type: string }) => c.type)).toEqual([
      'ModelReady',
      'Ready',
    ]);
  });

  it('merges componentHealth by component, each manager replacing and dropping only its own entries', async () => {
    const fake = new FakeKubeClient().seed(service());
    const withStatus = (status: Record<string, unknown>) => ({ ...service(), status });
    const entry = (component: string, state: string) => ({ component, state, reason: 'R', message: '' });
    await fake.applyStatus(
      withStatus({ componentHealth: [entry('Model', 'Failed'), entry('Template', 'Ready')] }),
      {
        fieldManager: 'aim-service-resolve',
      },
    );
    await fake.applyStatus(withStatus({ componentHealth: [entry('InferenceService', 'Progressing')] }), {
      fieldManager: 'aim-isvc-render',
    });
    await fake.applyStatus(withStatus({ componentHealth: [entry('Model', 'Ready')] }), {
      fieldManager: 'aim-service-resolve',
    });
    expect((await fake.get(serviceKey)).status.componentHealth).toEqual([
      entry('Model', 'Ready'),
      entry('InferenceService', 'Progressing'),
    ]);
  });

  it('fails with Conflict on a stale resourceVersion and keeps resourceVersion on a no-op', async () => {
    const fake = new FakeKubeClient().seed(service());
    const read = await fake.get(serviceKey);
    const first = await fake.applyStatus({ ...read, status: { status: 'Pending' } }, { fieldManager: 'm' });
    expect(Number(first.metadata.resourceVersion)).toBeGreaterThan(Number(read.metadata.resourceVersion));
    expect(first.metadata.generation).toBe(1);
    const again = await fake.applyStatus({ ...first, status: { status: 'Pending' } }, { fieldManager: 'm' });
    expect(again.metadata.resourceVersion).toBe(first.metadata.resourceVersion);
    const err = await rejection(
      fake.applyStatus({ ...read, status: { status: 'Ready' } }, { fieldManager: 'm' }),
    );
    expect(err.reason).toBe('Conflict');
    expect(err.message).toContain('/status');
  });

  it('lets a seedAs manager remove status fields it seeded', async () => {
    const fake = new FakeKubeClient().seedAs('m', {
      ...service(),
      status: { status: 'Pending', cache: 'x' },
    });
    const result = await fake.applyStatus(
      { ...service(), status: { status: 'Ready' } },
      { fieldManager: 'm' },
    );
    expect(result.status).toEqual({ status: 'Ready' });
  });
});

describe('FakeKubeClient writes', () => {
  it('create fails with AlreadyExists and supports generateName', async () => {
    const fake = new FakeKubeClient().seed(service());
    expect((await rejection(fake.create(service()))).reason).toBe('AlreadyExists');
    const event = await fake.create({
      apiVersion: 'v1',
      kind: 'Event',
      metadata: { name: '', namespace: 'team', generateName: 'svc.' } as KubeObject['metadata'],
    });
    expect(event.metadata.name).toMatch(/^svc\.\w{5}$/);
  });

  it('replace enforces resourceVersion and keeps status', async () => {
    const fake = new FakeKubeClient().seed({ ...service(), status: { status: 'Running' } });
    const read = await fake.get(serviceKey);
    const replaced = await fake.replace({
      ...read,
      spec: { model: { name: 'new' } },
      status: { status: 'x' },
    });
    expect(replaced.metadata.generation).toBe(2);
    expect(replaced.status).toEqual({ status: 'Running' });
    expect(isConflict(await rejection(fake.replace({ ...read, spec: {} })))).toBe(true);
  });

  it('merge-patches with RFC 7386 semantics', async () => {
    expect(
      applyMergePatch({ a: 1, b: { c: 2, d: 3 }, e: [1] }, { b: { c: null, f: 4 }, e: [2], g: 'x' }),
    ).toEqual({
      a: 1,
      b: { d: 3, f: 4 },
      e: [2],
      g: 'x',
    });
    const fake = new FakeKubeClient().seed(service());
    const patched = await fake.mergePatch(serviceKey, { metadata: { annotations: { a: 'b' } } });
    expect(patched.metadata.annotations).toEqual({ a: 'b' });
    expect(patched.metadata.generation).toBe(1);
  });

  it('holds deletion behind finalizers and removes the object when the last one goes', async () => {
    let now = new Date('2025-01-01T00:00:00Z');
    const fake = new FakeKubeClient({ now: () => now });
    fake.seed({ ...service(), metadata: { ...service().metadata, finalizers: ['aim.eai.amd.com/cleanup'] } });
    now = new Date('2025-01-02T00:00:00Z');
    await fake.delete(serviceKey);
    const terminating = await fake.get(serviceKey);
    expect(terminating.metadata.deletionTimestamp).toBe('2025-01-02T00:00:00.000Z');

    const err = await rejection(
      fake.mergePatch(serviceKey, { metadata: { finalizers: ['aim.eai.amd.com/cleanup', 'other'] } }),
    );
    expect(err.reason).toBe('Invalid');
    expect(err.message).toContain('metadata.finalizers');

    await fake.mergePatch(serviceKey, { metadata: { finalizers: null } });
    expect(await fake.getOptional(serviceKey)).toBeUndefined();

    fake.seed(service());
    await fake.delete(serviceKey);
    expect(fake.peek(serviceKey)).toBeUndefined();
    expect(isNotFound(await rejection(fake.delete(serviceKey)))).toBe(true);
  });

  it('stores cluster-scoped objects without namespace', async () => {
    const fake = new FakeKubeClient();
    await fake.apply(
      { apiVersion: AIM, kind: 'AIMClusterModel', metadata: { name: 'm', namespace: 'ignored' }, spec: {} },
      { fieldManager: 'm' },
    );
    const model = await fake.get({ apiVersion: AIM, kind: 'AIMClusterModel', name: 'm' });
    expect(model.metadata.namespace).toBeUndefined();
  });
});

describe('FakeKubeClient test controls', () => {
  it('serves pod logs with tailLines and limitBytes', async () => {
    const fake = new FakeKubeClient().setPodLog('jobs', 'p', 'main', 'one\ntwo\nthree\n');
    expect(await fake.podLog('jobs', 'p')).toBe('one\ntwo\nthree\n');
    expect(await fake.podLog('jobs', 'p', { container: 'main', tailLines: 1 })).toBe('three\n');
    expect(await fake.podLog('jobs', 'p', { tailLines: 2, limitBytes: 5 })).toBe('two\nt');
    expect(isNotFound(await rejection(fake.podLog('jobs', 'missing')))).toBe(true);
    fake.setPodLog('jobs', 'p', 'sidecar', 'x');
    expect((await rejection(fake.podLog('jobs', 'p'))).reason).toBe('BadRequest');
  });

  it('injects failures once, optionally for matching calls only', async () => {
    const fake = new FakeKubeClient().seed(service());
    fake.failNext('get', 'ServiceUnavailable', (call) => call.key?.name === 'svc');
    await expect(fake.get({ ...serviceKey, name: 'nope' })).rejects.toMatchObject({ reason: 'NotFound' });
    const err = await rejection(fake.get(serviceKey));
    expect([err.reason, err.retryable, err.statusCode]).toEqual(['ServiceUnavailable', true, 503]);
    await expect(fake.get(serviceKey)).resolves.toBeDefined();
    fake.failNext('applyStatus', new Error('custom'));
    await expect(fake.applyStatus(service(), { fieldManager: 'm' })).rejects.toThrow('custom');
  });

  it('counts requests and records calls', async () => {
    const fake = new FakeKubeClient().seed(service());
    await fake.get(serviceKey);
    await fake.list({ apiVersion: AIM, kind: 'AIMService' }, { namespace: 'team' });
    await fake.getOptional({ ...serviceKey, name: 'x' }).catch(() => undefined);
    expect(fake.requestCount).toBe(3);
    expect(fake.calls.map((c) => c.method)).toEqual(['get', 'list', 'getOptional']);
    expect(fake.callsOf('list')[0]?.options).toEqual({ namespace: 'team' });
    fake.peek(serviceKey);
    fake.objects();
    expect(fake.requestCount).toBe(3);
    fake.resetCalls();
    expect([fake.requestCount, fake.calls.length]).toEqual([0, 0]);
  });
});
