import { CloudEvent } from 'cloudevents';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissions } from '../../../../functions/cache-manage/permissions.ts';
import { definition } from '../../../../functions/cache-manage/reconcilers.ts';
import type { ApiAccess } from '../../../../shared/kube/api-access.ts';
import type { KubeObject } from '../../../../shared/kube/types.ts';
import { createLogger } from '../../../../shared/observability/logger.ts';
import type { RunningFunction } from '../../../../shared/runtime/serve.ts';
import { FakeKubeClient } from '../../../support/fake-kube.ts';
import {
  aimObject,
  NOW,
  post,
  referenceEvent,
  resourceEvent,
  serveRecording,
} from '../function-http-harness.ts';
import { expectAllowed } from '../permission-expectations.ts';

const API = 'aim.eai.amd.com/v1alpha1';
const NS = 'team-a';

const cache = aimObject(
  'AIMTemplateCache',
  'llama-cache',
  { templateName: 'llama', templateScope: 'Namespace' },
  NS,
);
const artifact = aimObject(
  'AIMArtifact',
  'llama-weights',
  { sourceUri: 'hf://meta-llama/Llama-3.1-8B', size: '16Gi' },
  NS,
);
const readyTemplate: KubeObject = {
  ...aimObject('AIMServiceTemplate', 'llama-mi300x', { modelName: 'llama' }, NS),
  status: {
    status: 'Ready',
    modelSources: [
      { name: 'meta-llama/Llama-3.1-8B', sourceUri: 'hf://meta-llama/Llama-3.1-8B', size: '16Gi' },
    ],
  },
};
// Resolved by service-resolve: cache-manage creates its cache (and writes nothing on it).
const service: KubeObject = {
  ...aimObject('AIMService', 'chat', { model: { name: 'llama' } }, NS),
  status: { resolvedTemplate: { name: 'llama-mi300x', namespace: NS, scope: 'Namespace' } },
};
const downloadPod: KubeObject = {
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'dl-1', namespace: NS, labels: { 'aim.eai.amd.com/cache.name': 'llama-weights' } },
};

describe('cache-manage over HTTP', () => {
  const kube = new FakeKubeClient({ now: () => NOW });
  const accesses: ApiAccess[] = [];
  let running: RunningFunction;

  beforeAll(async () => {
    kube.seed(
      { apiVersion: 'v1', kind: 'Namespace', metadata: { name: NS } },
      cache,
      artifact,
      readyTemplate,
      service,
    );
    const logger = createLogger({ function: definition.name, level: 'fatal' });
    running = await serveRecording(definition, kube, accesses, logger);
  }, 30_000);

  afterAll(async () => {
    await running?.close();
  });

  const peek = (object: KubeObject) =>
    kube.peek({ apiVersion: API, kind: object.kind, namespace: NS, name: object.metadata.name });

  it('reconciles a template cache from a Resource-mode event', async () => {
    expect((await post(running, resourceEvent('update', cache))).status).toBe(204);
    const stored = peek(cache);
    expect(stored?.metadata.finalizers).toEqual(['aim.eai.amd.com/artifactcleanup']);
    expect(stored?.status?.status).toBe('Failed');
    expect(stored?.status?.conditions).toContainEqual(
      expect.objectContaining({ type: 'ServiceTemplateReady', reason: 'ReferenceNotFound' }),
    );
  });

  it('reconciles the artifact a download pod event names', async () => {
    expect((await post(running, resourceEvent('update', downloadPod))).status).toBe(204);
    expect(peek(artifact)?.status?.status).toBe('Progressing');
    expect(kube.objects({ apiVersion: 'v1', kind: 'PersistentVolumeClaim' })).toHaveLength(1);
  });

  it('plans the cache of a service from a Reference-mode event', async () => {
    expect((await post(running, referenceEvent('add', service))).status).toBe(204);
    const created = kube
      .objects({ apiVersion: API, kind: 'AIMTemplateCache' })
      .filter((object) => object.spec?.templateName === 'llama-mi300x');
    expect(created).toHaveLength(1);
    expect(created[0]?.spec).toMatchObject({ mode: 'Shared', templateScope: 'Namespace' });
    expect(peek(service)?.status).toEqual(service.status);
  });

  it('answers 400 for a malformed event and 503 for a transient API error', async () => {
    const broken = new CloudEvent<unknown>({
      type: 'dev.knative.apiserver.resource.update',
      source: 't',
      data: {},
    });
    expect((await post(running, broken)).status).toBe(400);
    kube.failNext('get', 'ServiceUnavailable');
    expect((await post(running, referenceEvent('update', cache))).status).toBe(503);
  });

  it('reconciles every owned kind on a resync tick', async () => {
    kube.resetCalls();
    const tick = new CloudEvent<unknown>({ type: 'dev.knative.sources.ping', source: 'ping', data: {} });
    expect((await post(running, tick)).status).toBe(204);
    const listed = kube.callsOf('list').map((call) => call.gvk?.kind);
    for (const kind of ['AIMTemplateCache', 'AIMArtifact', 'AIMService']) expect(listed).toContain(kind);
  });

  it('made no call its role (functions/cache-manage/permissions.ts) does not grant', () => {
    expect(accesses.length).toBeGreaterThan(0);
    expectAllowed(permissions, accesses);
  });
});
