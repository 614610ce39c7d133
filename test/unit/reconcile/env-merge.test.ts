import { describe, expect, it } from 'vitest';
import { deepMergeJson, mergeEngineArgs, mergeEnv } from '../../../shared/reconcile/env-merge.ts';

describe('mergeEnv', () => {
  it('replaces by name in place and appends new names, later lists winning', () => {
    const merged = mergeEnv([
      [
        { name: 'HF_TOKEN', value: 'template-token-value' },
        { name: 'HTTP_PROXY', value: 'http://template-proxy:8080' },
      ],
      [
        { name: 'HF_TOKEN', value: 'service-token-value' },
        { name: 'HTTPS_PROXY', value: 'https://proxy.example.com:8080' },
      ],
    ]);
    expect(merged).toEqual([
      { name: 'HF_TOKEN', value: 'service-token-value' },
      { name: 'HTTP_PROXY', value: 'http://template-proxy:8080' },
      { name: 'HTTPS_PROXY', value: 'https://proxy.example.com:8080' },
    ]);
  });

  it('deep-merges AIM_ENGINE_ARGS JSON objects, the later level winning per key', () => {
    const merged = mergeEnv([
      [{ name: 'AIM_ENGINE_ARGS', value: '{"max-model-len": 4096, "extra": {"a": 1, "b": 2}}' }],
      undefined,
      [{ name: 'AIM_ENGINE_ARGS', value: '{"extra": {"b": 3}, "tp": 2}' }],
    ]);
    expect(merged).toHaveLength(1);
    expect(JSON.parse(merged[0]?.value ?? '')).toEqual({
      'max-model-len': 4096,
      extra: { a: 1, b: 3 },
      tp: 2,
    });
    expect(merged[0]?.value).toBe('{"extra":{"a":1,"b":3},"max-model-len":4096,"tp":2}');
  });

  it('falls back to replacement when either AIM_ENGINE_ARGS value is not a JSON object', () => {
    expect(mergeEngineArgs('{"a":1}', 'not json')).toBe('not json');
    expect(mergeEngineArgs('[1]', '{"a":1}')).toBe('{"a":1}');
    const fromSecret = { name: 'AIM_ENGINE_ARGS', valueFrom: { secretKeyRef: { name: 's', key: 'k' } } };
    expect(mergeEnv([[{ name: 'AIM_ENGINE_ARGS', value: '{"a":1}' }], [fromSecret]])).toEqual([fromSecret]);
  });

  it('only deep-merges the configured names and never modifies its inputs', () => {
    const base = [{ name: 'OTHER', value: '{"a":1}' }];
    expect(mergeEnv([base, [{ name: 'OTHER', value: '{"b":2}' }]])).toEqual([
      { name: 'OTHER', value: '{"b":2}' },
    ]);
    expect(mergeEnv([base, [{ name: 'OTHER', value: '{"b":2}' }]], { deepMergeNames: ['OTHER'] })).toEqual([
      { name: 'OTHER', value: '{"a":1,"b":2}' },
    ]);
    expect(base).toEqual([{ name: 'OTHER', value: '{"a":1}' }]);
  });

  it('deepMergeJson replaces arrays and scalars', () => {
    expect(deepMergeJson({ a: [1, 2], b: { c: 1 } }, { a: [3], b: 5 })).toEqual({ a: [3], b: 5 });
  });
});
