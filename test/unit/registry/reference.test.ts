import { describe, expect, it } from 'vitest';
import { RegistryError } from '../../../shared/registry/errors.ts';
import {
  describeReference,
  isLoopbackHost,
  manifestReference,
  parseRegistryReference,
  registryHostProblem,
} from '../../../shared/registry/reference.ts';

const DIGEST = `sha256:${'a'.repeat(64)}`;

describe('parseRegistryReference', () => {
  it('normalises Docker Hub official images', () => {
    expect(parseRegistryReference('ubuntu')).toEqual({
      image: 'ubuntu',
      domain: 'docker.io',
      host: 'registry-1.docker.io',
      scheme: 'https',
      repository: 'library/ubuntu',
      tag: 'latest',
    });
    expect(parseRegistryReference('index.docker.io/library/ubuntu:22.04')).toMatchObject({
      domain: 'docker.io',
      repository: 'library/ubuntu',
      tag: '22.04',
    });
  });

  it('keeps Docker Hub user repositories without the library prefix', () => {
    expect(parseRegistryReference('amdenterpriseai/aim-qwen-qwen3-32b:0.8.5')).toMatchObject({
      host: 'registry-1.docker.io',
      repository: 'amdenterpriseai/aim-qwen-qwen3-32b',
      tag: '0.8.5',
    });
  });

  it('reads other registries over HTTPS and loopback ones over HTTP', () => {
    expect(parseRegistryReference('ghcr.io/silogen/aim-dummy:0.1.10')).toMatchObject({
      domain: 'ghcr.io',
      host: 'ghcr.io',
      scheme: 'https',
      repository: 'silogen/aim-dummy',
      tag: '0.1.10',
    });
    expect(parseRegistryReference('registry.example.com:8443/team/img')).toMatchObject({
      host: 'registry.example.com:8443',
      scheme: 'https',
      tag: 'latest',
    });
    expect(parseRegistryReference('127.0.0.1:5000/team/img:v1').scheme).toBe('http');
    expect(parseRegistryReference('localhost:5000/img').scheme).toBe('http');
    expect(parseRegistryReference('localhost/img').scheme).toBe('http');
  });

  it('accepts registry ports 1 to 65535 and checks spec.registry hosts the same way', () => {
    expect(parseRegistryReference('registry.local:65535/x:1').host).toBe('registry.local:65535');
    expect(parseRegistryReference('registry.local:1/x').host).toBe('registry.local:1');
    expect(registryHostProblem('spec.registry', 'ghcr.io:443')).toBeUndefined();
    expect(registryHostProblem('spec.registry', 'ghcr.io:99999')).toBe(
      'spec.registry "ghcr.io:99999" is not a registry host: registry port 99999 is outside 1-65535',
    );
  });

  it('prefers the digest over the tag for the manifest request', () => {
    const ref = parseRegistryReference(`ghcr.io/org/img:1.0@${DIGEST}`);
    expect(ref).toMatchObject({ tag: '1.0', digest: DIGEST });
    expect(manifestReference(ref)).toBe(DIGEST);
    const digestOnly = parseRegistryReference(`ghcr.io/org/img@${DIGEST}`);
    expect(digestOnly.tag).toBeUndefined();
    expect(describeReference(digestOnly)).toBe(`ghcr.io/org/img@${DIGEST}`);
  });

  it.each([
    ['', 'empty reference'],
    ['ghcr.io/Org/img:1', 'lowercase'],
    ['ghcr.io/org/img:bad tag', 'whitespace'],
    ['ghcr.io/org/img:', 'malformed tag'],
    ['ghcr.io/org/img@sha256:xyz', 'malformed digest'],
    ['ghcr.io/', 'empty repository'],
    ['ghcr.io/org/-img', 'malformed repository component'],
    ['bad_host.example.com:x/img', 'malformed registry host'],
    ['ghcr.io:99999/x:1', 'registry port 99999 is outside 1-65535'],
    ['ghcr.io:65536/x:1', 'registry port 65536 is outside 1-65535'],
    ['registry.local:0/x', 'registry port 0 is outside 1-65535'],
    ['[::1]:70000/x', 'registry port 70000 is outside 1-65535'],
    [`ghcr.io/${'a'.repeat(260)}`, 'longer than 255'],
  ])('rejects %j (%s) with an invalid-reference error', (image, why) => {
    let error: unknown;
    try {
      parseRegistryReference(image);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(RegistryError);
    expect((error as RegistryError).kind).toBe('invalid-reference');
    expect((error as RegistryError).message).toContain(why);
  });
});

describe('isLoopbackHost', () => {
  it.each([
    ['127.0.0.1:5000', true],
    ['127.1.2.3', true],
    ['localhost', true],
    ['[::1]:5000', true],
    ['registry.local', false],
    ['10.0.0.1:5000', false],
    ['127.0.0.1.nip.io', false],
  ])('%s → %s', (host, expected) => {
    expect(isLoopbackHost(host)).toBe(expected);
  });
});
