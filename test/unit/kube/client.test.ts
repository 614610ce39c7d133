import { delay, HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { KubeError } from '../../../shared/kube/errors.ts';
import type { KubeObject } from '../../../shared/kube/types.ts';
import { API_SERVER, statusBody, testClient } from './api-server.ts';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const AIM = '/apis/aim.eai.amd.com/v1alpha1';

interface Seen {
  method: string;
  path: string;
  query: URLSearchParams;
  contentType: string | null;
  authorization: string | null;
  body: string;
}

/** Answers every request with `respond` and records what arrived. */
function recordRequests(respond: (seen: Seen) => Response | Promise<Response>): Seen[] {
  const seen: Seen[] = [];
  server.use(
    http.all(`${API_SERVER}/*`, async ({ request }) => {
      const url = new URL(request.url);
      const entry: Seen = {
        method: request.method,
        path: url.pathname,
        query: url.searchParams,
        contentType: request.headers.get('content-type'),
        authorization: request.headers.get('authorization'),
        body: await request.text(),
      };
      seen.push(entry);
      return respond(entry);
    }),
  );
  return seen;
}

const echoBody = (seen: Seen) => HttpResponse.json(JSON.parse(seen.body || '{}'));

function aimService(extra: Partial<KubeObject> = {}): KubeObject {
  return {
    apiVersion: 'aim.eai.amd.com/v1alpha1',
    kind: 'AIMService',
    metadata: { name: 'svc', namespace: 'team' },
    spec: { model: { name: 'llama' } },
    ...extra,
  };
}

describe('paths and verbs', () => {
  it('gets a namespaced object with the bearer token', async () => {
    const seen = recordRequests(() =>
      HttpResponse.json({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'ns' } }),
    );
    const pod = await testClient().get({ apiVersion: 'v1', kind: 'Pod', namespace: 'ns', name: 'p' });
    expect(pod.metadata.name).toBe('p');
    expect(seen[0]?.path).toBe('/api/v1/namespaces/ns/pods/p');
    expect(seen[0]?.authorization).toMatch(/^Bearer /);
  });

  it('addresses cluster-scoped kinds without a namespace segment', async () => {
    const seen = recordRequests(() => HttpResponse.json({ metadata: { name: 'm' } }));
    const client = testClient();
    await client.get({ apiVersion: 'aim.eai.amd.com/v1alpha1', kind: 'AIMClusterModel', name: 'm' });
    await client.get({ apiVersion: 'v1', kind: 'Node', name: 'n1', namespace: 'ignored' });
    expect(seen.map((s) => s.path)).toEqual([`${AIM}/aimclustermodels/m`, '/api/v1/nodes/n1']);
  });

  it('server-side applies with the apply content type, field manager and force', async () => {
    const seen = recordRequests(echoBody);
    const client = testClient();
    await client.apply(aimService(), { fieldManager: 'aim-service-resolve', force: true });
    await client.apply(aimService(), { fieldManager: 'aim-isvc-render' });
    await client.apply(aimService(), { fieldManager: 'aim-isvc-render', dryRun: true });
    const [forced, plain, dry] = seen;
    expect(forced?.method).toBe('PATCH');
    expect(forced?.path).toBe(`${AIM}/namespaces/team/aimservices/svc`);
    expect(forced?.contentType).toBe('application/apply-patch+yaml');
    expect(forced?.query.get('fieldManager')).toBe('aim-service-resolve');
    expect(forced?.query.get('force')).toBe('true');
    expect(JSON.parse(forced?.body ?? '')).toEqual(aimService());
    expect(plain?.query.has('force')).toBe(false);
    expect(plain?.query.has('dryRun')).toBe(false);
    expect(dry?.query.get('dryRun')).toBe('All');
  });

  it('applies status to the status subresource', async () => {
    const seen = recordRequests(echoBody);
    const desired = aimService({ status: { conditions: [] } });
    desired.metadata.resourceVersion = '42';
    // As read back from the server: an apply carrying managedFields would be rejected.
    Object.assign(desired.metadata, { managedFields: [{ manager: 'x', operation: 'Apply' }] });
    await testClient().applyStatus(desired, { fieldManager: 'aim-cache-manage' });
    expect(seen[0]?.path).toBe(`${AIM}/namespaces/team/aimservices/svc/status`);
    expect(seen[0]?.contentType).toBe('application/apply-patch+yaml');
    const sent = JSON.parse(seen[0]?.body ?? '');
    expect(sent.metadata.resourceVersion).toBe('42');
    expect(sent.metadata.managedFields).toBeUndefined();
  });

  it('merge-patches, creates, replaces and deletes on the right URLs', async () => {
    const seen = recordRequests(echoBody);
    const client = testClient();
    const key = {
      apiVersion: 'aim.eai.amd.com/v1alpha1',
      kind: 'AIMService',
      namespace: 'team',
      name: 'svc',
    };
    await client.mergePatch(key, { metadata: { finalizers: null } }, { fieldManager: 'aim-x' });
    await client.create(aimService(), { fieldManager: 'aim-x' });
    await client.replace(aimService());
    await client.delete(key, { propagationPolicy: 'Foreground' });
    expect(seen.map((s) => `${s.method} ${s.path}`)).toEqual([
      `PATCH ${AIM}/namespaces/team/aimservices/svc`,
      `POST ${AIM}/namespaces/team/aimservices`,
      `PUT ${AIM}/namespaces/team/aimservices/svc`,
      `DELETE ${AIM}/namespaces/team/aimservices/svc`,
    ]);
    expect(seen[0]?.contentType).toBe('application/merge-patch+json');
    expect(seen[0]?.query.get('fieldManager')).toBe('aim-x');
    expect(seen[1]?.contentType).toBe('application/json');
    expect(seen[3]?.query.get('propagationPolicy')).toBe('Foreground');
  });

  it('reads a pod log as text with container, tailLines and limitBytes', async () => {
    const seen = recordRequests(() => HttpResponse.text('line 1\nline 2\n'));
    const text = await testClient().podLog('jobs', 'discover-abc', {
      container: 'discovery',
      tailLines: 50,
      limitBytes: 4096,
    });
    expect(text).toBe('line 1\nline 2\n');
    expect(seen[0]?.path).toBe('/api/v1/namespaces/jobs/pods/discover-abc/log');
    expect(Object.fromEntries(seen[0]?.query ?? [])).toEqual({
      container: 'discovery',
      tailLines: '50',
      limitBytes: '4096',
    });
  });
});

describe('list', () => {
  it('follows continue tokens, fills apiVersion/kind and keeps the first snapshot version', async () => {
    const seen = recordRequests((request) => {
      const page = request.query.get('continue');
      if (!page) {
        return HttpResponse.json({
          metadata: { resourceVersion: '100', continue: 'page-2' },
          items: [{ metadata: { name: 'a', namespace: 'team' } }],
        });
      }
      return HttpResponse.json({
        metadata: { resourceVersion: '101' },
        items: [{ metadata: { name: 'b', namespace: 'team' } }],
      });
    });
    const client = testClient();
    const list = await client.list(
      { apiVersion: 'aim.eai.amd.com/v1alpha1', kind: 'AIMModel' },
      { namespace: 'team', labelSelector: 'aim.eai.amd.com/template in (a,b),tier!=gpu', limit: 1 },
    );
    expect(list.items.map((i) => [i.apiVersion, i.kind, i.metadata.name])).toEqual([
      ['aim.eai.amd.com/v1alpha1', 'AIMModel', 'a'],
      ['aim.eai.amd.com/v1alpha1', 'AIMModel', 'b'],
    ]);
    expect(list.resourceVersion).toBe('100');
    expect(seen).toHaveLength(2);
    expect(seen[0]?.path).toBe(`${AIM}/namespaces/team/aimmodels`);
    expect(seen[0]?.query.get('labelSelector')).toBe('aim.eai.amd.com/template in (a,b),tier!=gpu');
    expect(seen[0]?.query.get('limit')).toBe('1');
    expect(seen[1]?.query.get('continue')).toBe('page-2');
    expect(seen[1]?.query.get('labelSelector')).toBe('aim.eai.amd.com/template in (a,b),tier!=gpu');
    expect(client.requestCount).toBe(2);
  });

  it('percent-encodes selectors on the wire', async () => {
    let rawUrl = '';
    server.use(
      http.get(`${API_SERVER}/api/v1/pods`, ({ request }) => {
        rawUrl = request.url;
        return HttpResponse.json({ metadata: {}, items: [] });
      }),
    );
    await testClient().list(
      { apiVersion: 'v1', kind: 'Pod' },
      { labelSelector: 'a=b,c in (x,y)', fieldSelector: 'status.phase=Running' },
    );
    const query = rawUrl.slice(rawUrl.indexOf('?') + 1);
    expect(query).toContain('labelSelector=a%3Db%2Cc+in+%28x%2Cy%29');
    expect(query).toContain('fieldSelector=status.phase%3DRunning');
  });

  it('restarts once from a fresh snapshot when the continue token expired', async () => {
    let calls = 0;
    recordRequests((request) => {
      calls += 1;
      if (request.query.get('continue')) {
        return calls === 2
          ? HttpResponse.json(statusBody(410, 'Expired', 'The provided continue parameter is too old'), {
              status: 410,
            })
          : HttpResponse.json({ metadata: {}, items: [{ metadata: { name: 'y' } }] });
      }
      return HttpResponse.json({ metadata: { continue: 'next' }, items: [{ metadata: { name: 'x' } }] });
    });
    const list = await testClient().list({ apiVersion: 'v1', kind: 'Node' }, { limit: 1 });
    expect(list.items.map((i) => i.metadata.name)).toEqual(['x', 'y']);
    expect(calls).toBe(4);
  });
});

async function failure(promise: Promise<unknown>): Promise<KubeError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(KubeError);
  return err as KubeError;
}

const podKey = { apiVersion: 'v1', kind: 'Pod', namespace: 'ns', name: 'p' };

describe('errors', () => {
  it('classifies 404 and makes getOptional answer undefined', async () => {
    recordRequests(() =>
      HttpResponse.json(statusBody(404, 'NotFound', 'pods "p" not found'), { status: 404 }),
    );
    const client = testClient();
    const err = await failure(client.get(podKey));
    expect([err.reason, err.statusCode, err.retryable]).toEqual(['NotFound', 404, false]);
    expect(err.message).toContain('pods "p" not found');
    expect(await client.getOptional(podKey)).toBeUndefined();
  });

  it('tells AlreadyExists from Conflict on 409 by the Status reason', async () => {
    let reason = 'AlreadyExists';
    recordRequests(() => HttpResponse.json(statusBody(409, reason, `${reason} happened`), { status: 409 }));
    const client = testClient();
    expect((await failure(client.create(aimService()))).reason).toBe('AlreadyExists');
    reason = 'Conflict';
    expect((await failure(client.replace(aimService()))).reason).toBe('Conflict');
  });

  it('names the invalid field of a 422 from details.causes', async () => {
    recordRequests(() =>
      HttpResponse.json(
        statusBody(422, 'Invalid', 'AIMService.aim.eai.amd.com "svc" is invalid', {
          causes: [{ reason: 'FieldValueRequired', message: 'Required value', field: 'spec.model.name' }],
        }),
        { status: 422 },
      ),
    );
    const err = await failure(testClient().apply(aimService(), { fieldManager: 'm' }));
    expect(err.reason).toBe('Invalid');
    expect(err.message).toContain('spec.model.name: Required value');
    expect(err.details.causes).toEqual([
      { field: 'spec.model.name', reason: 'FieldValueRequired', message: 'Required value' },
    ]);
  });

  it.each([
    [403, 'Forbidden', 'Forbidden', false],
    [401, 'Unauthorized', 'Unauthorized', false],
    [500, 'InternalError', 'InternalError', true],
    [503, 'ServiceUnavailable', 'ServiceUnavailable', true],
    [504, 'Timeout', 'Timeout', true],
    [429, 'TooManyRequests', 'TooManyRequests', true],
  ] as const)('classifies %i as %s', async (status, reason, expected, retryable) => {
    recordRequests(() => HttpResponse.json(statusBody(status, reason, 'nope'), { status }));
    const err = await failure(testClient().get(podKey));
    expect([err.reason, err.statusCode, err.retryable]).toEqual([expected, status, retryable]);
  });

  it('reads Retry-After and copes with a non-Status body', async () => {
    recordRequests(
      () => new HttpResponse('<html>bad gateway</html>', { status: 503, headers: { 'Retry-After': '3' } }),
    );
    const err = await failure(testClient().get(podKey));
    expect(err.reason).toBe('ServiceUnavailable');
    expect(err.details.retryAfterSeconds).toBe(3);
    expect(err.message).toContain('<html>bad gateway</html>');
  });

  it('turns a response slower than the timeout into a retryable Timeout', async () => {
    server.use(
      http.get(`${API_SERVER}/api/v1/namespaces/ns/pods/p`, async () => {
        await delay(500);
        return HttpResponse.json({ metadata: { name: 'p' } });
      }),
    );
    const started = Date.now();
    const err = await failure(testClient({ timeoutMs: 50 }).get(podKey));
    expect(Date.now() - started).toBeLessThan(450);
    expect([err.reason, err.retryable]).toEqual(['Timeout', true]);
    expect(err.message).toContain('50 ms');
  });

  it('turns a transport failure into a retryable NetworkError', async () => {
    server.use(http.get(`${API_SERVER}/api/v1/namespaces/ns/pods/p`, () => HttpResponse.error()));
    const err = await failure(testClient().get(podKey));
    expect(err.reason).toBe('NetworkError');
    expect(err.retryable).toBe(true);
    expect(err.statusCode).toBeUndefined();
  });

  it('never puts the token, the Authorization header or the request body into an error message', async () => {
    const secretValue = 'c3VwZXItc2VjcmV0LXBhc3N3b3Jk';
    const responses = [
      () => HttpResponse.json(statusBody(422, 'Invalid', 'Secret "s" is invalid'), { status: 422 }),
      () => HttpResponse.json(statusBody(403, 'Forbidden', 'secrets "s" is forbidden'), { status: 403 }),
      () => HttpResponse.json(statusBody(500, 'InternalError', 'boom'), { status: 500 }),
      () => HttpResponse.error(),
    ];
    const secret: KubeObject = {
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 's', namespace: 'ns' },
      data: { password: secretValue },
    };
    const messages: string[] = [];
    for (const respond of responses) {
      server.resetHandlers(http.all(`${API_SERVER}/*`, respond));
      const err = await failure(testClient().apply(secret, { fieldManager: 'm' }));
      messages.push(err.message, JSON.stringify(err.details), String(err.stack));
    }
    for (const text of messages) {
      expect(text).not.toContain('sekret-token');
      expect(text).not.toMatch(/bearer|authorization/i);
      expect(text).not.toContain(secretValue);
    }
  });
});

describe('requestCount', () => {
  it('counts every HTTP request, failed ones included', async () => {
    let n = 0;
    recordRequests(() => {
      n += 1;
      return n === 2
        ? HttpResponse.json(statusBody(404, 'NotFound', 'gone'), { status: 404 })
        : HttpResponse.json({ metadata: { name: 'p' } });
    });
    const client = testClient();
    expect(client.requestCount).toBe(0);
    await client.get(podKey);
    await client.getOptional(podKey);
    await client.apply(aimService(), { fieldManager: 'm' });
    expect(client.requestCount).toBe(3);
  });
});
