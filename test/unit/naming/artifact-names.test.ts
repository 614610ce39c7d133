import { describe, expect, it } from 'vitest';
import {
  artifactCheckSizeJobName,
  artifactDownloadJobName,
  artifactName,
  artifactPvcName,
} from '../../../shared/naming/artifact-names.ts';

describe('artifactName (spec §14.6)', () => {
  const shared = { mode: 'Shared' as const, cacheName: 'cache-a' };

  it('matches the spec vector without env or storage class', () => {
    expect(artifactName({ ...shared, sourceUri: 'hf://HuggingFaceTB/SmolLM2-135M' })).toBe(
      'hf---huggingfacetb-smollm2-135m-d4dc6f81cc',
    );
  });

  it('matches the spec vector with env', () => {
    const env = [{ name: 'HF_TOKEN', value: 'my-token' }];
    expect(artifactName({ ...shared, sourceUri: 'hf://sshleifer/tiny-gpt2', env })).toBe(
      'hf---sshleifer-tiny-gpt2-8b6a4bfd16',
    );
  });

  it('lets Shared caches with the same source, env and storage class reuse one artifact', () => {
    const a = artifactName({ ...shared, sourceUri: 'hf://org/m', storageClassName: 'fast' });
    const b = artifactName({
      mode: 'Shared',
      cacheName: 'cache-b',
      sourceUri: 'hf://org/m',
      storageClassName: 'fast',
    });
    expect(a).toBe(b);
    expect(artifactName({ ...shared, sourceUri: 'hf://org/m', storageClassName: 'slow' })).not.toBe(a);
  });

  it('makes Dedicated artifacts private to their cache', () => {
    const a = artifactName({ mode: 'Dedicated', cacheName: 'cache-a', sourceUri: 'hf://org/m' });
    const b = artifactName({ mode: 'Dedicated', cacheName: 'cache-b', sourceUri: 'hf://org/m' });
    expect(a).not.toBe(b);
    expect(a).not.toBe(artifactName({ ...shared, sourceUri: 'hf://org/m' }));
  });

  it('hashes an empty env like an absent one', () => {
    const uri = 'hf://HuggingFaceTB/SmolLM2-135M';
    expect(artifactName({ ...shared, sourceUri: uri, env: [] })).toBe(
      artifactName({ ...shared, sourceUri: uri }),
    );
  });
});

describe('artifact children (spec §14.6)', () => {
  // sha256('"1234-uid"') starts with d17483fc (the Dedicated template cache vector of §14.2).
  const artifact = { name: 'hf---org-model-0123456789', uid: '1234-uid' };

  it('names the PVC, download Job and check-size Job from the artifact name and uid', () => {
    expect(artifactPvcName(artifact)).toBe('hf---org-model-0123456789-cache-d17483fc');
    expect(artifactDownloadJobName(artifact)).toBe('hf---org-model-0123456789-download-d17483fc');
    expect(artifactCheckSizeJobName(artifact)).toBe('hf---org-model-0123456789-check-size-d17483fc');
  });

  it('gives a recreated artifact (new uid) new child names within 63 characters', () => {
    const long = { name: `hf---${'x'.repeat(58)}`, uid: 'other-uid' };
    for (const name of [
      artifactPvcName(long),
      artifactDownloadJobName(long),
      artifactCheckSizeJobName(long),
    ]) {
      expect(name.length).toBeLessThanOrEqual(63);
      expect(name).not.toContain('d17483fc');
    }
  });
});
