/**
 * Issue 14 / spec §17 #20: a registry that never answers is a transient problem — the model is
 * Degraded (not Failed), retried with backoff, and its conditions name the registry and the image.
 */
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AIM_API_VERSION } from '../../../shared/api/group.ts';
import { InspectionCache } from '../../../shared/models/inspection-cache.ts';
import { createModelReconcilers } from '../../../shared/models/model-reconciler.ts';
import { reconcileObject } from '../../../shared/reconcile/pipeline.ts';
import { isRetryableError } from '../../../shared/reconcile/retryable-error.ts';
import { RegistryClient } from '../../../shared/registry/client.ts';
import { HostLimiter } from '../../../shared/registry/host-limiter.ts';
import { FakeKubeClient } from '../../support/fake-kube.ts';
import { conditionOf, context, modelObject, NOW } from './support.ts';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const IMAGE = 'hang.example/team/model:1';
const key = { apiVersion: AIM_API_VERSION, kind: 'AIMModel', namespace: 'team', name: 'm' };

describe('a model whose registry hangs', () => {
  it('is Degraded with ImageRegistryUnreachable naming the registry, the image and the time limit', async () => {
    server.use(http.get('https://hang.example/v2/*', () => new Promise<Response>(() => {})));
    const kube = new FakeKubeClient({ now: () => NOW }).seed(
      modelObject('AIMModel', 'm', { image: IMAGE }, 'team'),
    );
    const reconcilers = createModelReconcilers({
      inspector: new RegistryClient({ requestTimeoutMs: 150, limiter: new HostLimiter(4) }),
      cache: new InspectionCache({ now: () => NOW.getTime() }),
      mirrors: new Map(),
    });
    const error = await reconcileObject(context(kube), reconcilers.namespaced, key).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(isRetryableError(error)).toBe(true);
    const stored = kube.peek(key);
    expect(stored?.status.status).toBe('Degraded');
    const message = `image ${IMAGE}: registry hang.example did not answer within 150 ms`;
    expect(conditionOf(stored, 'ImageMetadataReady')).toMatchObject({
      status: 'False',
      reason: 'ImageRegistryUnreachable',
      message,
    });
    expect(conditionOf(stored, 'Ready')).toMatchObject({
      reason: 'ImageRegistryUnreachable',
      message: `Component ImageMetadata is not ready: ${message}`,
    });
    expect(conditionOf(stored, 'DependenciesReachable')).toMatchObject({ status: 'False' });
    expect(conditionOf(stored, 'ConfigValid')).toBeUndefined();
  });
});
