import { mkdtempSync, writeFileSync } from 'node:fs';
import type https from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lightConnection } from '../../../shared/kube/connection.ts';

function kubeconfig(
  user: Record<string, unknown>,
  cluster: Record<string, unknown> = {},
  extra = {},
): string {
  return JSON.stringify({
    apiVersion: 'v1',
    kind: 'Config',
    'current-context': 'main',
    contexts: [
      { name: 'main', context: { cluster: 'c', user: 'u' } },
      { name: 'other', context: { cluster: 'c2', user: 'u' } },
    ],
    clusters: [
      { name: 'c', cluster: { server: 'https://127.0.0.1:6443', ...cluster } },
      { name: 'c2', cluster: { server: 'https://127.0.0.2:6443' } },
    ],
    users: [{ name: 'u', user }],
    ...extra,
  });
}

async function applied(text: string, context?: string) {
  const connection = lightConnection({ kubeconfigYaml: text, ...(context ? { context } : {}) });
  if (connection === undefined) return undefined;
  const options: https.RequestOptions = {};
  await connection.applyToHTTPSOptions(options);
  return { server: connection.getCurrentCluster()?.server, options };
}

describe('lightConnection', () => {
  it('reads a token and CA data, and picks the current context', async () => {
    const ca = Buffer.from('-----BEGIN CERTIFICATE-----\nx\n-----END CERTIFICATE-----\n');
    const result = await applied(
      kubeconfig({ token: 'abc' }, { 'certificate-authority-data': ca.toString('base64') }),
    );
    expect(result?.server).toBe('https://127.0.0.1:6443');
    expect(result?.options.headers).toEqual({ Authorization: 'Bearer abc' });
    expect((result!.options.agent as https.Agent).options.ca).toEqual(ca);
  });

  it('reads YAML kubeconfigs, and flow-style YAML that is not JSON', async () => {
    const block = [
      'apiVersion: v1',
      'kind: Config',
      'current-context: main',
      'contexts: [{name: main, context: {cluster: c, user: u}}]',
      'clusters:',
      '  - name: c',
      '    cluster: {server: "https://10.0.0.1:6443"}',
      'users:',
      '  - name: u',
      '    user: {token: yaml-token}',
    ].join('\n');
    const flow =
      '{current-context: main, contexts: [{name: main, context: {cluster: c, user: u}}], ' +
      'clusters: [{name: c, cluster: {server: "https://10.0.0.2:6443"}}], users: [{name: u, user: {token: t}}]}';
    expect(await applied(block)).toMatchObject({
      server: 'https://10.0.0.1:6443',
      options: { headers: { Authorization: 'Bearer yaml-token' } },
    });
    expect((await applied(flow))?.server).toBe('https://10.0.0.2:6443');
  });

  it('honours another context when asked', async () => {
    const result = await applied(kubeconfig({ token: 'abc' }), 'other');
    expect(result?.server).toBe('https://127.0.0.2:6443');
  });

  it('reads files relative to the kubeconfig and a token file on every request (tokens rotate)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'conn-'));
    writeFileSync(join(dir, 'ca.crt'), 'CA');
    writeFileSync(join(dir, 'token'), 'first\n');
    const path = join(dir, 'config');
    writeFileSync(path, kubeconfig({ tokenFile: 'token' }, { 'certificate-authority': 'ca.crt' }));
    const connection = lightConnection({ kubeconfigPath: path })!;
    const first: https.RequestOptions = {};
    await connection.applyToHTTPSOptions(first);
    expect(first.headers).toEqual({ Authorization: 'Bearer first' });
    expect(String((first.agent as https.Agent).options.ca)).toBe('CA');
    writeFileSync(join(dir, 'token'), 'second');
    const second: https.RequestOptions = {};
    await connection.applyToHTTPSOptions(second);
    expect(second.headers).toEqual({ Authorization: 'Bearer second' });
  });

  it('passes client certificates, basic auth and insecure-skip-tls-verify through', async () => {
    const result = await applied(
      kubeconfig(
        {
          'client-certificate-data': Buffer.from('CERT').toString('base64'),
          'client-key-data': Buffer.from('KEY').toString('base64'),
          username: 'admin',
          password: 'secret',
        },
        { 'insecure-skip-tls-verify': true },
      ),
    );
    const agent = result?.options.agent as https.Agent;
    expect(String(agent.options.cert)).toBe('CERT');
    expect(String(agent.options.key)).toBe('KEY');
    expect(agent.options.rejectUnauthorized).toBe(false);
    expect(result?.options.auth).toBe('admin:secret');
  });

  it('builds one TLS context for all its connections, unless the material does not parse', async () => {
    const shared = await applied(kubeconfig({ token: 't' }));
    const context = (shared!.options.agent as https.Agent).options.secureContext;
    // The agent hands its options to every connection it opens: they all reuse this context.
    expect(context?.constructor.name).toBe('SecureContext');
    const garbage = await applied(
      kubeconfig({
        'client-certificate-data': Buffer.from('CERT').toString('base64'),
        'client-key-data': Buffer.from('KEY').toString('base64'),
      }),
    );
    expect((garbage!.options.agent as https.Agent).options.secureContext).toBeUndefined();
  });

  it('leaves exec plugins, auth providers and proxies to client-node', async () => {
    expect(lightConnection({ kubeconfigYaml: kubeconfig({ exec: { command: 'aws' } }) })).toBeUndefined();
    expect(
      lightConnection({ kubeconfigYaml: kubeconfig({ 'auth-provider': { name: 'oidc' } }) }),
    ).toBeUndefined();
    expect(
      lightConnection({ kubeconfigYaml: kubeconfig({ token: 't' }, { 'proxy-url': 'http://proxy:3128' }) }),
    ).toBeUndefined();
  });

  it('names what is missing', () => {
    expect(() =>
      lightConnection({ kubeconfigYaml: kubeconfig({}, {}, { 'current-context': 'gone' }) }),
    ).toThrow(/no current context/);
    expect(() => lightConnection({ kubeconfigPath: '/nonexistent/kubeconfig' })).toThrow(/does not exist/);
  });
});
