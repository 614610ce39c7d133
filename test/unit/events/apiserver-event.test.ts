import { CloudEvent, HTTP } from 'cloudevents';
import { describe, expect, it } from 'vitest';
import {
  parseApiServerEvent,
  parseCloudEvent,
  parseHttpMessage,
} from '../../../shared/events/apiserver-event.ts';
import { BadEventError } from '../../../shared/events/bad-event-error.ts';

const API_VERSION = 'aim.eai.amd.com/v1alpha1';

const model = {
  apiVersion: API_VERSION,
  kind: 'AIMModel',
  metadata: { name: 'llama', namespace: 'team-a', generation: 3, resourceVersion: '41', uid: 'u-1' },
  spec: { image: 'registry.example/llama:1' },
  status: { status: 'Ready' },
};

const clusterModel = {
  apiVersion: API_VERSION,
  kind: 'AIMClusterModel',
  metadata: { name: 'llama-cluster', generation: 1 },
  spec: { image: 'registry.example/llama:1' },
};

function apiServerEvent(
  type: string,
  data: unknown,
  overrides: Record<string, unknown> = {},
): CloudEvent<unknown> {
  return new CloudEvent<unknown>({
    id: 'evt-1',
    source: 'https://10.96.0.1:443',
    type,
    subject: '/apis/aim.eai.amd.com/v1alpha1/namespaces/team-a/aimmodels/llama',
    datacontenttype: 'application/json',
    kind: 'AIMModel',
    apiversion: API_VERSION,
    name: 'llama',
    namespace: 'team-a',
    data,
    ...overrides,
  });
}

function badEventMessage(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(BadEventError);
    expect((err as BadEventError).code).toBe(400);
    return (err as Error).message;
  }
  throw new Error('expected a BadEventError');
}

describe('parseCloudEvent: Resource mode', () => {
  for (const action of ['add', 'update', 'delete'] as const) {
    it(`maps dev.knative.apiserver.resource.${action} to the object it carries`, () => {
      const parsed = parseCloudEvent(apiServerEvent(`dev.knative.apiserver.resource.${action}`, model));
      expect(parsed).toEqual({
        action,
        mode: 'resource',
        ref: { apiVersion: API_VERSION, kind: 'AIMModel', namespace: 'team-a', name: 'llama' },
        object: model,
        eventId: 'evt-1',
        type: `dev.knative.apiserver.resource.${action}`,
        source: 'https://10.96.0.1:443',
      });
    });
  }

  it('leaves the namespace out for a cluster-scoped object (empty namespace extension and subject)', () => {
    const event = apiServerEvent('dev.knative.apiserver.resource.add', clusterModel, {
      kind: 'AIMClusterModel',
      name: 'llama-cluster',
      namespace: '',
      subject: '/apis/aim.eai.amd.com/v1alpha1/namespaces//aimclustermodels/llama-cluster',
    });
    const parsed = parseCloudEvent(event);
    expect(parsed.action).toBe('add');
    expect(parsed).toHaveProperty('ref', {
      apiVersion: API_VERSION,
      kind: 'AIMClusterModel',
      name: 'llama-cluster',
    });
  });
});

describe('parseCloudEvent: Reference mode', () => {
  const reference = { kind: 'AIMModel', namespace: 'team-a', name: 'llama', apiVersion: API_VERSION };

  for (const action of ['add', 'update', 'delete'] as const) {
    it(`maps dev.knative.apiserver.ref.${action} to the referenced object, without an object body`, () => {
      const parsed = parseCloudEvent(apiServerEvent(`dev.knative.apiserver.ref.${action}`, reference));
      expect(parsed).toEqual({
        action,
        mode: 'reference',
        ref: { apiVersion: API_VERSION, kind: 'AIMModel', namespace: 'team-a', name: 'llama' },
        eventId: 'evt-1',
        type: `dev.knative.apiserver.ref.${action}`,
        source: 'https://10.96.0.1:443',
      });
      expect(parsed).not.toHaveProperty('object');
    });
  }

  it('accepts a cluster-scoped reference whose namespace is empty or absent', () => {
    for (const namespace of ['', undefined]) {
      const data = { kind: 'AIMClusterModel', name: 'llama-cluster', apiVersion: API_VERSION, namespace };
      const parsed = parseCloudEvent(
        apiServerEvent('dev.knative.apiserver.ref.update', data, {
          kind: 'AIMClusterModel',
          name: 'llama-cluster',
          namespace: '',
        }),
      );
      expect(parsed).toHaveProperty('ref', {
        apiVersion: API_VERSION,
        kind: 'AIMClusterModel',
        name: 'llama-cluster',
      });
    }
  });

  it('works without the kind/name/namespace extensions (e.g. after a re-encoding hop)', () => {
    const event = new CloudEvent<unknown>({
      id: 'evt-2',
      source: 'broker',
      type: 'dev.knative.apiserver.ref.add',
      data: reference,
    });
    const parsed = parseCloudEvent(event);
    expect(parsed).toHaveProperty('ref.name', 'llama');
  });
});

describe('parseCloudEvent: resync tick', () => {
  it('maps a PingSource event to resync whatever its data', () => {
    const ping = new CloudEvent<unknown>({
      id: 'ping-1',
      source: '/apis/v1/namespaces/aim-system/pingsources/aim-resync',
      type: 'dev.knative.sources.ping',
      data: { message: 'resync' },
    });
    expect(parseCloudEvent(ping)).toEqual({
      action: 'resync',
      wake: false,
      eventId: 'ping-1',
      type: 'dev.knative.sources.ping',
      source: '/apis/v1/namespaces/aim-system/pingsources/aim-resync',
    });
  });

  it("tells the resync every function takes from one function's wake-up call", () => {
    const ping = (aimfunction: string) =>
      new CloudEvent<unknown>({
        id: `ping-${aimfunction}`,
        source: '/apis/v1/namespaces/aim-system/pingsources/x',
        type: 'dev.knative.sources.ping',
        aimfunction,
        data: {},
      });
    expect(parseCloudEvent(ping('all'))).toMatchObject({ action: 'resync', wake: false });
    expect(parseCloudEvent(ping('cache-manage'))).toMatchObject({ action: 'resync', wake: true });
  });
});

describe('parseCloudEvent: keep-alive', () => {
  it('reads when the hold ends, and refuses a keep-alive without one', () => {
    const keepAlive = (data: unknown) =>
      new CloudEvent<unknown>({
        id: 'keep-1',
        source: '/aim-engine/cache-manage/pod-1',
        type: 'com.amd.aim.keepalive',
        aimfunction: 'cache-manage',
        data,
      });
    expect(parseCloudEvent(keepAlive({ holdUntil: '2026-11-28T18:00:00.000Z' }))).toMatchObject({
      action: 'keep-alive',
      holdUntil: Date.parse('2026-11-28T18:00:00.000Z'),
    });
    expect(() => parseCloudEvent(keepAlive({ until: 'soon' }))).toThrow(/holdUntil/);
  });
});

describe('parseCloudEvent: dead letters', () => {
  it('recognises an event the Broker dead-lettered, whatever its type, and keeps the error details', () => {
    const original = apiServerEvent('dev.knative.apiserver.resource.update', model);
    const dead = original.cloneWith(
      { knativeerrordest: 'http://model-inspect.aim-system/', knativeerrorcode: '503' },
      false,
    );
    expect(parseCloudEvent(dead)).toEqual({
      action: 'dead-letter',
      eventId: 'evt-1',
      type: 'dev.knative.apiserver.resource.update',
      source: 'https://10.96.0.1:443',
      errorDestination: 'http://model-inspect.aim-system/',
      errorCode: '503',
    });
  });
});

describe('parseCloudEvent: malformed events', () => {
  it('rejects an unknown type, naming it and the accepted ones', () => {
    const message = badEventMessage(() => parseCloudEvent(apiServerEvent('com.example.other', model)));
    expect(message).toContain('com.example.other');
    expect(message).toContain('dev.knative.apiserver.{resource,ref}.{add,update,delete}');
  });

  it('rejects an event without data', () => {
    const event = new CloudEvent<unknown>({
      id: 'e',
      source: 's',
      type: 'dev.knative.apiserver.resource.add',
    });
    expect(badEventMessage(() => parseCloudEvent(event))).toContain('has no data');
  });

  it('rejects resource data that is not a Kubernetes object', () => {
    const message = badEventMessage(() =>
      parseCloudEvent(apiServerEvent('dev.knative.apiserver.resource.update', { kind: 'AIMModel' })),
    );
    expect(message).toContain('not a Kubernetes object');
    expect(message).toContain('metadata');
  });

  it('rejects a reference without a name', () => {
    const message = badEventMessage(() =>
      parseCloudEvent(
        apiServerEvent('dev.knative.apiserver.ref.update', { kind: 'AIMModel', apiVersion: API_VERSION }),
      ),
    );
    expect(message).toContain('not an object reference');
    expect(message).toContain('name');
  });

  it('rejects data that contradicts the extensions', () => {
    const renamed = { ...model, metadata: { ...model.metadata, name: 'other' } };
    expect(
      badEventMessage(() => parseCloudEvent(apiServerEvent('dev.knative.apiserver.resource.add', renamed))),
    ).toBe('event evt-1: extension name="llama" does not match the data ("other")');
    const moved = { ...model, metadata: { ...model.metadata, namespace: 'team-b' } };
    expect(
      badEventMessage(() => parseCloudEvent(apiServerEvent('dev.knative.apiserver.resource.add', moved))),
    ).toContain('extension namespace="team-a"');
    const otherKind = { ...model, kind: 'AIMService' };
    expect(
      badEventMessage(() => parseCloudEvent(apiServerEvent('dev.knative.apiserver.resource.add', otherKind))),
    ).toContain('extension kind="AIMModel"');
  });

  it('rejects string data that is not JSON', () => {
    const event = apiServerEvent('dev.knative.apiserver.resource.add', 'not json {', {
      datacontenttype: 'text/plain',
    });
    expect(badEventMessage(() => parseCloudEvent(event))).toBe('event evt-1: data is not JSON');
  });

  it('rejects an object missing required CloudEvent attributes', () => {
    const message = badEventMessage(() =>
      parseCloudEvent({ type: 'dev.knative.apiserver.ref.add', data: {} }),
    );
    expect(message).toContain('id');
    expect(message).toContain('source');
  });
});

describe('parseHttpMessage / parseApiServerEvent', () => {
  it('parses a binary-mode request the way ApiServerSource sends it', () => {
    const message = HTTP.binary(apiServerEvent('dev.knative.apiserver.resource.update', model));
    const parsed = parseHttpMessage({ headers: message.headers, body: message.body });
    expect(parsed.action).toBe('update');
    expect(parsed).toHaveProperty('object', model);
  });

  it('parses a structured-mode request delivered as a Buffer', () => {
    const reference = { kind: 'AIMModel', namespace: 'team-a', name: 'llama', apiVersion: API_VERSION };
    const structured = HTTP.structured(apiServerEvent('dev.knative.apiserver.ref.delete', reference));
    expect(structured.headers['content-type']).toContain('application/cloudevents+json');
    const parsed = parseApiServerEvent({
      headers: structured.headers,
      body: Buffer.from(String(structured.body)),
    });
    expect(parsed.action).toBe('delete');
  });

  it('rejects a plain JSON request that is not a CloudEvent', () => {
    const message = badEventMessage(() =>
      parseApiServerEvent({ headers: { 'content-type': 'application/json' }, body: { hello: 'world' } }),
    );
    expect(message).toContain('not a valid CloudEvent');
  });

  it('rejects a missing event', () => {
    expect(badEventMessage(() => parseApiServerEvent(undefined))).toBe('the request carries no CloudEvent');
  });

  it('rejects a binary-mode request whose JSON body does not parse', () => {
    const headers = {
      'ce-id': 'e',
      'ce-source': 's',
      'ce-type': 'dev.knative.apiserver.resource.add',
      'ce-specversion': '1.0',
      'content-type': 'application/json',
    };
    expect(() => parseHttpMessage({ headers, body: '{not json' })).toThrow(BadEventError);
  });
});
