import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  findResultArray,
  parseDiscoveryLog,
  sizeFromGigabytes,
} from '../../../shared/templates/discovery-output.ts';
import { DRY_RUN_METADATA, DRY_RUN_RESULT } from './fixtures.ts';

describe('parseDiscoveryLog (spec §8.4)', () => {
  it('turns the first element into the profile and the model sources', () => {
    const parsed = parseDiscoveryLog(JSON.stringify(DRY_RUN_RESULT));
    expect(parsed).toEqual({
      ok: true,
      output: {
        profile: {
          engine_args: { 'max-model-len': 2048, 'tensor-parallel-size': 1 },
          env_vars: { VLLM_USE_TRITON_FLASH_ATTN: '0' },
          metadata: DRY_RUN_METADATA,
        },
        modelSources: [
          {
            modelId: 'HuggingFaceTB/SmolLM2-135M',
            sourceUri: 'hf://HuggingFaceTB/SmolLM2-135M',
            size: '512Mi',
          },
        ],
        gpu: { gpuCount: 1, gpuModel: 'MI300X' },
      },
    });
  });

  it('finds the array between noise lines that contain brackets themselves', () => {
    const log = [
      '[INFO] aim-runtime [boot] loading profiles',
      'WARNING: list [1, 2] ignored',
      JSON.stringify(DRY_RUN_RESULT, null, 2),
      '[DONE] exit [0]',
      '',
    ].join('\n');
    const parsed = parseDiscoveryLog(log);
    expect(parsed.ok).toBe(true);
    if (parsed.ok) expect(parsed.output.modelSources[0]?.size).toBe('512Mi');
  });

  it('finds the array amid arbitrary noise without JSON arrays of objects (property)', () => {
    const noiseLine = fc.string({ maxLength: 40 }).filter((line) => !line.includes('{'));
    fc.assert(
      fc.property(
        fc.array(noiseLine, { maxLength: 5 }),
        fc.array(noiseLine, { maxLength: 5 }),
        (before, after) => {
          const log = [...before, JSON.stringify(DRY_RUN_RESULT), ...after].join('\n');
          const parsed = parseDiscoveryLog(log);
          return parsed.ok && parsed.output.modelSources[0]?.modelId === 'HuggingFaceTB/SmolLM2-135M';
        },
      ),
    );
  });

  it.each([
    ['not JSON at all', 'holds no JSON array'],
    ['[]', 'holds no JSON array'],
    ['[1, 2, 3]', 'holds no JSON array'],
    [JSON.stringify([{ profile: {}, models: [] }]), 'no model sources'],
    [JSON.stringify([{ profile: {} }]), 'models'],
    [
      JSON.stringify([{ models: [{ name: 'tokenizer', source: 'hf://x/y', size_gb: 1 }] }]),
      'models[0].modelId',
    ],
    [
      JSON.stringify([{ models: [{ name: 'org/m', source: 'http://x', size_gb: 1 }] }]),
      'models[0].sourceUri',
    ],
    [
      JSON.stringify([{ profile: { metadata: { gpu_count: -1 } }, models: DRY_RUN_RESULT[0]!.models }]),
      'gpu_count',
    ],
  ])('rejects %j with a message', (log, fragment) => {
    const parsed = parseDiscoveryLog(log);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.message).toContain(fragment);
  });

  it('coerces scalar env values to strings and drops absent sizes', () => {
    const parsed = parseDiscoveryLog(
      JSON.stringify([
        { profile: { env_vars: { A: 1, B: true } }, models: [{ name: 'org/m', source: 's3://b/m' }] },
      ]),
    );
    expect(parsed.ok && parsed.output.profile.env_vars).toEqual({ A: '1', B: 'true' });
    expect(parsed.ok && parsed.output.modelSources).toEqual([{ modelId: 'org/m', sourceUri: 's3://b/m' }]);
    expect(parsed.ok && parsed.output.gpu).toEqual({ gpuCount: 0, gpuModel: '' });
  });

  it('stops searching a pathological log instead of spinning', () => {
    const log = `${'[]'.repeat(20_000)}`;
    const started = performance.now();
    expect(findResultArray(log)).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

describe('sizeFromGigabytes', () => {
  it('is int64(size_gb × 1024³) in binary SI', () => {
    expect(sizeFromGigabytes(0.5)).toBe('512Mi');
    expect(sizeFromGigabytes(14)).toBe('14Gi');
    expect(sizeFromGigabytes(1.1)).toBe(String(Math.trunc(1.1 * 1024 ** 3)));
    expect(sizeFromGigabytes(0)).toBeUndefined();
    expect(sizeFromGigabytes(undefined)).toBeUndefined();
  });
});
