import { describe, expect, it } from 'vitest';
import {
  DockerConfigError,
  matchCredentials,
  parseConfigKey,
  parseDockerConfig,
} from '../../../shared/registry/credentials.ts';

const b64 = (text: string) => Buffer.from(text).toString('base64');

describe('parseDockerConfig', () => {
  it('reads auth and username/password entries', () => {
    const entries = parseDockerConfig(
      JSON.stringify({
        auths: {
          'https://index.docker.io/v1/': { auth: b64('hub-user:hub:pass') },
          'ghcr.io': { username: 'gh', password: 'ghp_secret' },
          'empty.example': {},
        },
      }),
    );
    expect(entries).toEqual([
      {
        key: 'https://index.docker.io/v1/',
        host: 'docker.io',
        path: '',
        credentials: { username: 'hub-user', password: 'hub:pass' },
      },
      { key: 'ghcr.io', host: 'ghcr.io', path: '', credentials: { username: 'gh', password: 'ghp_secret' } },
    ]);
  });

  it('reads the legacy .dockercfg layout', () => {
    const entries = parseDockerConfig(JSON.stringify({ 'quay.io': { auth: b64('u:p') } }), { legacy: true });
    expect(entries[0]?.credentials).toEqual({ username: 'u', password: 'p' });
  });

  it('rejects malformed documents without quoting them', () => {
    const secretText = '{"auths": {"x": {"password": "hunter2"';
    expect(() => parseDockerConfig(secretText)).toThrow(DockerConfigError);
    try {
      parseDockerConfig(secretText);
    } catch (err) {
      expect((err as Error).message).not.toContain('hunter2');
    }
    expect(() => parseDockerConfig('{"other": 1}')).toThrow('no "auths" object');
  });
});

describe('parseConfigKey', () => {
  it.each([
    ['https://index.docker.io/v1/', { host: 'docker.io', path: '' }],
    ['registry-1.docker.io', { host: 'docker.io', path: '' }],
    ['http://127.0.0.1:5000', { host: '127.0.0.1:5000', path: '' }],
    ['GHCR.io/team/', { host: 'ghcr.io', path: 'team' }],
  ])('%s', (key, expected) => {
    expect(parseConfigKey(key)).toEqual(expected);
  });
});

describe('matchCredentials', () => {
  const entries = parseDockerConfig(
    JSON.stringify({
      auths: {
        'registry.example': { username: 'whole', password: '1' },
        'registry.example/team': { username: 'team', password: '2' },
        '*.wild.example': { username: 'wild', password: '3' },
        'docker.io': { username: 'hub', password: '4' },
      },
    }),
  );

  it('prefers the longest matching path prefix', () => {
    expect(matchCredentials(entries, 'registry.example', 'team/img')?.username).toBe('team');
    expect(matchCredentials(entries, 'registry.example', 'teamx/img')?.username).toBe('whole');
  });

  it('matches one wildcard label only', () => {
    expect(matchCredentials(entries, 'a.wild.example', 'img')?.username).toBe('wild');
    expect(matchCredentials(entries, 'a.b.wild.example', 'img')).toBeUndefined();
  });

  it('matches Docker Hub by its canonical domain and nothing else by accident', () => {
    expect(matchCredentials(entries, 'docker.io', 'library/ubuntu')?.username).toBe('hub');
    expect(matchCredentials(entries, 'other.example', 'img')).toBeUndefined();
  });
});
