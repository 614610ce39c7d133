import { describe, expect, it } from 'vitest';
import { AIMServiceSchema } from '../../../../shared/api/aim-service.ts';
import { categorizeError } from '../../../../shared/reconcile/categorize.ts';
import { isMatchingCustomModel } from '../../../../shared/service-resolution/model/custom-model-match.ts';
import { resolveModel } from '../../../../shared/service-resolution/model/resolve-model.ts';
import { FakeKubeClient } from '../../../support/fake-kube.ts';
import { clusterModel, model, service } from '../fixtures.ts';

const parse = (object: ReturnType<typeof service>) => AIMServiceSchema().parse(object);

describe('resolveModel', () => {
  it('returns a transient read failure as an error value, never throws', async () => {
    const client = new FakeKubeClient().failNext('getOptional', 'ServiceUnavailable');
    const resolution = await resolveModel(client, parse(service('s', { model: { name: 'llama' } })));
    expect(resolution.kind).toBe('error');
    if (resolution.kind === 'error')
      expect(categorizeError(resolution.error).category).toBe('Infrastructure');
  });

  it('treats a blank name or image that bypassed validation as an invalid spec', async () => {
    const client = new FakeKubeClient();
    const blank = (spec: object) =>
      ({ ...parse(service('s', { model: { name: 'x' } })), spec: { model: spec } }) as ReturnType<
        typeof parse
      >;
    for (const spec of [{ name: '  ' }, { image: ' ' }, {}]) {
      const resolution = await resolveModel(client, blank(spec));
      expect(resolution.kind).toBe('error');
      if (resolution.kind === 'error') expect(categorizeError(resolution.error).category).toBe('InvalidSpec');
    }
    expect(client.calls).toEqual([]);
  });

  it('trims the name and prefers the namespace', async () => {
    const client = new FakeKubeClient().seed(model('llama', 'a:1'), clusterModel('llama', 'b:1'));
    const resolution = await resolveModel(client, parse(service('s', { model: { name: ' llama ' } })));
    expect(resolution).toMatchObject({ kind: 'found', model: { scope: 'Namespace' } });
  });

  it('keeps the previously resolved model while it is Ready, else searches again', async () => {
    const client = new FakeKubeClient().seed(model('llama', 'a:1', 'Failed'), clusterModel('llama', 'a:1'));
    const svc = parse(
      service(
        's',
        { model: { name: 'llama' } },
        { status: { resolvedModel: { name: 'llama', scope: 'Cluster' } } },
      ),
    );
    const resolution = await resolveModel(client, svc);
    // The fast path (cluster, Ready) wins: it still fits the spec and is Ready.
    expect(resolution).toMatchObject({ kind: 'found', model: { scope: 'Cluster' } });
    const stale = parse(
      service(
        's',
        { model: { name: 'llama' } },
        { status: { resolvedModel: { name: 'gone', scope: 'Namespace' } } },
      ),
    );
    expect(await resolveModel(client, stale)).toMatchObject({ kind: 'found', model: { scope: 'Namespace' } });
    const notReady = new FakeKubeClient().seed(
      model('llama', 'a:1'),
      clusterModel('llama', 'a:1', 'Pending'),
    );
    expect(await resolveModel(notReady, svc)).toMatchObject({ kind: 'found', model: { scope: 'Namespace' } });
  });
});

describe('isMatchingCustomModel (spec §10.3 de-duplication)', () => {
  const source = (modelId: string, endpoint?: string) => ({
    modelId,
    sourceUri: `hf://${modelId}`,
    ...(endpoint
      ? {
          env: [
            { name: 'AWS_ENDPOINT_URL', value: endpoint },
            { name: 'OTHER', value: 'x' },
          ],
        }
      : {}),
  });
  const stored = (sources: object[]) => model('m', 'base:1', 'Ready', { modelSources: sources });

  it('needs the same image and the same sources in the same order, endpoint included', () => {
    const custom = { baseImage: 'base:1', modelSources: [source('a/b', 'http://s3')] };
    expect(isMatchingCustomModel(stored([source('a/b', 'http://s3')]), custom)).toBe(true);
    expect(isMatchingCustomModel(stored([source('a/b')]), custom)).toBe(false);
    expect(isMatchingCustomModel(stored([source('a/b', 'http://other')]), custom)).toBe(false);
    expect(isMatchingCustomModel(stored([source('a/b', 'http://s3'), source('c/d')]), custom)).toBe(false);
    expect(
      isMatchingCustomModel(
        model('m', 'base:2', 'Ready', { modelSources: [source('a/b', 'http://s3')] }),
        custom,
      ),
    ).toBe(false);
    expect(isMatchingCustomModel(model('m', 'base:1'), custom)).toBe(false);
  });
});
