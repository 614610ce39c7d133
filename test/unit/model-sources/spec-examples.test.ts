/**
 * The spec's two MUST examples for AIMClusterModelSource (§13), end to end through the real
 * listers with Docker Hub, the Docker registry and GitHub served by msw.
 */
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AIM_API_VERSION } from '../../../shared/api/group.ts';
import { createModelSourceReconciler } from '../../../shared/model-sources/source-reconciler.ts';
import { reconcileObject } from '../../../shared/reconcile/pipeline.ts';
import { FakeKubeClient } from '../../support/fake-kube.ts';
import { conditionOf, context, NOW } from '../models/support.ts';
import { modelSource } from './support.ts';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const NAMESPACE = 'amdenterpriseai';
const REPOSITORIES = [
  'aim-base',
  'aim-llama',
  'aim-qwen',
  'aim-mistral',
  'aim-gemma',
  'aim-phi',
  'aim-deepseek',
  'tools',
];
const TAGS = ['0.8.3', '0.8.4', '0.8.5', 'latest'];

function dockerHub() {
  const tokens: string[] = [];
  server.use(
    http.get(`https://hub.docker.com/v2/namespaces/${NAMESPACE}/repositories`, () =>
      HttpResponse.json({ next: null, results: REPOSITORIES.map((name) => ({ name })) }),
    ),
    http.get('https://auth.docker.io/token', ({ request }) => {
      tokens.push(new URL(request.url).searchParams.get('scope') ?? '');
      return HttpResponse.json({ token: 'anonymous-pull' });
    }),
    http.get(`https://registry-1.docker.io/v2/${NAMESPACE}/:name/tags/list`, ({ request, params }) => {
      if (request.headers.get('authorization') !== 'Bearer anonymous-pull') {
        return new HttpResponse(null, {
          status: 401,
          headers: {
            'www-authenticate': `Bearer realm="https://auth.docker.io/token",service="registry.docker.io",scope="repository:${NAMESPACE}/${String(params.name)}:pull"`,
          },
        });
      }
      return HttpResponse.json({ name: `${NAMESPACE}/${String(params.name)}`, tags: TAGS });
    }),
  );
  return tokens;
}

describe('spec §13 examples', () => {
  it('Docker Hub wildcard excluding aim-base, version 0.8.4, maxModels 5: Ready, 5 models, limit reached', async () => {
    const tokens = dockerHub();
    const kube = new FakeKubeClient({ now: () => NOW });
    kube.seed(
      modelSource('amd-aims', {
        registry: 'docker.io',
        filters: [{ image: `${NAMESPACE}/aim-*`, exclude: ['aim-base'] }],
        versions: ['0.8.4'],
        maxModels: 5,
      }),
    );
    await reconcileObject(context(kube), createModelSourceReconciler(), {
      apiVersion: AIM_API_VERSION,
      kind: 'AIMClusterModelSource',
      name: 'amd-aims',
    });
    const source = kube.peek({
      apiVersion: AIM_API_VERSION,
      kind: 'AIMClusterModelSource',
      name: 'amd-aims',
    })!;
    expect(source.status).toMatchObject({
      status: 'Ready',
      discoveredModels: 5,
      availableModels: 6,
      modelsLimitReached: true,
    });
    expect(conditionOf(source, 'MaxModelsLimitReached')).toMatchObject({
      status: 'True',
      reason: 'LimitReached',
    });
    const models = kube.objects({ apiVersion: AIM_API_VERSION, kind: 'AIMClusterModel' });
    expect(models).toHaveLength(5);
    for (const model of models)
      expect(model.spec.image).toMatch(new RegExp(`^${NAMESPACE}/aim-(?!base)[a-z]+:0\\.8\\.4$`));
    expect(tokens.every((scope) => scope.startsWith(`repository:${NAMESPACE}/aim-`))).toBe(true);
  });

  it('a private GHCR pattern without credentials: Failed, Ready=False, no models, no request sent', async () => {
    const kube = new FakeKubeClient({ now: () => NOW });
    kube.seed(
      modelSource('ghcr-private', { registry: 'ghcr.io', filters: [{ image: 'silogen/private-*' }] }),
    );
    await reconcileObject(context(kube), createModelSourceReconciler(), {
      apiVersion: AIM_API_VERSION,
      kind: 'AIMClusterModelSource',
      name: 'ghcr-private',
    });
    const source = kube.peek({
      apiVersion: AIM_API_VERSION,
      kind: 'AIMClusterModelSource',
      name: 'ghcr-private',
    })!;
    expect(source.status.status).toBe('Failed');
    expect(conditionOf(source, 'Ready')).toMatchObject({ status: 'False', reason: 'AllFiltersFailed' });
    expect(kube.objects({ apiVersion: AIM_API_VERSION, kind: 'AIMClusterModel' })).toEqual([]);
  });
});
