import { describe, expect, it } from 'vitest';
import {
  InferenceServiceNameError,
  isvcName,
  kedaHpaName,
  predictorServiceName,
  routeName,
  templateCacheName,
} from '../../../shared/naming/service-names.ts';

describe('isvcName (spec §14.2)', () => {
  it('matches the spec vector', () => {
    expect(isvcName({ name: 'test-service', namespace: 'default' })).toBe('test-service-1080a608');
  });

  it('leaves room for the namespace: 63 − 11 − len(namespace)', () => {
    const namespace = 'n'.repeat(30);
    const name = isvcName({ name: 'x'.repeat(60), namespace });
    expect(name).toHaveLength(63 - 11 - 30);
    expect(name).toMatch(/^x+-[0-9a-f]{8}$/);
  });

  it('accepts a namespace leaving exactly 10 characters and rejects a longer one', () => {
    expect(isvcName({ name: 'service', namespace: 'n'.repeat(42) })).toMatch(/^s-[0-9a-f]{8}$/);
    expect(() => isvcName({ name: 'service', namespace: 'n'.repeat(43) })).toThrow(InferenceServiceNameError);
    expect(() => isvcName({ name: 'service', namespace: 'n'.repeat(43) })).toThrow(/namespace too long/);
  });

  it('names the predictor Service and the KEDA HPA', () => {
    expect(predictorServiceName('test-service-1080a608')).toBe('test-service-1080a608-predictor');
    expect(kedaHpaName('test-service-1080a608')).toBe('keda-hpa-test-service-1080a608-predictor');
  });
});

describe('routeName (spec §14.2)', () => {
  it('equals the ISVC name when nothing is truncated', () => {
    expect(routeName({ name: 'test-service', namespace: 'default' })).toBe('test-service-1080a608');
  });

  it('keeps the plain 63-character bound where the ISVC name is shortened', () => {
    const svc = { name: 'x'.repeat(60), namespace: 'n'.repeat(30) };
    expect(routeName(svc)).toHaveLength(63);
    expect(isvcName(svc).length).toBeLessThan(63);
  });
});

describe('templateCacheName (spec §14.2)', () => {
  const base = {
    templateName: 'my-template',
    namespace: 'default',
    serviceName: 'my-svc',
    serviceUid: '1234-uid',
  };

  it('names a Shared cache per template and namespace', () => {
    expect(templateCacheName({ ...base, mode: 'Shared' })).toBe('my-template-1080a608');
    expect(templateCacheName({ ...base, serviceName: 'other', serviceUid: 'u2', mode: 'Shared' })).toBe(
      'my-template-1080a608',
    );
  });

  it('names a Dedicated cache per service instance', () => {
    expect(templateCacheName({ ...base, mode: 'Dedicated' })).toBe('my-template-my-svc-d17483fc');
  });
});
