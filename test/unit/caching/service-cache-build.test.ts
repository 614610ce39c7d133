import { describe, expect, it } from 'vitest';
import type { TemplateObject } from '../../../shared/caching/kinds.ts';
import { buildServiceCache, serviceCacheEnv } from '../../../shared/caching/service-cache-build.ts';
import { readyTemplate } from './fixtures.ts';

const service = { name: 'my-svc', namespace: 'default', uid: '1234-uid' };

describe('serviceCacheEnv (spec §10.6 example)', () => {
  it('merges template env, template caching env (even when disabled) and service env in place', () => {
    const template = readyTemplate('my-template', [], {
      caching: {
        enabled: false,
        env: [
          { name: 'HF_TOKEN', value: 'template-token-value' },
          { name: 'HTTP_PROXY', value: 'http://template-proxy:8080' },
        ],
      },
    }) as TemplateObject;
    const env = serviceCacheEnv(template, [
      { name: 'HF_TOKEN', value: 'service-token-value' },
      { name: 'HTTPS_PROXY', value: 'https://proxy.example.com:8080' },
    ]);
    expect(env).toEqual([
      { name: 'HF_TOKEN', value: 'service-token-value' },
      { name: 'HTTP_PROXY', value: 'http://template-proxy:8080' },
      { name: 'HTTPS_PROXY', value: 'https://proxy.example.com:8080' },
    ]);
  });

  it('takes no caching env from a cluster template and replaces AIM_ENGINE_ARGS whole', () => {
    const template = readyTemplate(
      't',
      [],
      { env: [{ name: 'AIM_ENGINE_ARGS', value: '{"a":1}' }] },
      true,
    ) as TemplateObject;
    expect(serviceCacheEnv(template, [{ name: 'AIM_ENGINE_ARGS', value: '{"b":2}' }])).toEqual([
      { name: 'AIM_ENGINE_ARGS', value: '{"b":2}' },
    ]);
  });
});

describe('buildServiceCache', () => {
  const template = readyTemplate('my-template', [
    { modelId: 'o/m', sourceUri: 'hf://o/m' },
  ]) as TemplateObject;

  it('names a Shared cache per template and namespace and labels it with the service', () => {
    const cache = buildServiceCache(service, template, 'Shared', undefined);
    expect(cache.metadata).toEqual({
      name: 'my-template-1080a608',
      namespace: 'default',
      labels: { 'aim.eai.amd.com/service': 'my-svc' },
    });
    expect(cache.spec).toEqual({ templateName: 'my-template', templateScope: 'Namespace', mode: 'Shared' });
  });

  it('names a Dedicated cache per service uid', () => {
    const cache = buildServiceCache(service, template, 'Dedicated', undefined);
    expect(cache.metadata.name).toBe('my-template-my-svc-d17483fc');
    expect(cache.spec.mode).toBe('Dedicated');
  });

  it('takes the service storage class first, then the runtime config default', () => {
    const runtime = { storage: { defaultStorageClassName: 'rc-class', pvcHeadroomPercent: 10 } };
    expect(buildServiceCache(service, template, 'Shared', runtime).spec.storageClassName).toBe('rc-class');
    expect(
      buildServiceCache({ ...service, defaultStorageClassName: 'svc-class' }, template, 'Shared', runtime)
        .spec.storageClassName,
    ).toBe('svc-class');
  });

  it('records the Cluster scope and the service runtime config', () => {
    const cluster = readyTemplate('c', [], {}, true) as TemplateObject;
    const cache = buildServiceCache({ ...service, runtimeConfigName: 'fast' }, cluster, 'Shared', undefined);
    expect(cache.spec).toMatchObject({ templateScope: 'Cluster', runtimeConfigName: 'fast' });
  });
});
