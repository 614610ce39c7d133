import { describe, expect, it } from 'vitest';
import { AIMServiceSchema } from '../../../../shared/api/aim-service.ts';
import {
  derivedTemplate,
  hasOverrides,
  isDerivedTemplate,
} from '../../../../shared/service-resolution/template/derived-template.ts';
import { service, template } from '../fixtures.ts';

function parsed(spec: Record<string, unknown>) {
  return AIMServiceSchema().parse(service('svc', spec));
}

describe('derivedTemplate (spec §10.5)', () => {
  const base = template('base', 'llama', {
    spec: {
      metric: 'latency',
      imagePullSecrets: [{ name: 'base-secret' }],
      resources: { limits: { memory: '8Gi' } },
      caching: { enabled: false, env: [{ name: 'X', value: '1' }] },
    },
  });

  it('copies the base, applies only the overrides that are set, and takes the service’s secrets and resources', () => {
    const svc = parsed({
      model: { name: 'llama' },
      template: { name: 'base' },
      overrides: { precision: 'fp16' },
      runtimeConfigName: ' gpu ',
      imagePullSecrets: [{ name: 'svc-secret' }],
      resources: { limits: { memory: '16Gi' } },
    });
    const derived = derivedTemplate(svc, base, svc.spec.overrides!, 'llama');
    expect(derived.metadata).toEqual({
      name: expect.stringMatching(/^base-ovr-fp16-[0-9a-f]{4}$/),
      namespace: 'team',
      labels: { 'app.kubernetes.io/managed-by': 'aim-engine', 'aim.eai.amd.com/origin': 'derived' },
    });
    expect(derived.spec).toEqual({
      modelName: 'llama',
      metric: 'latency',
      precision: 'fp16',
      runtimeConfigName: 'gpu',
      imagePullSecrets: [{ name: 'svc-secret' }],
      resources: { limits: { memory: '16Gi' } },
      caching: { enabled: true },
    });
    expect(derived.metadata.ownerReferences).toBeUndefined();
  });

  it('keeps the base’s values when the service has none, and its caching for Dedicated services', () => {
    const svc = parsed({
      model: { name: 'llama' },
      template: { name: 'base' },
      overrides: { metric: 'throughput' },
      caching: { mode: 'Never' },
    });
    const derived = derivedTemplate(svc, base, svc.spec.overrides!, 'llama');
    expect(derived.spec).toMatchObject({
      metric: 'throughput',
      runtimeConfigName: 'default',
      imagePullSecrets: [{ name: 'base-secret' }],
      resources: { limits: { memory: '8Gi' } },
      caching: { enabled: false, env: [{ name: 'X', value: '1' }] },
    });
  });

  it('tells derived templates and real overrides apart', () => {
    expect(hasOverrides(undefined)).toBe(false);
    expect(hasOverrides({})).toBe(false);
    expect(hasOverrides({ metric: 'latency' })).toBe(true);
    expect(isDerivedTemplate(template('x', 'm', { labels: { 'aim.eai.amd.com/origin': 'derived' } }))).toBe(
      true,
    );
    expect(isDerivedTemplate(template('x', 'm'))).toBe(false);
  });
});
