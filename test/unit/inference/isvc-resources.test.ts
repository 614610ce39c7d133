import { describe, expect, it } from 'vitest';
import { buildResources } from '../../../shared/inference/isvc-resources.ts';
import { resourceProblems } from '../../../shared/inference/spec-problems.ts';

describe('buildResources (spec §10.7.2)', () => {
  it('derives per-GPU defaults', () => {
    expect(buildResources({ requests: 2 }, undefined, undefined)).toEqual({
      requests: { cpu: '8', memory: '64Gi', 'amd.com/gpu': '2' },
      limits: { memory: '96Gi', 'amd.com/gpu': '2' },
    });
  });

  it('uses the resolved GPU resource name', () => {
    expect(
      buildResources({ requests: 1, resourceName: 'amd.com/xgmi' }, undefined, undefined).limits,
    ).toEqual({
      memory: '48Gi',
      'amd.com/xgmi': '1',
    });
  });

  it('has no defaults without GPUs', () => {
    expect(buildResources({ requests: 0 }, undefined, undefined)).toEqual({});
    expect(buildResources(undefined, { requests: { cpu: '2' } }, undefined)).toEqual({
      requests: { cpu: '2' },
    });
  });

  it('overlays template then service, per resource name and per list', () => {
    expect(
      buildResources(
        { requests: 1 },
        { requests: { cpu: '6' }, limits: { cpu: '12' } },
        { requests: { memory: '40Gi' }, limits: { memory: '64Gi', 'amd.com/gpu': '1' } },
      ),
    ).toEqual({
      requests: { cpu: '6', memory: '40Gi', 'amd.com/gpu': '1' },
      limits: { memory: '64Gi', 'amd.com/gpu': '1', cpu: '12' },
    });
  });

  it('a custom model with gpu.requests 1 ⇒ pod limits amd.com/gpu "1"', () => {
    expect(buildResources({ requests: 1 }, undefined, undefined).limits?.['amd.com/gpu']).toBe('1');
  });
});

describe('resourceProblems', () => {
  it('accepts valid quantities, integers included', () => {
    expect(resourceProblems({ requests: { cpu: 4, memory: '1Gi' }, limits: { memory: '2Gi' } })).toEqual([]);
  });

  it('names unparseable and negative quantities', () => {
    expect(resourceProblems({ requests: { cpu: 'lots' }, limits: { memory: '-1Gi' } })).toEqual([
      {
        reason: 'InvalidResources',
        message:
          'invalid resources: requests.cpu is not a quantity ("lots"); limits.memory is negative (-1Gi)',
      },
    ]);
  });

  it('names a request above its limit', () => {
    expect(resourceProblems({ requests: { cpu: '2' }, limits: { cpu: '1500m' } })[0]?.message).toBe(
      'invalid resources: requests.cpu (2) exceeds limits.cpu (1500m)',
    );
  });
});

describe('extended resources (GPUs) cannot be overcommitted', () => {
  it('a service that sets only the GPU limit sets the GPU count: the request follows', () => {
    const resources = buildResources({ requests: 1 }, undefined, {
      requests: { memory: '64Gi', cpu: '16' },
      limits: { memory: '128Gi', 'amd.com/gpu': '4' },
    });
    expect(resources.requests?.['amd.com/gpu']).toBe('4');
    expect(resources.limits?.['amd.com/gpu']).toBe('4');
    expect(resources.requests?.cpu).toBe('16');
    expect(resourceProblems(resources)).toEqual([]);
  });

  it('a request alone sets the limit too; cpu and memory keep their own sides', () => {
    const resources = buildResources({ requests: 2 }, undefined, {
      requests: { 'amd.com/gpu': '3', cpu: '10' },
    });
    expect(resources.limits?.['amd.com/gpu']).toBe('3');
    expect(resources.limits?.cpu).toBeUndefined();
  });

  it('a request and a limit that differ are named as a problem', () => {
    const problems = resourceProblems({ requests: { 'amd.com/gpu': '1' }, limits: { 'amd.com/gpu': '2' } });
    expect(problems).toHaveLength(1);
    expect(problems[0]?.message).toMatch(
      /requests\.amd\.com\/gpu \(1\) must equal limits\.amd\.com\/gpu \(2\)/,
    );
  });
});
