import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvalidImageMetadataError } from '../../../shared/models/metadata-error.ts';
import {
  deploymentProblems,
  parseRecommendedDeployments,
} from '../../../shared/models/recommended-deployments.ts';

describe('parseRecommendedDeployments', () => {
  it('decodes a JSON array', () => {
    expect(
      parseRecommendedDeployments(
        '[{"gpuModel":"MI300X","gpuCount":1,"precision":"fp8","metric":"latency","profileId":"p1","description":"d"}]',
      ),
    ).toEqual([
      {
        gpuModel: 'MI300X',
        gpuCount: 1,
        precision: 'fp8',
        metric: 'latency',
        profileId: 'p1',
        description: 'd',
      },
    ]);
  });

  it('accepts the single-quoted (Python dict) form and comma-separated objects without brackets', () => {
    expect(
      parseRecommendedDeployments(
        "  {'gpuModel': 'MI300X', 'gpuCount': 1, 'metric': 'latency'}, {'gpuModel': 'MI325X', 'gpuCount': 2}  ",
      ),
    ).toEqual([
      { gpuModel: 'MI300X', gpuCount: 1, metric: 'latency' },
      { gpuModel: 'MI325X', gpuCount: 2 },
    ]);
  });

  it('matches keys case-insensitively like Go, preferring the exact key, and ignores unknown keys', () => {
    expect(
      parseRecommendedDeployments('[{"GPUMODEL":"A","gpuModel":"B","GpuCount":2,"extra":{"x":1}}]'),
    ).toEqual([{ gpuModel: 'B', gpuCount: 2 }]);
  });

  it('leaves null and empty values out', () => {
    expect(parseRecommendedDeployments('[{"gpuModel":null,"gpuCount":0,"metric":""}, null]')).toEqual([
      {},
      {},
    ]);
  });

  it('breaks on apostrophes inside values, as upstream does (quirk 13)', () => {
    expect(() => parseRecommendedDeployments(`[{"description": "the model's best"}]`)).toThrow(
      InvalidImageMetadataError,
    );
  });

  it.each([
    ['not json at all', 'not valid JSON'],
    ['{"gpuModel": "MI300X"', 'not valid JSON'],
    ['[{"gpuCount": "4"}]', 'gpuCount must be a whole number'],
    ['[{"gpuCount": 1.5}]', 'gpuCount must be a whole number'],
    ['[{"gpuCount": 4294967296}]', 'gpuCount must be a whole number'],
    ['[{"gpuModel": 300}]', 'gpuModel must be a string'],
    ['["MI300X"]', 'recommendedDeployments[0] is not an object'],
    ['[[1]]', 'recommendedDeployments[0] is not an object'],
  ])('rejects %j with a clear message', (label, message) => {
    expect(() => parseRecommendedDeployments(label)).toThrow(message);
  });

  it('refuses more deployments than an image may ask templates for', () => {
    const label = JSON.stringify(Array.from({ length: 65 }, () => ({ gpuModel: 'MI300X', gpuCount: 1 })));
    expect(() => parseRecommendedDeployments(label)).toThrow('65 deployments; at most 64');
  });

  it('never throws anything but InvalidImageMetadataError', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json()), (label) => {
        try {
          parseRecommendedDeployments(label);
        } catch (err) {
          expect(err).toBeInstanceOf(InvalidImageMetadataError);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('deploymentProblems', () => {
  it('names values a template could not hold', () => {
    expect(
      deploymentProblems([
        { metric: 'latency', precision: 'fp8', gpuCount: 1, gpuModel: 'MI300X' },
        { metric: 'fast', precision: 'fp9', gpuCount: -1, gpuModel: 'x'.repeat(65) },
      ]),
    ).toEqual([
      'recommendedDeployments[1].metric "fast" is not one of latency, throughput',
      'recommendedDeployments[1].precision "fp9" is not one of auto, fp4, fp8, fp16, fp32, bf16, int4, int8',
      'recommendedDeployments[1].gpuCount must not be negative',
      'recommendedDeployments[1].gpuModel is longer than 64 characters',
    ]);
  });
});
