import { describe, expect, it } from 'vitest';
import { ImageReferenceError } from '../../../shared/naming/image-ref.ts';
import { generateCustomModelName, generateModelName } from '../../../shared/naming/model-names.ts';

describe('generateModelName (spec §14.3)', () => {
  it.each([
    ['ghcr.io/silogen/aim-dummy:0.1.10', 'aim-dummy-0-1-10-9bf80281'],
    ['amdenterpriseai/aim-qwen-qwen3-32b:0.8.5', 'aim-qwen-qwen3-32b-0-8-5-cdc1fb22'],
  ])('%s ⇒ %s', (image, expected) => {
    expect(generateModelName(image)).toBe(expected);
  });

  it('hashes the full reference, so the same name and tag from another registry differ', () => {
    const a = generateModelName('ghcr.io/silogen/aim-dummy:0.1.10');
    const b = generateModelName('docker.io/silogen/aim-dummy:0.1.10');
    expect(a).not.toBe(b);
    expect(b.startsWith('aim-dummy-0-1-10-')).toBe(true);
  });

  it('rejects unparseable images with a typed error', () => {
    expect(() => generateModelName('ghcr.io/x/model:')).toThrow(ImageReferenceError);
  });
});

describe('generateCustomModelName (spec §14.3)', () => {
  const custom = {
    baseImage: 'ghcr.io/silogen/aim-dummy:0.1.10',
    modelSources: [{ modelId: 'inline/test-model', sourceUri: 'hf://sshleifer/tiny-gpt2' }],
  };

  it('matches the spec vector', () => {
    expect(generateCustomModelName(custom)).toBe('inline-test-model-2cfa2a00');
  });

  it('ignores env other than AWS_ENDPOINT_URL', () => {
    const withEnv = {
      ...custom,
      modelSources: [{ ...custom.modelSources[0]!, env: [{ name: 'HF_TOKEN', value: 't' }] }],
    };
    expect(generateCustomModelName(withEnv)).toBe('inline-test-model-2cfa2a00');
  });

  it('tells sources apart by their AWS_ENDPOINT_URL', () => {
    const at = (url: string) =>
      generateCustomModelName({
        ...custom,
        modelSources: [{ ...custom.modelSources[0]!, env: [{ name: 'AWS_ENDPOINT_URL', value: url }] }],
      });
    expect(at('http://minio-a:9000')).not.toBe(at('http://minio-b:9000'));
    expect(at('http://minio-a:9000')).not.toBe('inline-test-model-2cfa2a00');
    expect(at('')).toBe('inline-test-model-2cfa2a00');
  });

  it('falls back to custom-model without sources', () => {
    expect(generateCustomModelName({ baseImage: 'img' })).toMatch(/^custom-model-[0-9a-f]{8}$/);
    expect(generateCustomModelName({ baseImage: 'img' })).not.toBe(
      generateCustomModelName({ baseImage: 'img2' }),
    );
  });
});
