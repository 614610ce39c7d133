import { describe, expect, it } from 'vitest';
import { selectionCandidate } from '../../../../shared/service-resolution/selection/candidate.ts';

const API = 'aim.eai.amd.com/v1alpha1';

describe('selectionCandidate', () => {
  it('prefers the profile for metric and precision, the spec for GPU model and count', () => {
    const template = {
      apiVersion: API,
      kind: 'AIMServiceTemplate',
      metadata: { name: 't', namespace: 'team' },
      spec: {
        modelName: 'm',
        metric: 'throughput',
        precision: 'fp16',
        hardware: { gpu: { model: 'MI325X', requests: 2 } },
      },
      status: {
        status: 'Ready',
        profile: {
          metadata: { type: 'optimized', metric: 'latency', precision: 'fp8', gpu: 'MI300X', gpuCount: 4 },
        },
      },
    };
    expect(selectionCandidate(template, 'Namespace')).toEqual({
      name: 't',
      scope: 'Namespace',
      status: 'Ready',
      profileType: 'optimized',
      metric: 'latency',
      precision: 'fp8',
      gpuModel: 'MI325X',
      gpuCount: 2,
    });
  });

  it('falls back to the spec, then the profile, and to empty values', () => {
    const specOnly = {
      apiVersion: API,
      kind: 'AIMClusterServiceTemplate',
      metadata: { name: 'c' },
      spec: { modelName: 'm', metric: 'latency' },
    };
    expect(selectionCandidate(specOnly, 'Cluster')).toEqual({
      name: 'c',
      scope: 'Cluster',
      status: '',
      profileType: '',
      metric: 'latency',
      precision: '',
      gpuModel: '',
      gpuCount: 0,
    });
    const profileGpu = {
      ...specOnly,
      spec: { modelName: 'm', hardware: { gpu: { requests: 0 } } },
      status: { profile: { metadata: { gpu: 'MI300X', gpuCount: 8 } } },
    };
    expect(selectionCandidate(profileGpu, 'Cluster')).toMatchObject({ gpuModel: 'MI300X', gpuCount: 8 });
  });
});
