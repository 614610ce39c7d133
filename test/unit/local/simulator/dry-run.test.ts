import { describe, expect, it } from 'vitest';
import { dryRunProfile, renderDryRunLog } from '../../../../local/simulator/dry-run.ts';

describe('dry-run output', () => {
  it('builds the aim-dummy shaped profile from the discovery env', () => {
    const profile = dryRunProfile({
      AIM_GPU_MODEL: 'MI300X',
      AIM_METRIC: 'throughput',
      AIM_PRECISION: 'fp16',
      AIM_GPU_COUNT: '2',
    });
    expect(profile).toMatchObject({
      profile: {
        model: 'HuggingFaceTB/SmolLM2-135M',
        metadata: {
          engine: 'vllm',
          gpu: 'MI300X',
          precision: 'fp16',
          gpu_count: 2,
          metric: 'throughput',
          type: 'optimized',
        },
      },
      models: [
        { name: 'HuggingFaceTB/SmolLM2-135M', source: 'hf://HuggingFaceTB/SmolLM2-135M', size_gb: 0.5 },
      ],
    });
  });

  it('names the file after AIM_PROFILE_ID and marks unoptimized profiles', () => {
    const profile = dryRunProfile({ AIM_PROFILE_ID: 'mi300x-fp16-latency-unopt' });
    expect(profile.filename).toBe('mi300x-fp16-latency-unopt.yaml');
    expect((profile.profile as { metadata: { type: string } }).metadata.type).toBe('unoptimized');
  });

  it('lets a rule override models and metadata', () => {
    const profile = dryRunProfile(
      { AIM_GPU_MODEL: 'MI300X' },
      {
        gpu: 'MI325X',
        models: [{ name: 'org/big', source: 's3://bucket/big', sizeGb: 70 }],
        envVars: { A: 'b' },
      },
    );
    expect(profile).toMatchObject({
      profile: { model: 'org/big', metadata: { gpu: 'MI325X' }, env_vars: { A: 'b' } },
      models: [{ name: 'org/big', source: 's3://bucket/big', size_gb: 70 }],
    });
  });

  it('puts noise first and a parseable JSON array last', () => {
    const log = renderDryRunLog({});
    const firstBracket = log.indexOf('[');
    expect(firstBracket).toBeGreaterThan(0);
    expect(log.slice(0, firstBracket)).toMatch(/INFO/);
    const parsed = JSON.parse(log.slice(firstBracket));
    expect(Array.isArray(parsed) && parsed.length).toBe(1);
    expect(() => JSON.parse(log)).toThrow();
  });
});
