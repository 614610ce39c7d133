import { describe, expect, it } from 'vitest';
import {
  derivedTemplateName,
  generateCustomTemplateName,
  generateTemplateName,
} from '../../../shared/naming/template-names.ts';

const IMAGE = 'ghcr.io/silogen/aim-dummy:0.1.10';

describe('generateTemplateName (spec §14.4)', () => {
  it('matches the spec vector', () => {
    const deployment = { gpuModel: 'MI300X', gpuCount: 1, metric: 'latency', precision: 'fp8' };
    expect(generateTemplateName('m', IMAGE, deployment)).toBe(
      'ghcr-io-silogen-aim-dummy-0-1-10-1x-mi300x-lat-fp8-ac4a',
    );
  });

  it('abbreviates throughput and keeps other metrics verbatim', () => {
    expect(generateTemplateName('m', 'img', { metric: 'throughput' })).toMatch(/^img-thr-[0-9a-f]{4}$/);
    expect(generateTemplateName('m', 'img', { metric: 'cost' })).toMatch(/^img-cost-[0-9a-f]{4}$/);
  });

  it('writes the GPU alone or the count alone when the other is missing', () => {
    expect(generateTemplateName('m', 'img', { gpuModel: 'MI325X' })).toMatch(/^img-mi325x-[0-9a-f]{4}$/);
    expect(generateTemplateName('m', 'img', { gpuCount: 2 })).toMatch(/^img-x2-[0-9a-f]{4}$/);
  });

  it('includes the model name in the hash but not in the readable part', () => {
    const d = { gpuModel: 'MI300X', gpuCount: 1 };
    expect(generateTemplateName('a', 'img', d)).not.toBe(generateTemplateName('b', 'img', d));
  });

  it('stays within 63 characters for long images', () => {
    const name = generateTemplateName('m', `registry.example.com/${'very-long-org/'.repeat(5)}model:1.0`, {
      gpuModel: 'MI300X',
      gpuCount: 8,
      metric: 'throughput',
      precision: 'bf16',
    });
    expect(name.length).toBeLessThanOrEqual(63);
    expect(name).toMatch(/-8x-mi300x-thr-bf16-[0-9a-f]{4}$/);
  });
});

describe('generateCustomTemplateName (spec §7.4.2, §14.5)', () => {
  it('names the auto template of a custom model', () => {
    expect(generateCustomTemplateName('auto-gen-template-test', undefined, 0)).toBe(
      'auto-gen-template-test-custom-60ba3f14',
    );
  });

  it('names a custom template with hardware', () => {
    const ct = { name: 'multi-gpu', hardware: { gpu: { requests: 2, model: 'MI300X' } } };
    expect(generateCustomTemplateName('custom-model-test', ct, 1)).toBe(
      'custom-model-test-custom-multi-gpu-mi300x-e999d587',
    );
  });

  it('puts the precision in the name and the profile in the hash', () => {
    const latency = generateCustomTemplateName('m', { profile: { metric: 'latency', precision: 'fp8' } }, 0);
    const throughput = generateCustomTemplateName(
      'm',
      { profile: { metric: 'throughput', precision: 'fp8' } },
      0,
    );
    expect(latency).toMatch(/^m-custom-fp8-[0-9a-f]{8}$/);
    expect(latency).not.toBe(throughput);
  });

  it('distinguishes templates by index', () => {
    expect(generateCustomTemplateName('m', { name: 'a' }, 0)).not.toBe(
      generateCustomTemplateName('m', { name: 'a' }, 1),
    );
  });
});

describe('derivedTemplateName (spec §14.2)', () => {
  it('matches the spec vector', () => {
    const overrides = {
      metric: 'throughput',
      precision: 'fp8',
      hardware: { gpu: { model: 'MI300X', requests: 4 } },
    };
    expect(derivedTemplateName('my-template', overrides)).toBe(
      'my-template-ovr-mi300x-4gpu-fp8-throughput-b295',
    );
  });

  it('returns the base name without overrides', () => {
    expect(derivedTemplateName('my-template', undefined)).toBe('my-template');
    expect(derivedTemplateName('my-template', {})).toBe('my-template');
    expect(derivedTemplateName('my-template', { hardware: { gpu: { requests: 0 } } })).toBe('my-template');
  });

  it('lists only the overrides that are set', () => {
    expect(derivedTemplateName('t', { metric: 'latency' })).toMatch(/^t-ovr-latency-[0-9a-f]{4}$/);
    expect(derivedTemplateName('t', { hardware: { gpu: { requests: 2 } } })).toMatch(
      /^t-ovr-2gpu-[0-9a-f]{4}$/,
    );
  });
});
