import { describe, expect, it } from 'vitest';
import { parseRegistryMirrors, withMirror } from '../../../shared/registry/mirrors.ts';
import { parseRegistryReference } from '../../../shared/registry/reference.ts';

describe('registry mirrors', () => {
  it('fetches an image from its registry’s mirror and keeps its name and credentials domain', () => {
    const mirrors = parseRegistryMirrors('ghcr.io=127.0.0.1:5000, docker.io = mirror.internal');
    const ghcr = withMirror(parseRegistryReference('ghcr.io/amd/llama-3-8b:v1.0.0'), mirrors);
    expect(ghcr).toMatchObject({
      image: 'ghcr.io/amd/llama-3-8b:v1.0.0',
      domain: 'ghcr.io',
      host: '127.0.0.1:5000',
      scheme: 'http',
      repository: 'amd/llama-3-8b',
      tag: 'v1.0.0',
    });
    const hub = withMirror(parseRegistryReference('busybox'), mirrors);
    expect(hub).toMatchObject({ domain: 'docker.io', host: 'mirror.internal', scheme: 'https' });
    expect(hub.repository).toBe('library/busybox');
  });

  it('leaves registries without a mirror alone', () => {
    const ref = parseRegistryReference('quay.io/org/model:1');
    expect(withMirror(ref, parseRegistryMirrors('ghcr.io=127.0.0.1:5000'))).toEqual(ref);
    expect(withMirror(ref, parseRegistryMirrors(undefined))).toEqual(ref);
  });

  it('names an entry that is not registry=host', () => {
    expect(() => parseRegistryMirrors('ghcr.io')).toThrow(
      /AIM_REGISTRY_MIRRORS: "ghcr.io" is not registry=host/,
    );
    expect(() => parseRegistryMirrors('a=b=c')).toThrow(/"a=b=c"/);
  });
});
