import { describe, expect, it } from 'vitest';
import { ImageReferenceError, parseImageReference } from '../../../shared/naming/image-ref.ts';

describe('parseImageReference (spec §14.3)', () => {
  it.each([
    ['ghcr.io/silogen/aim-dummy:0.1.10', 'ghcr.io', 'silogen/aim-dummy', 'aim-dummy', '0-1-10'],
    [
      'amdenterpriseai/aim-qwen-qwen3-32b:0.8.5',
      'docker.io',
      'amdenterpriseai/aim-qwen-qwen3-32b',
      'aim-qwen-qwen3-32b',
      '0-8-5',
    ],
    ['nginx', 'docker.io', 'nginx', 'nginx', 'latest'],
    ['localhost/team/model:v1', 'localhost', 'team/model', 'model', 'v1'],
    ['localhost:5000/model', 'localhost:5000', 'model', 'model', 'latest'],
    [
      'registry.example.com:443/a/b/My_Model:V1.0--RC',
      'registry.example.com:443',
      'a/b/My_Model',
      'my-model',
      'v1-0-rc',
    ],
  ])('%s', (image, registry, repository, name, tag) => {
    expect(parseImageReference(image)).toEqual({ registry, repository, name, tag });
  });

  it('uses the first 6 hex characters of a digest as the tag', () => {
    const digest = 'sha256:ABCDEF0123456789';
    expect(parseImageReference(`ghcr.io/x/model@${digest}`).tag).toBe('abcdef');
    expect(parseImageReference(`ghcr.io/x/model:1.0@${digest}`)).toMatchObject({
      name: 'model',
      tag: 'abcdef',
    });
  });

  it.each([
    ['', 'EmptyImage'],
    ['   ', 'EmptyImage'],
    ['ghcr.io/x/model:', 'EmptyTag'],
    ['ghcr.io/x/model:___', 'EmptyTag'],
    ['ghcr.io/x/model@', 'EmptyDigest'],
    ['ghcr.io/x/model@sha256', 'MalformedDigest'],
    ['ghcr.io/x/model@sha256:abc', 'MalformedDigest'],
    ['ghcr.io/x/model@sha256:zzzzzzzz', 'MalformedDigest'],
    ['ghcr.io/x/model@:abcdef12', 'MalformedDigest'],
    ['ghcr.io/x/___:1.0', 'EmptyName'],
    ['ghcr.io/x/', 'EmptyName'],
  ])('%j fails with %s', (image, code) => {
    let error: unknown;
    try {
      parseImageReference(image);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ImageReferenceError);
    expect((error as ImageReferenceError).code).toBe(code);
  });
});
