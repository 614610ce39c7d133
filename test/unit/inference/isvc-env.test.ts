import { describe, expect, it } from 'vitest';
import { buildInferenceEnv } from '../../../shared/inference/isvc-env.ts';

describe('buildInferenceEnv (spec §10.7.1)', () => {
  it('template metric latency / precision fp16 ⇒ AIM_CACHE_PATH, AIM_METRIC, AIM_PRECISION', () => {
    expect(buildInferenceEnv({ template: { metric: 'latency', precision: 'fp16' } })).toEqual([
      { name: 'AIM_CACHE_PATH', value: '/workspace/cache' },
      { name: 'AIM_METRIC', value: 'latency' },
      { name: 'AIM_PRECISION', value: 'fp16' },
      { name: 'VLLM_ENABLE_METRICS', value: 'true' },
    ]);
  });

  it('sets AIM_PROFILE_ID from the template profile id', () => {
    const env = buildInferenceEnv({ template: { profileId: 'mi300x-fp16-latency-unopt' } });
    expect(env).toContainEqual({ name: 'AIM_PROFILE_ID', value: 'mi300x-fp16-latency-unopt' });
  });

  it('lets each level override the previous one: runtime config < profile < template < model id < service', () => {
    const env = buildInferenceEnv({
      runtimeConfigEnv: [
        { name: 'AIM_CACHE_PATH', value: '/rc-cache' },
        { name: 'AIM_METRIC', value: 'throughput' },
        { name: 'SHARED', value: 'runtime' },
      ],
      template: {
        metric: 'latency',
        env: [
          { name: 'SHARED', value: 'template' },
          { name: 'AIM_MODEL_ID', value: 'template/own' },
        ],
        modelSources: [{ modelId: 'inline/test-model' }],
      },
      serviceEnv: [{ name: 'VLLM_ENABLE_METRICS', value: 'false' }],
    });
    expect(env).toEqual([
      { name: 'AIM_CACHE_PATH', value: '/rc-cache' },
      { name: 'AIM_METRIC', value: 'latency' },
      { name: 'AIM_MODEL_ID', value: 'inline/test-model' },
      { name: 'SHARED', value: 'template' },
      { name: 'VLLM_ENABLE_METRICS', value: 'false' },
    ]);
  });

  it('deep-merges AIM_ENGINE_ARGS across levels, higher precedence winning per key', () => {
    const env = buildInferenceEnv({
      runtimeConfigEnv: [{ name: 'AIM_ENGINE_ARGS', value: '{"a":1,"nested":{"x":1,"y":1}}' }],
      template: { env: [{ name: 'AIM_ENGINE_ARGS', value: '{"b":2,"nested":{"y":2}}' }] },
      serviceEnv: [{ name: 'AIM_ENGINE_ARGS', value: '{"a":3}' }],
    });
    expect(env.find((entry) => entry.name === 'AIM_ENGINE_ARGS')?.value).toBe(
      '{"a":3,"b":2,"nested":{"x":1,"y":2}}',
    );
  });

  it('keeps valueFrom entries and sorts by name byte-wise', () => {
    const env = buildInferenceEnv({
      template: {},
      serviceEnv: [
        { name: 'b_lower', value: '1' },
        { name: 'HF_TOKEN', valueFrom: { secretKeyRef: { name: 'hf', key: 'token' } } },
      ],
    });
    expect(env.map((entry) => entry.name)).toEqual([
      'AIM_CACHE_PATH',
      'HF_TOKEN',
      'VLLM_ENABLE_METRICS',
      'b_lower',
    ]);
    expect(env[1]).toEqual({ name: 'HF_TOKEN', valueFrom: { secretKeyRef: { name: 'hf', key: 'token' } } });
  });
});
