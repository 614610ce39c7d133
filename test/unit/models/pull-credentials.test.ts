import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../../shared/kube/types.ts';
import { pullCredentials } from '../../../shared/models/pull-credentials.ts';
import { StateError } from '../../../shared/reconcile/categorize.ts';
import { parseRegistryReference } from '../../../shared/registry/reference.ts';
import { FakeKubeClient } from '../../support/fake-kube.ts';
import { dockerSecret } from './support.ts';

const PASSWORD = 'pa55-w0rd';

const ref = parseRegistryReference('reg.example/team/model:1');

async function failure(promise: Promise<unknown>): Promise<StateError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(StateError);
  expect((err as Error).message).not.toContain(PASSWORD);
  return err as StateError;
}

describe('pullCredentials', () => {
  it('is anonymous without secrets', async () => {
    expect(await pullCredentials(new FakeKubeClient(), [], 'team', ref)).toBeUndefined();
  });

  it('returns the matching credentials of the first secret that has some', async () => {
    const kube = new FakeKubeClient().seed(
      dockerSecret('other', 'team', { 'ghcr.io': { username: 'gh', password: 'x' } }),
      dockerSecret('reg', 'team', { 'https://reg.example': { username: 'robot', password: PASSWORD } }),
    );
    expect(await pullCredentials(kube, ['other', 'reg'], 'team', ref)).toEqual({
      username: 'robot',
      password: PASSWORD,
    });
    expect(await pullCredentials(kube, ['other'], 'team', ref)).toBeUndefined();
  });

  it('reads legacy .dockercfg secrets', async () => {
    const kube = new FakeKubeClient().seed(
      dockerSecret(
        'legacy',
        'team',
        { 'reg.example': { auth: Buffer.from(`u:${PASSWORD}`).toString('base64') } },
        'kubernetes.io/dockercfg',
      ),
    );
    expect(await pullCredentials(kube, ['legacy'], 'team', ref)).toEqual({
      username: 'u',
      password: PASSWORD,
    });
  });

  it('fails with SecretNotFound naming the secret and namespace', async () => {
    const error = await failure(pullCredentials(new FakeKubeClient(), ['missing'], 'aim-system', ref));
    expect(error).toMatchObject({
      category: 'MissingUpstreamDependency',
      reason: 'SecretNotFound',
      message: 'imagePullSecret "missing" not found in namespace "aim-system"',
    });
  });

  it('fails with SecretAccessFailed when the secret cannot be read', async () => {
    const kube = new FakeKubeClient().failNext('getOptional', 'Forbidden');
    const error = await failure(pullCredentials(kube, ['reg'], 'team', ref));
    expect(error).toMatchObject({ category: 'Infrastructure', reason: 'SecretAccessFailed' });
    expect(error.message).toContain('imagePullSecret "reg" in namespace "team"');
  });

  it('rejects secrets that are not docker configs without quoting them', async () => {
    const opaque: KubeObject = {
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 'opaque', namespace: 'team' },
      type: 'Opaque',
      data: { password: Buffer.from(PASSWORD).toString('base64') },
    };
    const broken: KubeObject = {
      ...dockerSecret('broken', 'team', {}),
      data: {
        '.dockerconfigjson': Buffer.from(`{"auths": {"reg.example": {"password": "${PASSWORD}"`).toString(
          'base64',
        ),
      },
    };
    const kube = new FakeKubeClient().seed(opaque, broken);
    expect(await failure(pullCredentials(kube, ['opaque'], 'team', ref))).toMatchObject({
      category: 'InvalidSpec',
      reason: 'InvalidPullSecret',
      message:
        'imagePullSecret "opaque" in namespace "team" is of type "Opaque"; expected kubernetes.io/dockerconfigjson',
    });
    expect((await failure(pullCredentials(kube, ['broken'], 'team', ref))).message).toBe(
      'imagePullSecret "broken" in namespace "team" is not a valid docker config: not valid JSON',
    );
  });
});
