/**
 * Runs a function definition over HTTP exactly as faas-js-runtime serves it (via `serveFunction`),
 * against an in-memory Kubernetes, and checks the contract every function shares: Resource- and
 * Reference-mode events reconcile (204 and a status on the object), a malformed event is 400, a
 * transient API error is 503, and the health endpoints answer.
 */
import { CloudEvent, HTTP } from 'cloudevents';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionsOf } from '../../../functions/permissions.ts';
import { AIM_API_VERSION } from '../../../shared/api/group.ts';
import type { ApiAccess } from '../../../shared/kube/api-access.ts';
import { objectKey } from '../../../shared/kube/objects.ts';
import { RecordingKubeClient } from '../../../shared/kube/recording-client.ts';
import type { KubeObject } from '../../../shared/kube/types.ts';
import { createLogger, type Logger } from '../../../shared/observability/logger.ts';
import { defineFunction, type FunctionDefinition } from '../../../shared/runtime/define-function.ts';
import { type RunningFunction, serveFunction } from '../../../shared/runtime/serve.ts';
import { NOT_IMPLEMENTED_REASON, shellComponentName } from '../../../shared/runtime/shell-reconciler.ts';
import { FakeKubeClient } from '../../support/fake-kube.ts';
import { expectAllowed } from './permission-expectations.ts';

export const NOW = new Date('2026-05-01T12:00:00Z');

/** A minimal valid object of an AIM kind (namespace omitted for cluster-scoped kinds). */
export function aimObject(
  kind: string,
  name: string,
  spec: Record<string, unknown>,
  namespace?: string,
): KubeObject {
  return {
    apiVersion: AIM_API_VERSION,
    kind,
    metadata: { name, ...(namespace ? { namespace } : {}), generation: 2 },
    spec,
  };
}

export function resourceEvent(action: 'add' | 'update' | 'delete', object: KubeObject): CloudEvent<unknown> {
  return new CloudEvent<unknown>({
    type: `dev.knative.apiserver.resource.${action}`,
    source: 'https://10.96.0.1:443',
    subject: `/apis/${object.apiVersion}/namespaces/${object.metadata.namespace ?? ''}/x/${object.metadata.name}`,
    datacontenttype: 'application/json',
    kind: object.kind,
    apiversion: object.apiVersion,
    name: object.metadata.name,
    namespace: object.metadata.namespace ?? '',
    data: object,
  });
}

export function referenceEvent(action: 'add' | 'update' | 'delete', object: KubeObject): CloudEvent<unknown> {
  const { kind, apiVersion } = object;
  const { name, namespace } = object.metadata;
  return new CloudEvent<unknown>({
    type: `dev.knative.apiserver.ref.${action}`,
    source: 'https://10.96.0.1:443',
    datacontenttype: 'application/json',
    kind,
    apiversion: apiVersion,
    name,
    namespace: namespace ?? '',
    data: { kind, namespace, name, apiVersion },
  });
}

export function post(running: RunningFunction, event: CloudEvent<unknown>) {
  const message = HTTP.binary(event);
  return request(running.server)
    .post('/')
    .set(message.headers)
    .send(message.body as string);
}

/**
 * Serves `definition` on a free port over `kube`, as faas-js-runtime would, with every API access
 * its calls need appended to `accesses` (compared with the function's role by the tests).
 */
export function serveRecording(
  definition: FunctionDefinition,
  kube: FakeKubeClient,
  accesses: ApiAccess[],
  logger: Logger,
): Promise<RunningFunction> {
  const module = defineFunction(definition, {
    createClient: () => new RecordingKubeClient(kube, (access) => accesses.push(access)),
    logger,
    now: () => NOW,
    operatorNamespace: 'aim-system',
    initialResync: false,
  });
  return serveFunction(module, { port: 0, logLevel: 'fatal' });
}

export interface FunctionHttpCase {
  definition: FunctionDefinition;
  /** Object sent in a Resource-mode event. */
  resourceObject: KubeObject;
  /** Object sent in a Reference-mode event (another owned kind where there is one). */
  referenceObject: KubeObject;
  /** Whether this function writes status.status / observedGeneration on these kinds. */
  writesSummary: boolean;
  /**
   * What a reconciled object looks like once the function has real domain logic; replaces the
   * shell's `<Function>Ready=False NotImplemented` check.
   */
  expectReconciled?: (stored: KubeObject | undefined) => void;
}

export function describeFunctionHttp(testCase: FunctionHttpCase): void {
  const { definition } = testCase;
  const shellCondition = `${shellComponentName(definition.name)}Ready`;

  describe(`${definition.name} over HTTP`, () => {
    const kube = new FakeKubeClient({ now: () => NOW });
    const accesses: ApiAccess[] = [];
    let running: RunningFunction;
    const logLines: string[] = [];

    beforeAll(async () => {
      kube.seed(testCase.resourceObject, testCase.referenceObject);
      const logger = createLogger({
        function: definition.name,
        level: 'debug',
        destination: { write: (line) => logLines.push(line) },
      });
      running = await serveRecording(definition, kube, accesses, logger);
    }, 30_000);

    afterAll(async () => {
      await running?.close();
    });

    function expectShellStatus(object: KubeObject): void {
      const stored = kube.peek(objectKey(object));
      const conditions = (stored?.status?.conditions ?? []) as {
        type: string;
        status: string;
        reason: string;
      }[];
      if (testCase.expectReconciled) testCase.expectReconciled(stored);
      else {
        expect(conditions.find((condition) => condition.type === shellCondition)).toMatchObject({
          status: 'False',
          reason: NOT_IMPLEMENTED_REASON,
        });
      }
      if (testCase.writesSummary) {
        expect(stored?.status?.observedGeneration).toBe(2);
        expect(stored?.status?.status).toEqual(expect.any(String));
      }
    }

    it('reconciles the object of a Resource-mode event and answers 204', async () => {
      const response = await post(running, resourceEvent('update', testCase.resourceObject));
      expect(response.status).toBe(204);
      expectShellStatus(testCase.resourceObject);
      const objectLines = logLines
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((line) => line.msg === 'reconciled' && line.name === testCase.resourceObject.metadata.name);
      expect(objectLines[0]).toMatchObject({
        function: definition.name,
        kind: testCase.resourceObject.kind,
        eventId: expect.any(String),
      });
    });

    it('reconciles the object of a Reference-mode event and answers 204', async () => {
      const response = await post(running, referenceEvent('add', testCase.referenceObject));
      expect(response.status).toBe(204);
      expectShellStatus(testCase.referenceObject);
    });

    it('answers 400 with a message for a malformed event', async () => {
      const broken = new CloudEvent<unknown>({
        type: 'dev.knative.apiserver.resource.update',
        source: 'test',
        data: { kind: testCase.resourceObject.kind },
      });
      const response = await post(running, broken);
      expect(response.status).toBe(400);
      expect(response.text).toContain('not a Kubernetes object');
    });

    it('answers 400 for a request that is not a CloudEvent', async () => {
      const response = await request(running.server).post('/').send({ hello: 'world' });
      expect(response.status).toBe(400);
      expect(response.text).toContain('not a valid CloudEvent');
    });

    it('answers 503 when the API server fails transiently', async () => {
      kube.failNext('get', 'ServiceUnavailable');
      const response = await post(running, referenceEvent('update', testCase.resourceObject));
      expect(response.status).toBe(503);
      expect(response.text).toContain('retry later');
    });

    it('answers the health endpoints', async () => {
      expect((await request(running.server).get('/health/readiness')).status).toBe(200);
      expect((await request(running.server).get('/health/liveness')).status).toBe(200);
    });

    it('made no call its role (functions/<name>/permissions.ts) does not grant', () => {
      expect(accesses.length).toBeGreaterThan(0);
      expectAllowed(permissionsOf(definition.name), accesses);
    });
  });
}
